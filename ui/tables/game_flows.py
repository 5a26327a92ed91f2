"""The games whose flow does more than ``TableFlow``'s: who acts when, and their timed events.

- Checkmate: "last card" comes before any other action (ruling 6). A bot that owes it is asked
  first, before anyone else may act. A person (here or a friend on another device) who owes it
  while a bot or a friend is to move gets ``LAST_CARD_GRACE_MS`` before that seat moves: a
  ``grace`` countdown that holds the bots, the same mechanism as the engine's clock; a friend's
  action that arrives meanwhile waits for the end of the grace, as an action chosen ahead. A
  person who owes it while another person at this device is to move is asked first and may let
  the moment pass (``waive``).
- Check!: in the engine's lobby every person still to join joins (here or, having joined the
  room, on another device), and the Game Master starts, as soon as the rules allow (ruling 1:
  in seat order; the bots join in their own turn). The matching window is the engine's clock
  event after the ``match_seconds`` option (ruling 9); bots answer in it after their level's
  reaction delay (``engine.bots.check.reaction_ms``) scaled by the route's ``delay``, and at
  once in the lobby and the initial peek (ruling 8: bots have looked).

``new_flow`` builds the flow of any game.
"""

from __future__ import annotations

from typing import Any

from engine import Action
from engine.bots.check import reaction_ms
from engine.check import GAME_MASTER, Join, Start
from ui.app.play_setup import PlaySetup
from ui.app.routes import DEFAULT_DELAY_MS
from ui.tables.events import By, Settled
from ui.tables.flow import StalePosition, TableFlow, Timed, Timers

#: How long bots wait for a person who owes "last card" before the next of them moves.
LAST_CARD_GRACE_MS = 4000


class CheckmateFlow(TableFlow):
    def __init__(self, *args: Any, **kwargs: Any) -> None:  # TableFlow's arguments
        super().__init__(*args, **kwargs)
        #: (epoch, seat): a person who let their "last card" moment pass in hot-seat play.
        self.waived: tuple[int, int] | None = None
        #: The epoch whose grace for a person's "last card" has run out: the bot may move.
        self.graced: int | None = None

    def person_to_act(self) -> int | None:
        """While a bot owes "last card" no person acts (the bot says it next); then a person who
        owes it and has not let the moment pass; else the person whose action moves play on."""
        view = self.view(None)
        if any(seat in self.bots for seat in view["due"]):
            return None
        for seat in view["to_act"]:
            if seat in self.people and seat in view["due"] and self.waived != (self.epoch, seat):
                return seat
        return view["mover"] if view["mover"] in self.people else None

    def bot_to_act(self) -> int | None:
        """A bot that owes "last card" is asked first; else the bot whose move it is."""
        owing = next((seat for seat in self.view(None)["due"] if seat in self.bots), None)
        return owing if owing is not None else super().bot_to_act()

    def waive(self, seat: int) -> None:
        """The person of ``seat`` lets this "last card" moment pass (people at one device)."""
        if seat in self.people and seat in self.view(None)["due"]:
            self.waived = (self.epoch, seat)
            self.events.publish(Settled())

    def remote(self, seat: int) -> bool:
        """The seat is played from another device (a friend's)."""
        return seat not in self.people and seat not in self.bots

    def grace_running(self) -> bool:
        """A person owes "last card" and the bot or friend to act next would move the play on."""
        if self.paused or self.error or self.graced == self.epoch:
            return False
        view = self.view(None)
        due = view["due"]
        mover = self.bot_to_act()
        if mover is None and view["mover"] is not None and self.remote(view["mover"]):
            mover = view["mover"]
        return mover is not None and mover not in due and any(seat not in self.bots for seat in due)

    def act(self, seat: int, action: Action | str, *, ply: int | None = None, by: By = "person") -> None:
        """A friend's action during the grace for another's "last card" waits for its end."""
        if self.remote(seat) and self.in_grace() and seat not in self.view(None)["due"]:
            if ply is not None and ply != self.ply:
                raise StalePosition(f"action {str(action)!r} by seat {seat} was chosen at ply {ply}; "
                                    f"the game is at ply {self.ply}")
            chosen = self.parse(action)
            self.state.apply(seat, chosen)  # raises IllegalAction with the engine's reason
            self.play_when_due(seat, chosen)
            return
        super().act(seat, action, ply=ply, by=by)

    def in_grace(self) -> bool:
        """The bots are holding back for a person's "last card" now."""
        return self.countdown is not None and self.countdown.kind == "grace" and self.grace_running()

    def timed(self) -> Timed | None:
        if self.grace_running():
            epoch = self.epoch
            return Timed("grace", ("grace", epoch), LAST_CARD_GRACE_MS, lambda: self._end_grace(epoch),
                         holds_bots=True)
        return super().timed()

    def _end_grace(self, epoch: int) -> None:
        if self.epoch == epoch and not self.paused:
            self.graced = epoch
            self.schedule()
            self.events.publish(Settled())


class CheckFlow(TableFlow):
    def schedule(self) -> None:
        if not self.readonly and self.view(None)["phase"] == "lobby":
            joined = self.view(None)["joined"]
            # Friends on other devices joined in the room's lobby, whose start is the Game
            # Master's: the engine's lobby follows, in seat order.
            for seat in (seat for seat in range(len(self.seats)) if seat not in self.bots):
                if seat == GAME_MASTER:
                    self.ahead.setdefault(seat, Start())
                elif seat not in joined:
                    self.ahead.setdefault(seat, Join())
        super().schedule()

    def scaled(self, ms: float) -> float:
        """Bot reaction delays follow the route's ``delay`` (0 in tests: at once)."""
        return ms * self.setup.delay_ms / DEFAULT_DELAY_MS

    def clock_ms(self) -> float:
        return 1000 * int(self.view(None)["options"]["match_seconds"])

    def bot_delay_ms(self, seat: int) -> float:
        phase = self.view(None)["phase"]
        if phase in ("lobby", "peek"):
            return 0
        if phase == "matching":
            # A race: each level reacts after its own delay (the first match wins).
            return self.scaled(reaction_ms(self.seats[seat].level) + self.rngs[seat].uniform(0, 250))
        return super().bot_delay_ms(seat)


FLOWS: dict[str, type[TableFlow]] = {"checkmate": CheckmateFlow, "check": CheckFlow}


def new_flow(setup: PlaySetup, timers: Timers, **kwargs: Any) -> TableFlow:
    """The flow of ``setup``'s game (``TableFlow``'s keyword arguments pass through)."""
    return FLOWS.get(setup.game_id, TableFlow)(setup, timers, **kwargs)
