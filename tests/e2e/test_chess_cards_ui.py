"""Chess Cards played through the browser UI, from seeded routes, with the conftest guard on.

Every test here also fails on a console error, a page error, a .py-error banner or a request
leaving 127.0.0.1 (tests/e2e/conftest.py). Moves are made the way a person makes them: by
clicking the ``button[data-action]`` elements, the first one offered each time.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import page_support as pages
from page_support import OpenApp, Shot, assert_fits, final_result, first_action, interlude, phone_game, play_out


def test_whole_match_against_a_bot(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/chess-cards/play?seats=human,bot:easy&seed=11&delay=0")
    expect(page.locator(pages.TABLE)).to_have_attribute("data-game-number", "1")
    shot(page, "chess-cards-table-1280")
    clicked = play_out(page, first_action)
    # Game 1 ended with a pause on its result; "next-game" dealt game 2 with the hands exchanged.
    assert clicked.count("next-game") == 1, clicked
    assert all(re.fullmatch(r"(\([bryw][QRBNP]\))?[bryw][QRBNP]\*?|next-game", a) for a in clicked), clicked
    result = page.locator(pages.RESULT)
    expect(result).to_be_visible()
    text = result.inner_text()
    assert "Game 1" in text and "Game 2" in text
    assert re.search(r"You \d+ : \d+ Bot \(easy\)", text), text
    assert re.search(r"(You win|Bot \(easy\) wins) the match|Drawn match", text), text
    assert page.locator(pages.ACTION).count() == 0  # nothing left to play
    # The panel says the match score once (each game below only shows how it was won).
    assert len(re.findall(r"\d+ : \d+", text)) == 1, text
    # The score sheet of the last game is on screen; bots and people are named in it.
    expect(page.locator("[data-testid=moves]")).to_contain_text("Bot (easy)")
    # Every card in it is a chip drawn like the table's cards, never bare notation.
    sheet = page.locator("[data-testid=moves]")
    assert sheet.locator(".chip[data-card]").count() >= 8
    bare = sheet.evaluate("""el => { const copy = el.cloneNode(true);
        copy.querySelectorAll('.chip').forEach(chip => chip.remove()); return copy.textContent; }""")
    assert not RAW_CARD.search(bare), bare
    shot(page, "chess-cards-result-1280")


def test_whole_match_on_a_phone(page: Page, open_app: OpenApp, shot: Shot) -> None:
    phone_game(page, open_app, shot, "#/chess-cards/play?seats=human,bot:random&seed=3&delay=0", "chess-cards",
               first_action)
    expect(page.locator(pages.RESULT)).to_contain_text("Game 2")
    assert_fits(page)
    shot(page, "chess-cards-result-360")


def test_game_result_pauses_bots_until_next_game(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/chess-cards/play?seats=bot:random,bot:random&seed=5&delay=0")
    game_result = interlude(page, 1, timeout_ms=30_000)
    expect(game_result).to_contain_text("Game 1 of 2 is over")
    # The bots stay paused: the table is paused (``interlude``) with nobody to act, so nothing
    # moves until the next game is dealt.
    expect(page.locator(pages.TABLE)).to_have_attribute("data-to-act", "")
    expect(game_result).to_be_visible()
    page.locator(pages.NEXT_GAME).click()
    expect(final_result(page, timeout_ms=30_000)).to_contain_text("Game 2")


def test_two_people_on_one_device(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/chess-cards/play?seats=human:Ann,human:Bob&seed=8&match=0")

    def whose_turn_is_shown(page: Page) -> str:
        seat = page.locator(pages.TABLE).get_attribute("data-to-act")
        name = ("Ann", "Bob")[int(seat)]
        active = page.locator(".cc-seat.cc-active")
        expect(active).to_have_count(1)
        expect(active).to_have_attribute("data-seat", seat)
        expect(active.locator(".tag-turn")).to_have_text(f"{name}’s turn")
        expect(page.locator("[data-testid=status]")).to_contain_text(f"{name}: your turn")
        # Only the seat to act has buttons that play.
        other = page.locator(f'.cc-seat[data-seat="{1 - int(seat)}"]')
        assert other.locator(pages.ACTION).count() == 0
        return first_action(page)

    shot(page, "chess-cards-hotseat-1280")
    clicked = play_out(page, whose_turn_is_shown)
    assert "next-game" not in clicked  # a single game
    result = page.locator(pages.RESULT)
    expect(result).to_contain_text(re.compile(r"Ann \d+ : \d+ Bob"))
    expect(result).to_contain_text(re.compile(r"(Ann|Bob) wins|Draw"))


def test_hint_shows_the_best_move(page: Page, open_app: OpenApp, shot: Shot) -> None:
    # Without sacrifices the solver answers the opening in a blink.
    open_app(page, "#/chess-cards/play?seats=human,bot:random&seed=7&sacrifice=0&delay=0")
    page.locator("[data-testid=hint-button]").click()
    hint = page.locator("[data-testid=hint]")
    expect(hint.locator(".play")).to_be_visible()  # at once: a suggestion, then the exact answer
    expect(hint).to_have_attribute("data-advice", "exact", timeout=60_000)
    expect(hint).to_have_attribute("aria-busy", "false")
    expect(hint).to_contain_text("Best:")
    expect(hint).to_contain_text(re.compile(r"draw|win|lose"))
    best = hint.locator(".play").get_attribute("data-notation")
    # The card the hint names is marked on the table, and it is a legal button.
    hinted = page.locator(f"{pages.ACTION}.hinted")
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("data-action") == best
    shot(page, "chess-cards-hint-1280")
    hinted.click()
    expect(hint).to_have_count(0)  # the hint belonged to the position before the move


#: How long the exact solver may take on a fresh deal with sacrifices on, in the page (measured
#: with bench/chess_cards_hint.py; generous for a loaded machine).
SOLVE_MS = 240_000


def test_with_sacrifices_the_hint_suggests_at_once_then_turns_exact(page: Page, open_app: OpenApp,
                                                                  shot: Shot) -> None:
    open_app(page, "#/chess-cards/play?seats=human,bot:perfect&seed=7&delay=0&match=0")
    page.locator("[data-testid=hint-button]").click()
    hint = page.locator("[data-testid=hint]")
    # At once (the click is handled in one go): a suggestion, said to be one, the solver at work.
    assert hint.get_attribute("data-advice") in ("rule", "light")
    assert hint.get_attribute("aria-busy") == "true"
    expect(hint).to_contain_text("Suggestion:")
    expect(hint.locator("[data-testid=hint-status] .thinking")).to_be_visible()
    expect(page.locator("[data-testid=hint-button]")).to_have_attribute("aria-pressed", "true")
    shot(page, "chess-cards-hint-suggestion-1280")
    expect(hint).to_have_attribute("data-advice", "exact", timeout=SOLVE_MS)
    expect(hint).to_have_attribute("aria-busy", "false")
    expect(hint).to_contain_text(re.compile(r"Best: .*(draw|win|lose)"))
    expect(hint.locator(".thinking")).to_have_count(0)
    shot(page, "chess-cards-hint-exact-1280")
    # "Play it" plays the move named (a sacrifice or the privilege included), and the hint
    # closes: it belonged to the position before.
    best = hint.locator(".play").get_attribute("data-notation") or ""
    card = re.search(r"[bryw][QRBNP](?=\*?$)", best)
    assert card, best
    page.locator("[data-testid=play-hint]").click()
    expect(hint).to_have_count(0)
    expect(page.locator(f"[data-testid=moves] .chip[data-card='{card[0]}']")).to_have_count(1)


def test_whole_match_against_the_perfect_bot(page: Page, open_app: OpenApp) -> None:
    """Sacrifices on (the default): the perfect bot searches exactly, saying that it is thinking
    meanwhile (every text the status line shows is recorded), and the match plays to its end."""
    open_app(page, "#/chess-cards/play?seats=human,bot:perfect&seed=7&delay=0")
    page.evaluate("""() => {
        window.__said = new Set();
        const note = () => {
            const line = document.querySelector('[data-testid=status]');
            if (line) window.__said.add(line.textContent);
        };
        new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    }""")
    clicked = play_out(page, first_action, timeout_ms=SOLVE_MS)
    assert clicked.count("next-game") == 1, clicked
    text = final_result(page).inner_text()
    assert "Game 1" in text and "Game 2" in text
    assert re.search(r"(You win|Bot \(perfect\) wins) the match|Drawn match", text), text
    said = page.evaluate("[...window.__said]")
    assert any("Bot (perfect) is thinking" in line for line in said), said


def test_sacrifice_and_queens_privilege_are_picks_before_the_play(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/chess-cards/play?seats=human,bot:random&seed=7&delay=0")
    # Seed 7 deals the black queen to seat 0, who leads.
    expect(page.locator('[data-action="bQ"]')).to_be_visible()
    prompt = page.locator("[data-testid=prompt]")
    picks = page.locator("[data-testid=picks]")
    # Before anything is chosen, the two optional first steps say what they do.
    expect(picks).to_contain_text("Optional, before you play")
    expect(picks).to_contain_text("Queen’s Privilege makes a queen you lead demand a queen")
    hand = page.locator("[data-testid=hand-0]")
    mark = "el => { el.__mark = 1 }"
    hand.locator("[data-card=bQ]").evaluate(mark)
    page.locator("[data-pick=sacrifice]").click()
    # Choosing what to sacrifice only selects: no button plays yet.
    expect(page.locator(pages.ACTION)).to_have_count(0)
    expect(prompt).to_contain_text("Sacrifice, step 1 of 2: pick the card to put out of the game")
    expect(page.locator("[data-pick=sacrifice]")).to_have_text("Cancel the sacrifice")
    expect(page.locator("[data-pick=sacrifice]")).to_have_attribute("aria-pressed", "true")
    assert page.locator('[data-pick^="sac:"]').count() == 10
    # Cancel goes back to a plain turn; then the sacrifice again, for real.
    page.locator("[data-pick=sacrifice]").click()
    expect(page.locator('[data-pick^="sac:"]')).to_have_count(0)
    expect(page.locator('[data-action="bQ"]')).to_be_visible()
    page.locator("[data-pick=sacrifice]").click()
    page.locator('[data-pick="sac:wP"]').click()
    expect(prompt).to_contain_text("Sacrifice, step 2 of 2: the")
    expect(prompt).to_contain_text("leaves the game; now pick the card to lead")
    expect(prompt.locator("[data-card=wP]")).to_have_count(1)
    expect(hand.locator('[data-card=wP][aria-pressed="true"]')).to_have_count(1)
    actions = page.locator(pages.ACTION).evaluate_all("els => els.map(e => e.dataset.action)")
    assert actions and all(a.startswith("(wP)") for a in actions), actions
    page.locator("[data-pick=privilege]").click()
    expect(page.locator("[data-pick=privilege]")).to_have_text("★ Queen’s Privilege: on")
    expect(prompt).to_contain_text("Queen’s Privilege is on")
    expect(page.locator('[data-action="(wP)bQ*"]')).to_be_visible()
    # Through the three picks the queen stayed the same element of the hand.
    assert hand.locator("[data-card=bQ]").evaluate("el => el.__mark") == 1
    shot(page, "chess-cards-picks-1280")
    page.locator('[data-action="(wP)bQ*"]').click()
    sheet = page.locator("[data-testid=moves]")
    expect(sheet.locator('[data-notation="(wP)bQ*"]')).to_have_count(1)
    expect(page.locator('.cc-seat[data-seat="0"] .cc-pile .chip-sac')).to_have_text(re.compile("wP"))
    lead = page.locator("[data-testid=lead]")
    expect(lead.locator("[data-card=bQ]")).to_be_visible()
    # The lead's two notes read apart ("Queen’s Privilege", then "sacrificed wP").
    expect(lead.locator(".cc-slot-note")).to_have_text(re.compile(r"Queen’s Privilege\s+sacrificed\s*\S*wP"))


#: A card named in notation (``bQ``) in running text: the table names it in words instead.
RAW_CARD = re.compile(r"\b[bryw][QRBNP]\b")
SUITS = {"b": "black", "r": "red", "y": "yellow", "w": "white"}
PIECES = {"Q": "queen", "R": "rook", "B": "bishop", "N": "knight", "P": "pawn"}


def test_a_reply_that_does_not_answer_the_lead_says_why(page: Page, open_app: OpenApp, shot: Shot) -> None:
    # The bot deals (seat 0) and leads; the person (seat 1, drawn at the bottom) replies.
    open_app(page, "#/chess-cards/play?seats=bot:easy,human&seed=7&delay=0&sacrifice=0")
    hand = page.locator("[data-testid=hand-1]")
    expect(hand.locator("button[data-action]").first).to_be_visible(timeout=30_000)
    led = page.locator("[data-testid=lead] [data-card]").get_attribute("data-card") or ""
    refused = hand.locator("button[data-try]")
    assert refused.count() > 0  # a lead leaves some cards of a ten-card hand out
    expect(refused.first).to_have_attribute("aria-disabled", "true")
    # Playwright counts aria-disabled as disabled and would wait: a person's click still lands.
    refused.first.click(force=True)
    alert = page.locator(f"{pages.TABLE} p[role=alert]")
    expect(alert).to_be_visible()
    text = alert.inner_text()
    # The engine's reason, with the led card named as the table names it.
    assert f"The reply to the {SUITS[led[0]]} {PIECES[led[1]]} must follow suit" in text, text
    assert not RAW_CARD.search(text), text
    shot(page, "chess-cards-refused-1280")
    # The refusal changed nothing: the legal replies are still offered, and one plays.
    hand.locator("button[data-action]").first.click()
    expect(alert).to_have_count(0)


def test_a_card_of_the_seat_not_to_act_says_whose_turn_it_is(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/chess-cards/play?seats=human:Ann,human:Bob&seed=8&match=0")
    expect(page.locator(pages.TABLE)).to_have_attribute("data-to-act", "0")
    bobs = page.locator("[data-testid=hand-1] button[data-card]")
    expect(bobs).to_have_count(10)  # Bob's cards are buttons while Ann plays, none of them plays
    assert page.locator("[data-testid=hand-1] button[data-action]").count() == 0
    bobs.first.click(force=True)  # aria-disabled: Playwright would wait, a person's click lands
    expect(page.locator(f"{pages.TABLE} p[role=alert]")).to_have_text("Not Bob’s turn: Ann to play.")
    # Ann's picks are hers: drawing Bob's hand (above hers) leaves her sacrifice under way.
    page.locator("[data-pick=sacrifice]").click()
    expect(page.locator('[data-testid=hand-0] [data-pick^="sac:"]')).to_have_count(10)
    expect(page.locator("[data-testid=prompt]")).to_contain_text("Sacrifice, step 1 of 2")


def test_stacked_deck_deals_as_the_engine_documents(page: Page, open_app: OpenApp) -> None:
    # Packets of five, the non-dealer (seat 1) first: deck[0:5]+deck[10:15] go to seat 1.
    deck = ["bQ", "bR", "bB", "bN", "bP", "rQ", "rR", "rB", "rN", "rP",
            "yQ", "yR", "yB", "yN", "yP", "wQ", "wR", "wB", "wN", "wP"]
    open_app(page, f"#/chess-cards/play?seats=human,human&seed=1&deck={','.join(deck)}")
    hand1 = page.locator('.cc-seat[data-seat="1"] .cc-hand .card').evaluate_all("els => els.map(e => e.dataset.card)")
    hand0 = page.locator('.cc-seat[data-seat="0"] .cc-hand .card').evaluate_all("els => els.map(e => e.dataset.card)")
    assert hand1 == deck[0:5] + deck[10:15]
    assert hand0 == deck[5:10] + deck[15:20]


def test_names_are_text_not_markup(page: Page, open_app: OpenApp) -> None:
    # Two people at the device: the seats show their names (one person alone reads "You").
    open_app(page, "#/chess-cards/play?seats=human:%3Cimg%20src%3Dx%3E,human:Bo&seed=2")
    expect(page.locator("[data-testid=name-0]")).to_have_text("<img src=x>")
    assert page.locator("#app img").count() == 0


def test_after_a_game_every_move_is_compared_with_perfect_play(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/chess-cards/play?seats=human,bot:random&seed=4&sacrifice=0&match=0&delay=0")
    clicked = play_out(page, first_action)
    analysis = page.locator("[data-testid=analysis]")
    expect(analysis).to_have_attribute("data-status", "done", timeout=120_000)
    cells = analysis.locator("td[data-loss]")
    # One verdict per turn played (a mating lead is a turn without a reply).
    plays = len([a for a in clicked if a != "next-game"])
    assert cells.count() >= plays
    losses = [int(x) for x in cells.evaluate_all("els => els.map(e => e.dataset.loss)")]
    assert all(loss >= 0 for loss in losses)
    expect(analysis.locator("[data-testid=analysis-summary]")).to_contain_text("You:")
    lost = analysis.locator("td.cc-loss")
    assert lost.count() == sum(1 for loss in losses if loss > 0)


@pytest.mark.parametrize("route", [
    "#/chess-cards/play?seats=human,bot:random&seed=9&privilege=0",
    "#/chess-cards/play?seats=human,bot:random&seed=9&sacrifice=0",
])
def test_options_hide_their_controls(page: Page, open_app: OpenApp, route: str) -> None:
    open_app(page, route)
    expect(page.locator(pages.ACTION).first).to_be_visible()
    if "privilege=0" in route:
        assert page.locator("[data-pick=privilege]").count() == 0
        assert page.locator(f'{pages.ACTION}[data-action$="*"]').count() == 0
        expect(page.locator("[data-pick=sacrifice]")).to_be_visible()
    else:
        assert page.locator("[data-pick=sacrifice]").count() == 0
        assert page.locator(".cc-pile-label", has_text="Sacrificed").count() == 0
