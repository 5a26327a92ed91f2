"""tools/serve.py: the MIME types the page needs, its caching headers, and the service worker
that retires a built site's worker from the development server's address."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools.serve import RETIRE_SW, serve

ROOT = Path(__file__).resolve().parent.parent


def get(server: object, path: str) -> tuple[int, dict[str, str], bytes]:
    host, port = server.server_address[:2]  # type: ignore[attr-defined]
    connection = http.client.HTTPConnection(host, port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "app.wasm").write_bytes(b"\0asm")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "sw.js").write_text("// the real one", encoding="utf-8")
    return tmp_path


@pytest.fixture
def dev(site: Path) -> Iterator[object]:
    server = serve(site, "127.0.0.1", 0)
    yield server
    server.shutdown()
    server.server_close()


def test_types_and_no_cache_by_default(dev: object) -> None:
    status, headers, _ = get(dev, "/app.wasm")
    assert status == 200
    assert headers["content-type"] == "application/wasm"
    assert headers["cache-control"] == "no-cache"


def test_a_missing_sw_js_retires_the_worker_an_existing_one_is_served(dev: object) -> None:
    status, headers, body = get(dev, "/sw.js")
    assert status == 200 and headers["content-type"].startswith("text/javascript")
    assert body == RETIRE_SW.read_bytes()
    assert b"unregister()" in body
    assert get(dev, "/some/path/sw.js")[2] == RETIRE_SW.read_bytes()
    assert get(dev, "/sub/sw.js")[2] == b"// the real one"
    assert get(dev, "/other.js")[0] == 404


def test_max_age_as_a_static_host(site: Path) -> None:
    server = serve(site, "127.0.0.1", 0, max_age=600)
    try:
        assert get(server, "/app.wasm")[1]["cache-control"] == "max-age=600"
    finally:
        server.shutdown()
        server.server_close()
