"""The network under a room, in the page: WebRTC data channels through ``pwa/room-link.mjs``.

``room-link.mjs`` wraps PeerJS (vendored, loaded the first time a room opens): a broker only
introduces the devices, the messages go straight between them. This module is its Python face:
``HostLink`` opens a room under its code and hears each guest's connection; ``GuestLink`` joins
one, reconnecting by itself. Both hand text and connection events to plain Python callbacks and
send text; what the text means is ``ui.friends.protocol``'s.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ui.kit import settings

#: The glue module, relative to the page (the working tree and the built site alike).
ROOM_LINK = "./pwa/room-link.mjs"
#: The STUN server offered when the person set none: it finds a device's public address.
DEFAULT_STUN = "stun:stun.l.google.com:19302"

_MODULE: list[Any] = []


async def room_link() -> Any:
    """The glue module, imported once (relative to the page, so a subfolder works)."""
    if not _MODULE:
        from js import Function

        load = Function("url", "return import(new URL(url, document.baseURI).href)")
        _MODULE.append(await load(ROOM_LINK))
    return _MODULE[0]


def ice_servers(kept: dict[str, Any]) -> list[dict[str, str]] | None:
    """The ICE servers of the settings: a TURN server when the person gave one (for networks
    that block direct connections), beside the default STUN server; None: the glue's default."""
    turn = str(kept.get("turn_url", "")).strip()
    if not turn:
        return None
    server = {"urls": turn}
    if kept.get("turn_user"):
        server["username"] = str(kept["turn_user"])
    if kept.get("turn_password"):
        server["credential"] = str(kept["turn_password"])
    return [{"urls": DEFAULT_STUN}, server]


def _js(value: Any) -> Any:
    from js import Object
    from pyodide.ffi import to_js

    return to_js(value, dict_converter=Object.fromEntries)


class _Link:
    """What both ends share: the callbacks' proxies (freed on ``close``), the settings."""

    def __init__(self, code: str, broker: str, opener: str, on_status: Callable[[str, str], None],
                 **callbacks: Callable[..., None]) -> None:
        self.code = code
        self.broker = broker
        self.handle: Any = None
        self.on_status = on_status
        self.handlers: dict[str, Callable[..., None]] = {
            "status": lambda state, detail="": on_status(str(state), str(detail or "")), **callbacks}
        self.closed = False
        self._proxies: list[Any] = []
        self._started = asyncio.ensure_future(self._start(opener))

    def _handlers(self, callbacks: dict[str, Callable[..., None]]) -> Any:
        from pyodide.ffi import create_proxy

        proxies = {name: create_proxy(callback) for name, callback in callbacks.items()}
        self._proxies.extend(proxies.values())
        return _js(proxies)

    async def _start(self, opener: str) -> None:
        """Open the room or join it (``opener``: the glue's ``openRoom`` or ``joinRoom``); a
        failure is said through ``on_status``."""
        try:
            module = await room_link()
            handle = await getattr(module, opener)(self.code, self._settings(), self._handlers(self.handlers))
        except Exception as error:  # a rejected promise: the reason is the glue's, in words
            if not self.closed:
                self.on_status("failed", str(getattr(error, "message", error)))
            return
        if self.closed:
            handle.close()
        else:
            self.handle = handle

    def _settings(self) -> Any:
        return _js({"broker": self.broker, "iceServers": ice_servers(settings.read())})

    def close(self) -> None:
        self.closed = True
        if self.handle is not None:
            self.handle.close()
            self.handle = None
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies.clear()


class HostLink(_Link):
    """A room opened under ``code``: ``on_status(state, detail)`` (``open``, ``broker-lost``,
    ``failed``), ``on_connected(id)``, ``on_message(id, text)``, ``on_closed(id)``."""

    def __init__(self, code: str, broker: str, on_status: Callable[[str, str], None],
                 on_connected: Callable[[str], None], on_message: Callable[[str, str], None],
                 on_closed: Callable[[str], None]) -> None:
        super().__init__(code, broker, "openRoom", on_status,
                         connected=lambda connection: on_connected(str(connection)),
                         message=lambda connection, text: on_message(str(connection), str(text)),
                         closed=lambda connection: on_closed(str(connection)))

    def send(self, connection: str, text: str) -> bool:
        return bool(self.handle.send(connection, text)) if self.handle is not None else False

    def drop(self, connection: str) -> None:
        if self.handle is not None:
            self.handle.drop(connection)


class GuestLink(_Link):
    """A room joined by its ``code``: ``on_status(state, detail)`` (``connecting``,
    ``connected``, ``reconnecting``, ``unreachable``, ``failed``) and ``on_message(text)``."""

    def __init__(self, code: str, broker: str, on_status: Callable[[str, str], None],
                 on_message: Callable[[str], None]) -> None:
        super().__init__(code, broker, "joinRoom", on_status, message=lambda text: on_message(str(text)))

    def send(self, text: str) -> bool:
        return bool(self.handle.send(text)) if self.handle is not None else False
