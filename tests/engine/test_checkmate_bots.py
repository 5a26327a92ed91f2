"""Checkmate bots: legal, say "last card" when due, deterministic, sliced, and blind to hidden cards.

Every bot gets only what a seat may see: ``state.view(seat)`` sent through JSON, the legal actions
and a seeded ``random.Random``. Positions come from seeded games for 2, 3 and 4 seats played by
the easy level (so they include King calls, draws and announcements). Strength and think time are
measured in ``bench/checkmate_bots.py``, not asserted here.
"""

from __future__ import annotations

import copy
import math
import random

import pytest

from checkmate_helpers import deal, play, race
from engine import GAMES, Action, State
from engine.bots import get_bot, levels
from engine.bots.checkmate import (
    Branch,
    HardBot,
    Table,
    checkmate_state,
    hand_slots,
    known_lacks,
    plays_likelihood,
    resampled,
    rollout_choice,
    rule_of_thumb,
    speaker_first,
    table_dealer,
)
from engine.checkmate import Announce, Card, Give, Play, matches
from engine.core import evolve
from engine.playing_cards import CARDS, KING
from support import BUDGET_MS, decide, json_view, positions

GAME = GAMES["checkmate"]
LEVELS = levels("checkmate")
EASY = get_bot("checkmate", "easy")


#: The seat a table asks first: one that owes "last card", else the one to move.
actor = speaker_first


def easy(state: State, seat: int, rng: random.Random) -> Action:
    """The easy level as a playout policy (its seeded games have King calls, draws and
    announcements)."""
    return EASY.choose(GAME, json_view(state, seat), state.legal_actions(seat), rng, BUDGET_MS)


def easy_positions(players: int, seeds: range, every: int = 3) -> list:
    """Live positions of seeded games played by the easy level, every ``every``-th one."""
    return positions("checkmate", seeds, easy, every=every, players=players, actor=actor)


def choice_positions(players: int) -> list:
    """Positions where the seat to move has a real choice (several cards or several Kings)."""
    return [state for state in easy_positions(players, range(3), every=1)
            if len([a for a in state.legal_actions(actor(state)) if isinstance(a, (Play, Give))]) > 1]


def test_the_levels_weakest_first() -> None:
    assert LEVELS == ("random", "easy", "hard")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["random", "easy"])
def test_cheap_levels_always_choose_a_legal_action(level: str, players: int) -> None:
    for number, state in enumerate(easy_positions(players, range(4))):
        seat = actor(state)
        assert decide(level, state, seat, number) in state.legal_actions(seat)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_chooses_a_legal_action(players: int) -> None:
    for number, state in enumerate(choice_positions(players)[:4]):
        seat = actor(state)
        assert decide("hard", state, seat, number) in state.legal_actions(seat)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_says_last_card_when_due(level: str) -> None:
    state = race(["7H", "3H 9S", "4H 9C"], top="2H", announce=False)
    assert state.to_act() == (1, 0)
    assert decide(level, state, 0) == Announce()
    # And the seat to move, asked with its own announcement due, says it before playing.
    state = state.apply(0, "last").apply(1, "3H")
    assert Announce() in state.legal_actions(1)
    assert decide(level, state, 1) == Announce()


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_and_seed_same_decision(level: str) -> None:
    for state in choice_positions(3)[:3]:
        seat = actor(state)
        assert decide(level, state, seat, 5) == decide(level, state, seat, 5)


@pytest.mark.parametrize("level", LEVELS)
def test_no_bot_sees_the_hidden_cards(level: str) -> None:
    """Two states that differ only in cards the seat cannot see (other hands, the fan) give the
    same decision with the same rng: a bot decides from its view alone."""
    checked = 0
    for number, state in enumerate(choice_positions(4)[:4]):
        seat = actor(state)
        other = GAME.determinize(state, seat, random.Random(number + 100))
        hidden = [f"hand{s}" for s in range(state.players) if s != seat] + ["stock"]
        assert any(state.zones()[zone] != other.zones()[zone] for zone in hidden)
        assert other.view(seat) == state.view(seat)
        real = decide(level, state, seat, number)
        assert decide(level, other, seat, number) == real
        checked += 1
    assert checked


def test_hard_thinks_in_slices() -> None:
    state = choice_positions(2)[0]
    seat = actor(state)
    legal = state.legal_actions(seat)
    thinking = get_bot("checkmate", "hard").think(GAME, json_view(state, seat), legal,
                                                  random.Random(1), BUDGET_MS)
    slices = 0
    try:
        while True:
            next(thinking)
            slices += 1
    except StopIteration as done:
        chosen = done.value
    assert chosen in legal and slices >= 2


def test_easy_plays_a_card_the_next_seat_had_to_draw_on() -> None:
    # Seat 1 had to draw on 5H, so it holds no heart and no five: 9H makes it draw again.
    state = deal(["5H 9H 5C 2S 3S 4S 6S 7S 8S 10S", "2C 3C 4C 6C 7C 2D 3D 4D 6D 7D"], stock="8C")
    state = play(state, "0:5H 1:draw:1")
    assert {str(a) for a in state.legal_actions(0)} == {"9H", "5C"}
    for seed in range(5):
        assert str(decide("easy", state, 0, seed)) == "9H"


def test_hard_deals_no_seat_a_card_its_draws_showed_it_lacks() -> None:
    # Seat 1 had to draw on 5H: it held no card that fits 5H then, and a uniform deal of the
    # unseen cards would hand it some most of the time.
    state = deal(["5H 9H 5C 2S 3S 4S 6S 7S 8S 10S", "2C 3C 4C 6C 7C 2D 3D 4D 6D 7D"], stock="8C")
    state = play(state, "0:5H 1:draw:1")
    view = json_view(state, 0)
    lacks = {card.index for card in known_lacks(view, 1)}
    assert Card.parse("KH").index in lacks and Card.parse("5D").index in lacks
    deal_one = table_dealer(GAME, view)
    uniform = GAME.dealer_for(view)
    rng = random.Random(3)
    for _ in range(30):
        dealt = deal_one(rng)
        assert not set(dealt.hands[1]) & lacks
        assert dealt.hands[0] == [Card.parse(name).index for name in view["hand"]]
        assert len(dealt.hands[1]) == view["hand_sizes"][1]
    assert any({card.index for card in checkmate_state(uniform(rng)).hands[1]} & lacks
               for _ in range(30))


def test_hard_remembers_what_a_hand_lacked_before_its_last_draw() -> None:
    """A card drawn and kept may be anything the top card then did not take, but the cards the
    seat held before still lack what its earlier draws showed."""
    state = deal(["5H 9H 5C 2S 3S 4S 6S 7S 8S 10S", "2C 3C 4C 7C 2D 3D 4D 6D 9D 8D"],
                 stock="10C QD")
    state = play(state, "0:5H 1:draw:1 0:5C 1:7C 0:7S 1:draw:1")
    view = json_view(state, 0)
    slots = hand_slots(view, 1)
    assert len(slots) == view["hand_sizes"][1] == 11
    hearts = {Card.parse(name).index for name in "2H 9H QH RJ".split()}
    sevens = {card.index for card in CARDS if matches(card, Card.parse("7S"))}
    # Every card of the hand lacks what fits 7S (its last draw); all but the card drawn then
    # lack the hearts too (its first draw, on 5H).
    assert all(sevens <= slot for slot in slots)
    assert sum(hearts <= slot for slot in slots) == 10
    deal_one = table_dealer(GAME, view)
    rng = random.Random(4)
    for _ in range(20):
        held = set(deal_one(rng).hands[1])
        assert not held & sevens and len(held & hearts) <= 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_rollout_chooses_as_the_rule_of_thumb_without_listing_the_draws(players: int) -> None:
    """The search's rollout picks its action without listing every draw of the fan; given the
    same generator it must pick what ``rule_of_thumb`` picks from the listed legal actions."""
    checked = 0
    for state in easy_positions(players, range(2), every=2):
        seat = actor(state)
        for seed in range(2):
            listed = rule_of_thumb(state.hands[seat], state.legal_actions(seat), players,
                                   random.Random(seed))
            assert rollout_choice(state, seat, random.Random(seed)) == listed
            checked += 1
    assert checked > 40


def test_hard_reshuffles_only_what_the_seat_cannot_see() -> None:
    state = choice_positions(3)[0]
    seat = actor(state)
    view = json_view(state, seat)
    deal_one = table_dealer(GAME, view)
    mine = Table.of(checkmate_state(state))
    hands = set()
    for seed in range(10):
        dealt = deal_one(random.Random(seed))
        assert dealt.hands[seat] == mine.hands[seat] and dealt.top == mine.top
        assert [len(hand) for hand in dealt.hands] == view["hand_sizes"]
        assert len(dealt.stock) == len(state.stock)
        assert sorted(dealt.stock + [card for hand in dealt.hands for card in hand]) == sorted(
            mine.stock + [card for hand in mine.hands for card in hand])
        assert dealt.options() == mine.options()
        hands.add(tuple(dealt.hands[(seat + 1) % 3]))
    assert len(hands) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_counts_a_drawn_deal_as_half_at_two_seats_and_nothing_at_more(players: int) -> None:
    """A deal with no winner grows nobody's tally: at more than two seats the search rates it
    nothing (rated an even share, one hard seat against three easy played for draws); at two
    seats it is half a win, as for the other games."""
    hard = get_bot("checkmate", "hard")
    assert isinstance(hard, HardBot)
    table = Table.of(checkmate_state(GAME.new(seed=1, players=players)))
    table.end(-1)
    assert table.rewards() == [pytest.approx(1 / players)] * players
    assert hard.table_rewards(table) == [0.5 if players == 2 else 0.0] * players
    table.end(1)
    assert hard.table_rewards(table) == [0.0, 1.0] + [0.0] * (players - 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_quick_rollout_plays_the_deal_out_as_the_game_does(players: int) -> None:
    """The rollout on plain lists must end each deal as the rollout through the game's own
    states does, with the same generator: the same winner, or none."""
    quick = copy.copy(get_bot("checkmate", "hard"))
    assert isinstance(quick, HardBot)
    quick.deal = 1
    quick.reads_draws = False  # the rollout through the states sees the next hand
    slow = copy.copy(quick)
    slow.quick = False
    checked = 0
    for state in easy_positions(players, range(3), every=1):
        for seed in range(2):
            assert quick.rollout(state, random.Random(seed)) == slow.rollout(state, random.Random(seed))
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_rollout_loop_plays_as_its_policy_does(players: int) -> None:
    """``play_out`` makes the rollout policy's plays on local names: with the same generator it
    must end every deal as the loop through ``table_choice`` does, the searching seat's Aces
    kept or not."""
    hard = get_bot("checkmate", "hard")
    assert isinstance(hard, HardBot) and hard.reads_draws
    checked = 0
    for state in easy_positions(players, range(3), every=1):
        for seed in range(2):
            tables = [Table.of(checkmate_state(state)) for _ in range(2)]
            for table in tables:
                table.careful = seed % players
            quick = hard.play_out(tables[0], random.Random(seed))
            assert quick == hard.play_out_slowly(tables[1], random.Random(seed))
            assert (tables[0].hands, tables[0].stock, tables[0].winner) == (
                tables[1].hands, tables[1].stock, tables[1].winner)
            checked += 1
    assert checked > 100


def test_hard_table_keeps_what_each_draw_showed_a_hand_lacked() -> None:
    """A rollout's seats know of each other what the easy level reads from the log: a card drawn
    and kept shows the hand held nothing fitting the top card (only that draw counts), a card
    drawn and played at once adds what fit the top card before it."""
    state = deal(["5H 9H 5C 2S 3S 4S 6S 7S 8S 10S", "2C 3C 4C 6C 7C 2D 3D 4D 6D 7D"],
                 stock="8C 7H")
    state = play(state, "0:5H")
    fits_on = {name: {card.index for card in CARDS if matches(card, Card.parse(name))}
               for name in ("5H", "9H")}
    table = Table.of(checkmate_state(state))
    assert table.lacks == [frozenset(), frozenset()]
    table.stock = [Card.parse("8C").index]
    table.draw(random.Random(0))
    assert table.lacks[1] == fits_on["5H"] and table.turn == 0
    table.stock = [Card.parse("7H").index]
    table.play(Card.parse("9H").index)
    table.draw(random.Random(0))  # 7H fits 9H: played at once
    assert table.lacks[1] == fits_on["5H"] | fits_on["9H"]
    view = json_view(play(state, "1:draw:1"), 0)
    dealt = table_dealer(GAME, view)(random.Random(1))
    assert dealt.lacks[1] == {card.index for card in known_lacks(view, 1)} == fits_on["5H"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hard_rollout_plays_as_the_easy_level_from_what_draws_showed(players: int) -> None:
    """With ``reads_draws`` a rollout's play is one ``rule_of_thumb`` makes, given what the next
    seat's draws showed it lacks: over a few generators, the same set of cards (the two break
    ties with different draws of the generator)."""
    hard = get_bot("checkmate", "hard")
    assert isinstance(hard, HardBot) and hard.reads_draws
    checked = with_lacks = 0
    for state in choice_positions(players):
        seat = actor(state)
        plays = [action for action in state.legal_actions(seat) if isinstance(action, Play)]
        if len(plays) < 2:
            continue
        lacks = known_lacks(json_view(state, seat), (seat + 1) % players)
        with_lacks += bool(lacks)
        listed = {rule_of_thumb(state.hands[seat], plays, players, random.Random(seed), lacks)
                  for seed in range(40)}
        fits = [play.card.index for play in plays]
        chosen = {Play(CARDS[hard.easy_play([card.index for card in state.hands[seat]], fits,
                                            frozenset(card.index for card in lacks),
                                            -1 if players >= 4 else 1, random.Random(seed))])
                  for seed in range(40)}
        assert chosen == listed
        checked += 1
    assert checked > 10 and with_lacks


def test_hard_stops_early_only_when_the_choice_cannot_change() -> None:
    hard = get_bot("checkmate", "hard")
    assert isinstance(hard, HardBot) and hard.stop_margin == 1.0
    unhurried = copy.copy(hard)
    unhurried.stop_margin = math.inf
    for number, state in enumerate(choice_positions(2)[:4]):
        seat = actor(state)
        assert decide(hard, state, seat, number) == decide(unhurried, state, seat, number)


def cards(names: str) -> list[int]:
    return sorted(Card.parse(name).index for name in names.split())


def test_hard_keeps_its_aces_in_its_rollouts_while_another_seat_holds_a_king() -> None:
    hard = get_bot("checkmate", "hard")
    assert isinstance(hard, HardBot) and hard.ace_care
    table = Table(2, [cards("AH 4H 2C"), cards("KS 3D")], cards("5D 6D"), Card.parse("9H").index,
                  0, None, set())
    rng = random.Random(0)
    assert {hard.table_choice(table, rng) for _ in range(20)} == set(cards("AH 4H"))
    table.careful = 0
    assert {hard.table_choice(table, rng) for _ in range(20)} == set(cards("4H"))
    table.hands[1] = cards("QS 3D")  # no King to give: the Ace is a card like another
    assert {hard.table_choice(table, rng) for _ in range(20)} == set(cards("AH 4H"))


def test_hard_can_keep_its_kings_in_its_rollouts_while_another_seat_holds_an_ace() -> None:
    """``king_care`` (off by default): an Ace played calls for a King, and giving it shrinks
    the hand without spending a turn, so the searching seat's rollouts hold their Kings."""
    hard = get_bot("checkmate", "hard")
    assert isinstance(hard, HardBot) and not hard.king_care
    table = Table(2, [cards("KH 4H 2C"), cards("AS 3D")], cards("5D 6D"), Card.parse("9H").index,
                  0, None, set())
    table.careful = 0
    rng = random.Random(0)
    assert {hard.table_choice(table, rng) for _ in range(20)} == set(cards("KH 4H"))
    table.keeps_kings = True
    assert {hard.table_choice(table, rng) for _ in range(20)} == set(cards("4H"))
    table.hands[1] = cards("QS 3D")  # no Ace to call for it: the King is a card like another
    assert {hard.table_choice(table, rng) for _ in range(20)} == set(cards("KH 4H"))


def test_hard_tree_lets_the_other_seats_play_as_the_rollout_policy_does() -> None:
    """The other seats cannot see the searching seat's hand, so in the tree they play by the
    rollout policy (here: always their highest card), never by the tree's statistics."""

    class Highest(HardBot):
        def table_choice(self, table: Table, rng: random.Random) -> int | None:
            if table.actor() == 0:
                return super().table_choice(table, rng)
            return max(table.options(), default=None)

    bot = Highest()
    assert bot.models_others
    layout = Table(2, [cards("9S 4H 2C 3C"), cards("KS 2S 4D 4S 10C")], cards("5D 6D 7D"),
                   Card.parse("9H").index, 0, None, set())
    root = Branch(0, -1)
    rng = random.Random(2)
    for _ in range(300):
        table = Table(2, [hand[:] for hand in layout.hands], layout.stock[:], layout.top, 0,
                      None, set())
        bot.search_once(table, root, rng)
    replies = {child.card: {grand.card for grand in child.children.values() if grand.actor == 1}
               for child in root.children.values()}
    assert replies == {Card.parse("9S").index: set(cards("KS")),
                       Card.parse("4H").index: set(cards("4D"))}


def test_hard_rollouts_lead_the_card_the_fewest_unseen_cards_follow() -> None:
    """``counting_rollouts`` (off by default): the searching seat's own rollout plays the card
    that the fewest cards it cannot see (the fan and the other hands) may follow, here the
    Queen of spades, whose rank is all on the pile, over the eight, whose rank is all unseen;
    easy sees a tie."""
    hard = get_bot("checkmate", "hard")
    assert isinstance(hard, HardBot) and not hard.counting_rollouts
    table = Table(2, [cards("8S QS 3D"), cards("8H 8D 4C")], cards("8C 5C 6D"),
                  Card.parse("5S").index, 0, None, set())
    rng = random.Random(0)
    assert {hard.table_choice(table, rng) for _ in range(30)} == set(cards("8S QS"))
    table.counting = 0
    assert {hard.table_choice(table, rng) for _ in range(30)} == set(cards("QS"))


def test_hard_at_four_seats_keeps_the_card_the_fewest_unseen_cards_follow() -> None:
    """At four seats hard plays ``counting_pick``'s card unless its search clearly prefers
    another: here the Queen of spades, whose rank is all on the pile, over the eight, whose
    rank the other hands hold, in every seed (the search alone, whose two values are close,
    played the eight in some); easy, counting only its own hand, sees a tie."""
    hands = ["8S QS 3D 4D 6D 7D 9D 10D JD 2H", "2C 3C 4C 6C 7C 8C 9C 10C JC 3H",
             "4H 6H 7H 9H 10H JH 2D 8D 8H 2S", "3S 4S 6S 7S 9S 10S JS 5D 5C 5H"]
    state = deal(hands, players=4)
    pile = tuple(Card.parse(name) for name in "QH QD QC 5S".split())
    state = evolve(state, pile=pile, stock=tuple(card for card in state.stock if card not in pile))
    queen = Play(Card.parse("QS"))
    assert set(state.legal_actions(0)) == {queen, Play(Card.parse("8S"))}
    assert all(decide("hard", state, 0, seed) == queen for seed in range(8))
    assert {decide("easy", state, 0, seed) for seed in range(20)} == set(state.legal_actions(0))


def test_hard_plays_the_searchs_card_over_the_rule_only_when_it_clearly_leads() -> None:
    """``kept_by_rule``: the rule's card stands unless the search's most visited card leads its
    mean reward by more than ``rule_margin`` standard errors."""
    hard = get_bot("checkmate", "hard")
    assert isinstance(hard, HardBot) and hard.rule_seats == 4 and hard.rule_margin == 1.0
    table = Table(4, [cards("8S QS 3D"), cards("8H 8D"), cards("8C 4C"), cards("5C 6C")],
                  cards("6D 7D"), Card.parse("5S").index, 0, None, set())
    queen, eight = Card.parse("QS").index, Card.parse("8S").index

    def root(eight_wins: int, queen_wins: int) -> Branch:
        node = Branch(0, -1)
        for card, wins, visits in ((eight, eight_wins, 400), (queen, queen_wins, 300)):
            child = node.children[card] = Branch(0, card)
            child.visits, child.reward = visits, float(wins)
        return node

    # The eight leads by 2 points with a standard error of some 3.8: the Queen stands.
    assert hard.kept_by_rule(root(108, 75), 0, table, random.Random(0)) == queen
    # By 15 points: the search's eight is played.
    assert hard.kept_by_rule(root(160, 75), 0, table, random.Random(0)) is None


def test_hard_reads_a_play_that_let_the_next_seat_off() -> None:
    """Seat 0 had to draw on 5C: it lacks clubs. Seat 1 then played 5S, which only the fives
    and the black Joker follow, where any club it held would have made seat 0 draw again: a
    decent player holds no club there, and the deals give it none."""
    state = deal(["5H 2D 3D 4D 6D 7D 8D 9D 10D JD", "5C 5S 2H 3H 4H 6H 7H 2S 3S 4S"], stock="8H")
    state = play(state, "0:5H 1:5C 0:draw:1 1:5S")
    view = json_view(state, 0)
    clubs = {card.index for card in CARDS if card.suit == "C" or str(card) == "BJ"} - {
        Card.parse("5C").index}
    assert all(clubs <= slot for slot in hand_slots(view, 1, reads_plays=True))
    assert not any(clubs & slot for slot in hand_slots(view, 1))
    reading, blind = table_dealer(GAME, view, reads_plays=True), table_dealer(GAME, view)
    rng = random.Random(5)
    assert not any(set(reading(rng).hands[1]) & clubs for _ in range(30))
    assert any(set(blind(rng).hands[1]) & clubs for _ in range(30))


def test_hard_reads_an_ace_that_found_no_king() -> None:
    """Seat 0 opened with an Ace and no King came: seat 1 held none, and the deals give it none
    (a King stays in the fan)."""
    state = deal(["AH 2D 3D 4D 6D 7D 8D 9D 10D JD", "2H 3H 4H 6H 7H 2S 3S 4S 6S 7S"])
    state = play(state, "0:AH 1:2H")
    view = json_view(state, 0)
    assert any(event["kind"] == "no-king" for event in view["log"])
    kings = {card.index for card in CARDS if card.rank == KING}
    assert all(kings <= slot for slot in hand_slots(view, 1, reads_no_king=True))
    reading, blind = table_dealer(GAME, view, reads_no_king=True), table_dealer(GAME, view)
    rng = random.Random(6)
    assert not any(set(reading(rng).hands[1]) & kings for _ in range(30))
    assert any(set(blind(rng).hands[1]) & kings for _ in range(30))


def test_hard_deals_hands_as_likely_as_the_plays_made() -> None:
    """Seat 1 played 9C on 9H, which three clubs of its hand follow. Had it held a card fitting
    9H that fewer of its cards follow, it would have played that (the rule of thumb sheds the
    least connected card first): such a hand is unlikely, and the search's deals, drawn by how
    likely each hand makes the plays seen, seldom give one, where deals that read the draws
    alone often do."""
    state = deal(["9H 2D 3D 4D 6D 7D 8D 10D JD QD", "9C 10C JC QC 2S 3S 4S 6S 7S 8S"])
    state = play(state, "0:9H 1:9C")
    view = json_view(state, 0)
    likely = plays_likelihood(view, 1)
    held = [Card.parse(name).index for name in "10C JC QC 2S 3S 4S 6S 7S 8S".split()]
    lone = [Card.parse(name).index for name in "10C JC QC 2S 3S 4S 6S 7S 5H".split()]
    assert likely(held) == 1.0 and likely(lone) < 0.1
    plain = table_dealer(GAME, view, reads_plays=True, reads_no_king=True)
    drawn = resampled(plain, view, 500, random.Random(7))
    rng = random.Random(8)
    unlikely = sum(likely(drawn(rng).hands[1]) < 0.1 for _ in range(200))
    often = sum(likely(plain(rng).hands[1]) < 0.1 for _ in range(200))
    assert often > 40 and unlikely < often / 4


def test_hard_reads_plays_at_two_seats_only() -> None:
    """At four seats the search deals as before (its numbers there were measured so): the same
    choices, seed for seed, as with the reading of plays turned off."""
    reading = HardBot()
    reading.iterations = 300
    blind = copy.copy(reading)
    blind.reads_plays = blind.reads_no_king = False
    blind.resample = 0
    for state in choice_positions(4)[:6]:
        seat = actor(state)
        assert decide(reading, state, seat, 11) == decide(blind, state, seat, 11)
