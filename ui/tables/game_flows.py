"""The games whose flow does more than ``TableFlow``'s: who acts when, and their timed events.

- Checkmate: "last card" comes before any other action (ruling 6). A bot that owes it is asked
  first, before anyone else may act. A person who owes it while a bot is to move gets
  ``LAST_CARD_GRACE_MS`` before that bot moves: a ``grace`` countdown that holds the bots, the
  same mechanism as the engine's clock. A person who owes it while another person is to move is
  asked first and may let the moment pass (``waive``).
- Check!: in the engine's lobby every person still to join joins, and the Game Master starts, as
  soon as the rules allow (ruling 1: in seat order; the bots join in their own turn). The matching
  window is the engine's clock event after the ``match_seconds`` option (ruling 9); bots answer in
  it after their level's reaction delay (``engine.bots.check.reaction_ms``) scaled by the route's
  ``delay``, and at once in the lobby and the initial peek (ruling 8: bots have looked).

``new_flow`` builds the flow of any game.
"""

from __future__ import annotations

from typing import Any

from engine.bots.check import reaction_ms
from engine.check import GAME_MASTER, Join, Start
from ui.app.routes import DEFAULT_DELAY_MS, PlaySetup
from ui.tables.flow import TableFlow, Timed, Timers

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
            self.listener.flow_changed()

    def grace_running(self) -> bool:
        """A person owes "last card" and the next bot to act would move the play on."""
        if self.paused or self.error or self.graced == self.epoch:
            return False
        due = self.view(None)["due"]
        bot = self.bot_to_act()
        return bot is not None and bot not in due and any(seat in self.people for seat in due)

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
            self.listener.flow_changed()


class CheckFlow(TableFlow):
    def schedule(self) -> None:
        if not self.readonly and self.view(None)["phase"] == "lobby":
            joined = self.view(None)["joined"]
            for seat in self.people:
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
