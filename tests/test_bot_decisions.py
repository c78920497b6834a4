"""Both levels of bot, ``normal`` (heuristic) and ``hard`` (search), on fixed positions of
standard euchre where the right answer is clear: one or more per kind of decision (order,
call, alone, discard, lead, follow), and the chance of winning from a score that the
bidding near the end of a game rests on."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from euchre_core import Suit, card, cards, new_hand
from euchre_core.actions import Action, Call, Discard, Order, Pass, Play
from euchre_core.bots.heuristic import BidSettings, HeuristicBot
from euchre_core.bots.search import SearchBot
from euchre_core.bots.winning import lone_gain, win_chance
from euchre_core.cards import pack
from euchre_core.errors import EuchreError
from euchre_core.model import Deal
from euchre_core.state import State

DECK = pack("9")
WEAK = "9C TC QS KD 9D"
STRONG = "JH JD AH KC 9S"


def deal(hands: list[str], up: str) -> Deal:
    given = [cards(h) for h in hands]
    upcard = card(up)
    used = {c for h in given for c in h} | {upcard}
    return Deal.of(given, [c for c in DECK if c not in used], upcard)


def position(
    hands: list[str], up: str, *actions: str, dealer: int = 0, scores: tuple[int, ...] = ()
) -> State:
    state = new_hand("standard", deal(hands, up), dealer=dealer, scores=scores or None)
    for text in actions:
        state.apply_text(text)
    return state


def _normal(seed: int) -> HeuristicBot:
    return HeuristicBot(seed)


def _hard(seed: int) -> SearchBot:
    # Small and without a time limit: fast and the same on any machine.
    return SearchBot(seed, samples=32)


LEVELS: dict[str, Callable[[int], object]] = {"normal": _normal, "hard": _hard}


def choice(level: str, state: State) -> Action:
    seat = state.to_act
    assert seat is not None
    bot = LEVELS[level](7)
    action = bot.choose(state.view(seat), state.legal_actions())  # type: ignore[attr-defined]
    assert isinstance(action, Action)
    return action


both = pytest.mark.parametrize("level", sorted(LEVELS))


# ---------------------------------------------------------------------------------------
# Bidding
# ---------------------------------------------------------------------------------------


@both
def test_orders_up_with_both_bowers_and_the_ace(level: str) -> None:
    s = position([WEAK, STRONG, "AC AS KS TH 9H", "JC JS QC TS QD"], "QH")
    assert isinstance(choice(level, s), Order)


@both
def test_passes_a_weak_hand(level: str) -> None:
    s = position([STRONG, WEAK, "AC AS KS TH 9H", "JC JS QC TS QH"], "AD")
    assert isinstance(choice(level, s), Pass)


@both
def test_round_two_calls_the_suit_of_both_bowers(level: str) -> None:
    # Spades were turned down; seat 1 holds both black bowers and the ace of clubs is out.
    s = position(
        ["9C TC QS KH 9H", "JS JC AS KS AD", "AC KC TH AH QC", "JH JD TS QD TD"],
        "9S",
        "pass",
        "pass",
        "pass",
        "pass",
    )
    a = choice(level, s)
    assert isinstance(a, Call) and a.suit is Suit.CLUBS


@both
def test_goes_alone_with_an_unbeatable_hand(level: str) -> None:
    s = position(["9C TC QS KD 9D", "JH JD AH KH AS", "AC KS TH 9H QC", "JC JS TS QD TD"], "QH")
    a = choice(level, s)
    assert isinstance(a, Order) and a.alone


@both
def test_does_not_order_the_right_bower_into_an_opposing_dealers_hand(level: str) -> None:
    # Seat 1, on the dealer's left, holds the left bower and the ace of clubs with the ace
    # of spades: ordering would hand the dealer (an opponent) the right bower, the best
    # card, for a hand that is only just worth a call of its own.
    s = position(["KD QC TC KC JD", "AC JH KH JS AS", "TS AD 9S TD 9C", "QD QS 9D TH AH"], "JC")
    assert isinstance(choice(level, s), Pass)


def test_an_order_into_an_opposing_dealer_needs_more_than_before_the_tuning() -> None:
    # The same position with the seat margins of before (no extra for an order into an
    # opposing dealer's pick-up): the hand was ordered up.
    s = position(["KD QC TC KC JD", "AC JH KH JS AS", "TS AD 9S TD 9C", "QD QS 9D TH AH"], "JC")
    untuned = HeuristicBot(7, eldest=0.0, opponent=0.0)
    assert isinstance(untuned.choose(s.view(1), s.legal_actions()), Order)


@both
def test_the_dealers_partner_goes_alone_with_the_left_bower_the_ace_and_two_side_aces(
    level: str,
) -> None:
    # Diamonds turned up; seat 2, the dealer's partner, holds JH AD (the left bower and
    # the ace of trumps), the aces of clubs and spades and the ten of clubs: a lone hand
    # expected to take about 3.5 tricks, above the 3.4 a lone hand needs.
    s = position(
        ["TS QD QH KS KD", "TD 9H 9D AH JS", "JH AC TC AD AS", "QS KC 9C 9S JC"], "JD", "pass"
    )
    a = choice(level, s)
    assert isinstance(a, Order) and a.alone


def test_the_bidding_thresholds_are_settings_by_name() -> None:
    bot = HeuristicBot(0, eldest=0.5, alone_round2=-0.25)
    assert (bot.bidding.eldest, bot.bidding.alone_round2) == (0.5, -0.25)
    assert bot.bidding.partner == BidSettings().partner
    assert HeuristicBot(0, bidding=BidSettings(dealer=0.3)).bidding.dealer == 0.3
    with pytest.raises(TypeError, match="unknown heuristic bot setting 'boldly'"):
        HeuristicBot(0, boldly=1.0)


def test_a_duel_takes_the_bidding_settings_and_names_a_bad_one_in_one_line() -> None:
    from euchre_cli.duel import make_duel_bot

    bot = make_duel_bot("heuristic:opponent2=0.3,forfeit_below=1.5", 0)
    assert (bot.bidding.opponent2, bot.bidding.forfeit_below) == (0.3, 1.5)
    for spec, said in (
        ("heuristic:boldly=1", "'boldly=1': write alone_at=X, call_margin=X or another of"),
        ("heuristic:eldest=x", "'eldest=x': not a number"),
    ):
        with pytest.raises(EuchreError) as e:
            make_duel_bot(spec, 0)
        assert said in str(e.value) and "\n" not in str(e.value)


NINE_EIGHT = ["9C TC QS KD 9D", "JH JD AS AC AD", "KC QC TH 9H JS", "KH TS QD TD 9S"]


def test_goes_alone_with_both_bowers_and_three_aces_at_the_start() -> None:
    # The position below at 0-0: a lone march is worth its four points there.
    s = position(NINE_EIGHT, "AH")
    a = choice("normal", s)
    assert isinstance(a, Order) and a.alone


@both
def test_does_not_order_alone_at_nine_eight_with_two_trumps(level: str) -> None:
    # At 9-8, seat 1 holds two trumps (both bowers) and three aces; the dealer, an
    # opponent, turns up the ace of hearts. At 9 a lone march wins nothing more than a
    # march with a partner, and a lone hand into the dealer's trumps risks the game.
    s = position(NINE_EIGHT, "AH", scores=(8, 9, 8, 9))
    a = choice(level, s)
    assert not (isinstance(a, Order) and a.alone)


@both
def test_dealer_discards_a_singleton_to_make_a_void(level: str) -> None:
    s = position(
        ["JH AH KH 9C AS", WEAK.replace("9C", "TH"), "AC KC QC JC 9H", "JS KS TS QD TD"],
        "QH",
        "order",
    )
    assert choice(level, s) == Discard(card("9C"))


# ---------------------------------------------------------------------------------------
# Card play
# ---------------------------------------------------------------------------------------


@both
def test_a_lone_maker_leads_trump_before_its_losing_side_card(level: str) -> None:
    # Seat 1 plays alone with the four top trumps and the nine of spades: a trump lead
    # first takes every trick; the nine first gives one away.
    s = position(
        ["9C TC QS KD 9D", "JH JD AH KH 9S", "AC KS TH 9H QC", "JC JS TS QD TD"],
        "QH",
        "order alone",
        "discard 9C",
    )
    assert s.to_act == 1
    a = choice(level, s)
    assert isinstance(a, Play) and a.card is not card("9S")


@both
def test_does_not_trump_a_partners_winning_ace(level: str) -> None:
    # Clubs trump, ordered by seat 1. Seat 1 leads AS; seat 2 follows; seat 3, partner of
    # seat 1, has no spade but holds trumps, and must let the ace win.
    s = position(
        ["9C TD QD KD 9D", "AS JC AC KH 9H", "KS QS QC AD TH", "JS TC JH AH QH"],
        "KC",
        "order",
        "discard 9D",
        "play AS",
        "play QS",
    )
    a = choice(level, s)
    assert isinstance(a, Play)
    assert a.card.suit is not Suit.CLUBS and a.card is not card("JS")


@both
def test_trumps_in_cheaply_when_void_and_an_opponents_ace_leads(level: str) -> None:
    # Hearts trump, ordered by seat 1, which leads the ace of clubs. Seat 2 has no club:
    # the ace would win, so seat 2 trumps, and with its lowest trump.
    s = position(
        ["9C TD QD KD 9D", "AC JH AH KS QS", "9H TH AS TS 9S", "KC QC JC JD AD"],
        "QH",
        "order",
        "discard 9C",
        "play AC",
    )
    assert choice(level, s) == Play(card("9H"))


# ---------------------------------------------------------------------------------------
# The chance of winning from a score
# ---------------------------------------------------------------------------------------


def test_the_chance_of_winning_is_even_at_the_start_and_sums_to_one() -> None:
    dealing, other = win_chance(0, 0, True), win_chance(0, 0, False)
    assert dealing + other == pytest.approx(1.0)
    # The dealing side takes the up-card: it starts a little ahead.
    assert 0.5 < dealing < 0.55


def test_the_chance_of_winning_grows_with_the_score() -> None:
    assert win_chance(9, 0, False) > win_chance(5, 0, False) > win_chance(0, 5, False)
    assert win_chance(10, 9, False) == 1.0 and win_chance(9, 10, True) == 0.0


def test_a_lone_march_adds_nothing_at_eight_or_nine() -> None:
    s = position(NINE_EIGHT, "AH", scores=(8, 9, 8, 9))
    assert lone_gain(s.view(1)) == 0.0
    start = position(NINE_EIGHT, "AH")
    assert lone_gain(start.view(1)) == pytest.approx(1.0)
