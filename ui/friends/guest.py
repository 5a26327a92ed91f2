"""A guest's side of a room: the game as the views from the host show it (``GuestFlow``).

A guest's table is a table like any other, drawn from a flow's ``view(seat)`` and legal actions;
here they are what the host last sent (``ui.friends.protocol``): the guest holds no deck, no seed
and no record until the game is over. An action is sent to the host (``send``) for the ply it was
chosen at, and takes effect when the host's next view arrives; a refusal arrives with the host
engine's reason.

The engine still reads the guest's notation: ``game.from_view`` builds a position consistent with
the view (hidden cards filled in at random, never shown) so that the legal actions' notation
parses into the engine's own ``Action`` values and the tables draw them by their types.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from engine import GAMES, Action, IllegalAction, Record, State
from ui.friends.protocol import act_message
from ui.tables.flow import FlowListener


class GuestFlow:
    """The flow of a guest's table: ``receive`` the host's messages, ``act`` sends an action."""

    def __init__(self, game_id: str, seat: int, names: list[str], send: Callable[[dict[str, Any]], None]) -> None:
        self.game = GAMES[game_id]
        self.seat = seat
        self.names = names
        self.send = send
        self.listener = FlowListener()
        self.people: tuple[int, ...] = (seat,)
        self.bots: dict[int, Any] = {}
        self.bottom = seat
        self.ply = -1
        self._view: dict[str, Any] = {}
        self._legal: tuple[Action, ...] = ()
        self.state: State | None = None
        #: The host's reason for the last action it refused, until the next view.
        self.refused = ""
        #: The game's record, once the game is over and the host has sent it.
        self.final: Record | None = None
        self.error = ""
        self.thinking: int | None = None
        self.undo_offered = False
        self.save_problem = ""

    # -- what arrives --------------------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        """A checked message from the host (``protocol.decode``)."""
        kind = message["type"]
        if kind == "view" and message["seat"] == self.seat and message["game"] == self.game.id:
            self.ply = message["ply"]
            self._view = message["view"]
            self.state = self.game.from_view(self._view, random.Random(self.ply))
            self._legal = tuple(self.game.parse_action(self.state, text) for text in message["legal"])
            self.refused = ""
            self.listener.flow_moved()
            self.listener.flow_changed()
        elif kind == "refused":
            self.refused = message["reason"]
            self.listener.flow_changed()
        elif kind == "record":
            self.final = Record.from_json(json.dumps(message["record"]))
            self.listener.flow_changed()

    # -- the table's questions -----------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """The view the host sent: the guest's own, whoever the table asks for."""
        return self._view

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return self._legal if seat == self.seat else ()

    def to_act(self) -> tuple[int, ...]:
        return tuple(self._view.get("to_act", ()))

    def person_to_act(self) -> int | None:
        return self.seat if self.seat in self.to_act() else None

    def bot_to_act(self) -> int | None:
        return None

    def games_finished(self) -> int:
        return len(self._view.get("finished", ()))

    @property
    def paused(self) -> bool:
        return False

    def act(self, seat: int, action: Action | str, *, ply: int | None = None) -> None:
        """Send the guest's action to the host, for the position it was chosen at. Raises
        IllegalAction for another seat's action (the host decides on the guest's own)."""
        if seat != self.seat:
            raise IllegalAction(f"illegal action {str(action)!r} by seat {seat}: this device plays seat {self.seat}")
        self.send(act_message(self.ply if ply is None else ply, action))
