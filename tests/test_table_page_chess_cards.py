"""The Chess Cards table read from a page in CPython (``fake_page``): the Hint (a suggestion at
once, then the solver's exact answer), a sacrifice and Queen's Privilege as picks before the play,
refusals, two people at one device, a match held between its games with each game compared with
perfect play. The browser's half is tests/e2e/test_chess_cards_ui.py."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from fake_page import Page, opened


@pytest.fixture
def app() -> Iterator[Page]:
    yield from opened()


HAND = "[data-testid=hand-0]"


def answer_quickly(app: Page) -> None:
    """The person plays the first card offered and the bot answers, nothing else running
    meanwhile (the solver thinking ahead is cut short by the next click)."""
    ply = app.ply()
    app.click(f"{HAND} button[data-action]")
    app.step_until(lambda: app.ply() >= ply + 2 or app.over())


def test_the_hint_suggests_at_once_then_gives_the_best_play(app: Page) -> None:
    app.open("#/chess-cards/play?seats=human,bot:random&seed=7&sacrifice=0&delay=0&match=0&undo=0")
    assert app.text("[data-testid=status]") == "Your turn to lead."
    assert app.text("[data-testid=prompt]") == "Your lead: play any card."
    for _ in range(4):
        answer_quickly(app)
    hint = app.one("[data-cmd=hint]")
    assert not hint.disabled and hint.getAttribute("aria-pressed") == "false"
    app.click(hint)
    assert app.get("[data-cmd=hint]", "aria-pressed") == "true"
    box = app.one("[data-testid=hint]")
    # Before the solver's answer: a suggestion, and that the exact answer is on its way.
    assert box.getAttribute("aria-busy") == "true"
    assert app.text(box).startswith("HintSuggestion: "), app.text(box)
    assert "The exact answer is on its way" in app.text("[data-testid=hint-status]")
    app.advance(1)  # the solver's background work
    box = app.one("[data-testid=hint]")
    assert box.getAttribute("aria-busy") == "false" and box.getAttribute("data-advice") == "exact"
    text = app.text(box)
    assert re.match(r"HintBest: .+ with best play from both sides "
                    r"(this game is a draw|you (win|lose) this game by \d+)\.", text), text
    best = app.get("[data-testid=play-hint]", "data-action")
    assert app.find(f"{HAND} button.hinted[data-action='{best}']") is not None
    ply = app.ply()
    app.click("[data-testid=play-hint]")
    assert app.ply() == ply + 1
    assert app.find("[data-testid=hint]") is None  # the Hint belonged to the position before
    assert app.one("[data-cmd=hint]").disabled  # the bot is to act
    app.click("[data-cmd=hint]")
    assert app.find("[data-testid=hint]") is None


def test_a_sacrifice_and_queens_privilege_are_picks_before_the_play(app: Page) -> None:
    app.open("#/chess-cards/play?seats=human,bot:random&seed=7&delay=0&match=0&undo=0")
    assert app.text("[data-testid=picks]").startswith("Sacrifice a card…★ Queen’s Privilege: off")
    assert "Optional, before you play:" in app.text("[data-testid=picks]")
    app.click("[data-pick=sacrifice]")
    assert app.text("[data-testid=prompt]") == "Sacrifice, step 1 of 2: pick the card to put out of the game."
    assert app.text("[data-pick=sacrifice]") == "Cancel the sacrifice"
    picks = [element.getAttribute("data-pick") for element in app.all(f"{HAND} button[data-pick]")]
    assert picks and all(pick.startswith("sac:") for pick in picks)
    assert not app.actions()
    app.click(f"{HAND} button[data-pick='sac:bQ']")
    assert app.text("[data-testid=prompt]") == (
        "Sacrifice, step 2 of 2: the ♛︎bQ leaves the game; now pick the card to lead.")
    assert app.get(f"{HAND} [data-pick='sac:bQ']", "aria-pressed") == "true"
    assert app.actions() and all(action.startswith("(bQ)") for action in app.actions())
    # Another card instead, then back.
    app.click(f"{HAND} [data-pick='sac:bQ']")
    assert app.text("[data-testid=prompt]").startswith("Sacrifice, step 1 of 2")
    app.click(f"{HAND} button[data-pick='sac:bQ']")
    app.click("[data-pick=privilege]")
    assert app.text("[data-pick=privilege]") == "★ Queen’s Privilege: on"
    assert app.text("[data-testid=prompt]").endswith(
        "Queen’s Privilege is on: a queen you lead (★) demands a queen in reply.")
    app.click("[data-pick=privilege]")
    app.click(f"{HAND} button[data-action='(bQ)bR']")
    assert app.ply() == 1
    piles = app.text("[data-seat='0'] .cc-piles")
    assert piles == "Played♜︎bRSacrificed♛︎bQ", piles
    assert "sacrificed" in app.text("[data-testid=lead]")


def test_a_queen_led_with_the_privilege_demands_a_queen(app: Page) -> None:
    app.open("#/chess-cards/play?seats=human,bot:random&seed=7&delay=0&match=0&undo=0")
    app.click("[data-pick=privilege]")
    queens = [action for action in app.actions() if action.endswith("*")]
    assert queens, app.actions()
    app.click(f"{HAND} button[data-action='{queens[0]}']")
    assert "★ Queen’s Privilege" in app.text("[data-testid=lead]")
    assert app.find("[data-testid=lead] .privileged") is not None


def test_a_reply_that_does_not_answer_the_lead_says_why(app: Page) -> None:
    app.open("#/chess-cards/play?seats=bot:easy,human&seed=7&delay=0&sacrifice=0&match=0&undo=0")
    app.advance(1_000)  # the bot leads
    assert app.text("[data-testid=status]") == "Your turn to reply."
    assert app.text("[data-testid=prompt]") == "Your reply: follow the led suit if you can, else match its piece."
    refused = app.one("[data-testid=hand-1] button[data-try]")
    app.click(refused)
    assert app.alert(), "a reply that does not answer the lead says why"
    assert app.ply() == 1
    app.click("[data-testid=hand-1] button[data-action]")
    assert app.ply() == 2 and not app.alert()
    assert app.text("[data-testid=moves] tbody tr").startswith("1")


def test_two_people_at_one_device_see_everything_and_take_turns(app: Page) -> None:
    app.open("#/chess-cards/play?seats=human:Ann,human:Bob&seed=8&match=0&sacrifice=0")
    assert app.find("[data-testid=pass-screen]") is None  # nothing is hidden in Chess Cards
    assert app.find("[data-cmd=undo]") is None  # takebacks are for one person against bots
    assert app.text("[data-testid=status]") == "Ann: your turn to lead."
    app.click("[data-testid=hand-1] button[data-try]")
    assert app.alert() == "Not Bob’s turn: Ann to play."
    app.click("[data-testid=hand-0] button[data-action]")
    assert app.text("[data-testid=status]") == "Bob: your turn to reply."
    app.play_on()
    assert re.fullmatch(r"(Ann|Bob) wins\.|Draw\.", app.text("[data-testid=result] h2"))


def test_a_match_holds_game_one_and_compares_each_game_with_perfect_play(app: Page) -> None:
    app.open("#/chess-cards/play?seats=bot:random,bot:random&seed=5&delay=0&sacrifice=0")
    for _ in range(100):
        if app.find("[data-testid=game-result]") is not None:
            break
        app.advance(1_000)
    interlude = app.text("[data-testid=game-result]")
    assert interlude.startswith("Game 1 of 2 is overMate: Bot 2 (random) led the red pawn on move 7"), interlude
    assert app.text("[data-testid=breakdown]") == "7 (pawn) × 7 (move 7) = 49 points"
    assert "Match score: Bot 1 (random) 0 : 49 Bot 2 (random)" in interlude
    assert app.text("[data-testid=where]") == "Game 1/2 · over"
    final = app.text("[data-testid=final-position]")
    assert "Move 7 (last)" in final and "mate" in final
    assert app.text("[data-testid=game-scores]") == "game 1: 0 : 49"
    analysis = app.one("[data-testid=analysis][data-game='1']")
    assert analysis.getAttribute("data-status") == "done"
    assert re.fullmatch(r"Bot 1 \(random\): \d+ costly turns?, \d+ points given away; "
                        r"Bot 2 \(random\): (\d+ costly turns?, \d+ points given away|perfect play)\.",
                        app.text("[data-testid=analysis-summary]"))
    assert app.find("[data-testid=analysis] [data-loss]") is not None
    # A reload between the games comes back to the result, and compares the game again.
    app.reload()
    assert app.text("[data-testid=game-result]") == interlude
    app.advance(1)
    assert app.get("[data-testid=analysis][data-game='1']", "data-status") == "done"
    app.click("[data-testid=next-game]")
    assert app.text("[data-testid=where]").startswith("Game 2/2 · Move 1/10")
    for _ in range(100):
        if app.over():
            break
        app.advance(1_000)
    assert app.text("[data-testid=result] h2") == "Bot 1 (random) wins the match."
    assert app.text("[data-testid=final-score]") == "Match total: Bot 1 (random) 56 : 49 Bot 2 (random)"
    assert [app.text(heading) for heading in app.all("[data-testid=result] h3")] == ["Game 1", "Game 2"]
    app.advance(1)
    assert [element.getAttribute("data-game") for element in app.all("[data-testid=analysis]")] == ["2", "1"]
    assert app.text("[data-testid=status]") == "The game is over."


def test_after_a_game_against_a_bot_the_persons_turns_are_graded(app: Page) -> None:
    app.open("#/chess-cards/play?seats=human,bot:random&seed=4&sacrifice=0&match=0&delay=0&undo=0")
    app.play_on()
    app.click(f"{HAND} button[data-try]")  # the last card played, shown where the hand was
    assert app.alert() == "The game is over."
    app.advance(1)
    summary = app.text("[data-testid=analysis-summary]")
    assert summary.startswith("You: ") and "Bot (random): " in summary, summary


def test_a_match_reopened_between_games_shows_the_analysis_under_way(app: Page) -> None:
    app.open("#/chess-cards/play?seats=bot:random,bot:random&seed=5&delay=0&sacrifice=0")
    for _ in range(100):
        if app.find("[data-testid=game-result]") is not None:
            break
        app.advance(1_000)
    app.reload()
    # As after the game's last move: the panel is there, saying how far the comparison got.
    assert app.get("[data-testid=analysis][data-game='1']", "data-status") in ("queued", "running")


def test_an_empty_hand_at_the_end_promises_no_further_play(app: Page) -> None:
    app.open("#/chess-cards/play?seats=human,bot:random&seed=4&sacrifice=0&match=0&delay=0&undo=0")
    app.play_on()
    assert app.text(f"{HAND} .cc-note") == "No cards left in hand."
