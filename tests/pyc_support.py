"""Reading the ``.pyc`` files that tools/pyodide_compile.py makes for Pyodide's Python."""

from __future__ import annotations

import _imp

#: PEP 552 flags: hash-based (bit 0), checked against the source (bit 1).
HASH_BASED_UNCHECKED = 0b01


def pyc_header(pyc: bytes, source: bytes) -> tuple[bytes, int]:
    """A .pyc's magic number and flags, once its header is checked to hash ``source``. The hash
    is keyed by the magic number (PEP 552), so this Python can check another version's."""
    magic, flags, source_hash = pyc[:4], int.from_bytes(pyc[4:8], "little"), pyc[8:16]
    assert source_hash == _imp.source_hash(int.from_bytes(magic, "little"), source), "not this source's"
    return magic, flags
