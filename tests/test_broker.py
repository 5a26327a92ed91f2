"""tools/broker.py: the project's PeerJS broker starts, answers, refuses a port in use and stops;
and what ``HOST=0.0.0.0 make play`` prints for the other devices (tools/serve.py).

The link itself, through this broker, is tested in real pages: tests/e2e/test_room_link.py."""

from __future__ import annotations

import re
import socket

import pytest

from tools import broker as broker_module
from tools.broker import Broker, BrokerError, free_port, lan_address, url_host
from tools.serve import invitation


def test_the_broker_answers_until_stopped() -> None:
    with Broker("127.0.0.1", 0) as running:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", running.url)
        assert running.port != 0 and running.answers()
        with pytest.raises(BrokerError, match="in use"):
            Broker("127.0.0.1", running.port).start()
        process = running.process
        assert process is not None
    assert process.poll() is not None, "stopped on leaving the block"
    assert not running.answers()
    running.stop()  # twice is fine


def test_a_missing_install_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(broker_module, "PEERJS", broker_module.ROOT / "node_modules" / ".bin" / "no-such-peerjs")
    with pytest.raises(BrokerError, match="npm ci"):
        Broker("127.0.0.1", 0).start()


def test_addresses() -> None:
    assert url_host("0.0.0.0") == "127.0.0.1" and url_host("::1") == "[::1]" and url_host("10.0.0.5") == "10.0.0.5"
    assert Broker("0.0.0.0", 9000).url == "http://127.0.0.1:9000/"
    socket.inet_aton(lan_address())  # an IPv4 address, 127.0.0.1 at worst
    port = free_port()
    assert 0 < port < 65536 and broker_module.port_is_free("127.0.0.1", port)


def test_the_invitation_names_this_machine_and_its_broker() -> None:
    ip = lan_address()
    assert invitation("0.0.0.0", 8000, 9000) == (
        f"On a phone or another computer on the same network, open: http://{ip}:8000/#/?broker=http://{ip}:9000/")
    assert invitation("192.168.1.20", 8000, None).endswith("open: http://192.168.1.20:8000/")
