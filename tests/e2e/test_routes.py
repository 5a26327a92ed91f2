"""Every screen has a route; a route that cannot be followed explains itself on the page.

The conftest guard also fails each test on console errors and on requests leaving 127.0.0.1.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from page_support import GAME_IDS, PHONE, TABLE, OpenApp, Shot, assert_fits


def go(page: Page, route: str) -> None:
    """Follow a route inside the running app (a hash change, no reload)."""
    page.evaluate("route => { location.hash = route }", route)
    page.wait_for_function("route => location.hash === route", arg=route)


def test_gallery_lists_five_games_each_a_link_to_its_setup(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/")
    games = page.locator("#app [data-game]")
    assert games.evaluate_all("els => els.map(e => e.dataset.game)") == list(GAME_IDS)
    for game in GAME_IDS:
        item = page.locator(f'#app [data-game="{game}"]')
        expect(item.locator("a.game-card")).to_have_attribute("href", f"#/{game}")
        # Its own picture, named for screen readers; its own line of links (the links of the
        # five games once ran together on one line).
        picture = item.locator("a.game-card svg.game-picture[role=img]")
        expect(picture).to_have_attribute("aria-label", re.compile(r"\w+ \w+ \w+"))
        links = item.locator(".game-links a")
        assert links.evaluate_all("els => els.map(e => e.getAttribute('href'))") == [
            f"#/{game}/rules", f"#/{game}/play?seats=human,bot", f"#/{game}/learn"], game
        box, card = item.bounding_box(), item.locator("a.game-card").bounding_box()
        assert box and card and item.locator(".game-links").bounding_box()["y"] >= card["y"] + card["height"] - 1
    page.locator('#app [data-game="checks"] .game-links a', has_text="Rules").click()
    expect(page.locator("[data-testid=rules] h1")).to_have_text("Checks")
    assert page.url.endswith("#/checks/rules")
    page.go_back()
    page.locator('#app [data-game="chess-cards"] a.game-card').click()
    expect(page.locator("[data-testid=setup]")).to_be_visible()


def test_rules_page_renders(page: Page, open_app: OpenApp, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, "#/chess-cards/rules")
    rules = page.locator("[data-testid=rules]")
    expect(rules.locator("h1")).to_have_text("Chess Cards (MATE)")
    for heading in ("The cards", "Queen's Privilege", "Sacrifices", "Overmate", "Notation"):
        expect(rules.locator("h2", has_text=heading)).to_be_visible()
    # The rulings where the original text is silent are spelled out.
    text = rules.inner_text()
    for ruling in ("needs a card left to play", "after the sacrifice", "Both hands empty"):
        assert ruling in text, ruling
    # Card notation is drawn as cards; links stay inside the app.
    assert rules.locator(".chip[data-card=bQ]").count() >= 1
    hrefs = rules.locator("a[href]").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert hrefs and all(h.startswith("#/") for h in hrefs), hrefs
    assert_fits(page)
    shot(page, "chess-cards-rules-360")


def test_setup_builds_a_linkable_play_route(page: Page, open_app: OpenApp, shot: Shot) -> None:
    open_app(page, "#/chess-cards")
    setup = page.locator("[data-testid=setup]")
    expect(setup).to_be_visible()
    shot(page, "chess-cards-setup-1280")
    page.locator("[data-testid=hotseat]").check()
    expect(page.locator("[data-testid=seat-1]")).to_have_value("human")
    page.locator("#seat-name-0").fill("Ann")
    page.locator("#seat-name-1").fill("Bob")
    page.locator("#option-match").uncheck()
    page.locator("#seed").fill("4242")
    page.locator("[data-testid=start]").click()
    expect(page.locator(TABLE)).to_be_visible()
    saved = saved_game(page, "chess-cards")
    assert [seat["name"] for seat in saved["seats"]] == ["Ann", "Bob"], saved
    assert saved["record"]["seed"] == 4242 and saved["record"]["options"]["match"] is False, saved
    expect(page.locator("[data-testid=name-0]")).to_have_text("Ann")
    expect(page.locator("[data-testid=where]")).to_contain_text("Single game")


def test_setup_sets_the_seat_count_and_valued_options(page: Page, open_app: OpenApp) -> None:
    """A game for 2-4 seats: the count adds bot seats, a series length is a list; the route
    carries both and the table deals to every seat."""
    open_app(page, "#/checkmate")
    expect(page.locator("[data-testid=seat-1]")).to_be_visible()
    expect(page.locator("[data-testid=seat-2]")).to_have_count(0)
    page.locator("[data-testid=seat-count]").select_option("4")
    expect(page.locator("[data-testid=seat-3]")).to_have_value(re.compile(r"^bot:"))
    page.locator("[data-testid=seat-2]").select_option("bot:random")
    page.locator("#option-games").select_option("3")
    page.locator("#seed").fill("77")
    page.locator("[data-testid=start]").click()
    expect(page.locator(TABLE)).to_be_visible()
    saved = saved_game(page, "checkmate")
    assert [seat["level"] for seat in saved["seats"]][2] == "random" and len(saved["seats"]) == 4, saved
    assert saved["record"]["options"]["games"] == 3 and saved["record"]["seed"] == 77, saved


def test_setup_offers_every_bot_level(page: Page, open_app: OpenApp) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, "#/chess-cards")
    values = page.locator("[data-testid=seat-1] option").evaluate_all("els => els.map(e => e.value)")
    assert values[0] == "human" and "bot:random" in values, values
    assert_fits(page)


def test_a_new_game_is_named_by_its_saved_id_never_its_seed(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/chess-cards/play?seats=human,bot:random&seed=4242")
    expect(page.locator(TABLE)).to_be_visible()
    saved = saved_game(page, "chess-cards")
    assert saved["record"]["seed"] == 4242 and "4242" not in page.url


def saved_game(page: Page, game: str) -> dict:
    """The saved game the address names (``#/<game>/play?id=<id>``), as stored."""
    hash_ = page.evaluate("location.hash")
    found = re.fullmatch(rf"#/{game}/play\?id=([a-z0-9]+)", hash_)
    assert found, hash_
    return json.loads(page.evaluate("key => localStorage.getItem(key)", f"five-checks:game:{found.group(1)}"))


def test_same_route_same_deal(page: Page, open_app: OpenApp) -> None:
    route = "#/chess-cards/play?seats=human,human&seed=31337"
    hands = []
    for _ in range(2):
        page.goto("about:blank")  # a real reload, not a same-document hash change
        open_app(page, route)
        hands.append(page.locator(".cc-hand .card").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert hands[0] == hands[1] and len(hands[0]) == 20


BAD_PLAY_ROUTES = [
    ("seats=human,bot:nope", "no bot level 'nope'"),
    ("seats=human", "needs 2 seats"),
    ("seats=human,robot", "none of human"),
    ("seats=human,bot&seed=abc", "not a whole number"),
    ("seats=human,bot&privilege=maybe", "privilege"),
    ("seats=human,bot&deck=bQ,bQ", "stacked deck"),
    ("seats=human,bot&deck=bQ,rR,xZ", "invalid card"),
    ("seats=human,bot&colour=blue", "parameter 'colour'"),
]


def test_bad_play_route_shows_an_error_with_a_way_back(page: Page, open_app: OpenApp) -> None:
    open_app(page, f"#/chess-cards/play?{BAD_PLAY_ROUTES[0][0]}")
    for query, problem in BAD_PLAY_ROUTES:
        go(page, f"#/chess-cards/play?{query}")
        error = page.locator("[data-testid=error]")
        expect(error).to_be_visible()
        expect(error.locator("h1")).to_have_text("This game cannot start")
        expect(error).to_contain_text(problem)
        assert "Traceback" not in page.locator("#app").inner_text()
        expect(error.locator('a[href="#/chess-cards"]')).to_be_visible()
        expect(page.locator(TABLE)).to_have_count(0)
    # The way back works.
    page.locator('[data-testid=error] a[href="#/chess-cards"]').click()
    expect(page.locator("[data-testid=setup]")).to_be_visible()


def test_unknown_route_is_not_found(page: Page, open_app: OpenApp) -> None:
    open_app(page, "#/no-such-game")
    error = page.locator("[data-testid=error]")
    expect(error.locator("h1")).to_have_text("Page not found")
    error.locator('a[href="#/"]').click()
    expect(page.locator("#app [data-game=chess-cards]")).to_be_visible()


def test_error_page_fits_a_phone(page: Page, open_app: OpenApp, shot: Shot) -> None:
    page.set_viewport_size(PHONE)
    open_app(page, "#/chess-cards/play?seats=human,bot:nope")
    expect(page.locator("[data-testid=error]")).to_be_visible()
    assert_fits(page)
    shot(page, "route-error-360")
