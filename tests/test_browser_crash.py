"""``tools/browser.py`` reads why a Chromium process crashed from its crash dump: the signal, the
address, and where the faulting instruction is (module and offset, the same from run to run)."""

from __future__ import annotations

import struct
from pathlib import Path

from tools.browser import read_minidump

SIGSEGV = 11
SEGV_ACCERR = 2


def minidump(*, pc: int, address: int, modules: list[tuple[int, int, str]]) -> bytes:
    """A minidump with an exception stream (an x86-64 thread context) and a module list."""
    header_size, entry_size = 32, 12
    directory = header_size
    body = bytearray()
    start = directory + 2 * entry_size

    context = bytearray(1232)  # MINIDUMP_CONTEXT_AMD64
    struct.pack_into("<I", context, 48, 0x00100000 | 0x1)  # CONTEXT_AMD64 | CONTEXT_CONTROL
    struct.pack_into("<Q", context, 248, pc)
    exception = bytearray(8 + 152 + 8)
    struct.pack_into("<IIIIQQ", exception, 0, 1234, 0, SIGSEGV, SEGV_ACCERR, 0, address)
    exception_rva = start
    context_rva = exception_rva + len(exception)
    struct.pack_into("<II", exception, 160, len(context), context_rva)
    body += exception + context

    names = bytearray()
    names_rva = start + len(body) + 4 + 108 * len(modules)
    module_list = bytearray(struct.pack("<I", len(modules)))
    for base, size, name in modules:
        encoded = name.encode("utf-16-le")
        entry = bytearray(108)
        struct.pack_into("<QIIII", entry, 0, base, size, 0, 0, names_rva + len(names))
        module_list += entry
        names += struct.pack("<I", len(encoded)) + encoded
    modules_rva = start + len(body)
    body += module_list + names

    header = struct.pack("<4sIII", b"MDMP", 0xA793, 2, directory) + bytes(header_size - 16)
    entries = struct.pack("<III", 6, len(exception), exception_rva) + struct.pack(
        "<III", 4, len(module_list), modules_rva)
    return header + entries + bytes(body)


def test_a_crash_names_its_signal_address_and_the_module_offset_of_the_fault(tmp_path: Path) -> None:
    path = tmp_path / "renderer.dmp"
    path.write_bytes(minidump(pc=0x5566_2CDE_F6BD, address=0x11D9_217C_F000,
                              modules=[(0x7F00_0000_0000, 0x1000, "/usr/lib/libc.so.6"),
                                       (0x5566_2318_A000, 0x1000_0000, "/usr/lib/chromium/chromium")]))
    report = read_minidump(path)
    assert (report.signal, report.signal_code, report.address) == (SIGSEGV, SEGV_ACCERR, 0x11D9_217C_F000)
    assert report.pc == "chromium+0x9c656bd"
    assert report.reason() == "browser: SIGSEGV at 0x11d9217cf000 (pc=chromium+0x9c656bd)"


def test_a_fault_outside_every_module_is_given_as_its_address(tmp_path: Path) -> None:
    path = tmp_path / "jit.dmp"
    path.write_bytes(minidump(pc=0x2DDF_8BCA_631B, address=0, modules=[(0x5566_0000_0000, 0x1000, "chromium")]))
    assert read_minidump(path).pc == "0x2ddf8bca631b"


def test_a_file_cut_short_gives_a_report_that_says_so(tmp_path: Path) -> None:
    path = tmp_path / "cut.dmp"
    path.write_bytes(minidump(pc=1, address=2, modules=[])[:40])
    assert read_minidump(path).keys == {"unreadable": "error"}
