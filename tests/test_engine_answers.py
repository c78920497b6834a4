"""The answers the engine works out itself (following suit, the winner of a trick) are
the ones the ``tricks`` plugin gives, and the engine works them out only while that
plugin answers those hooks alone; any other implementation is asked as before."""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

from euchre_plugins import tricks
from euchre_plugins.house import must_trump

from euchre_core.cards import Card
from euchre_core.config import load_variant
from euchre_core.hookspecs import hookimpl
from euchre_core.manager import build_rules
from euchre_core.model import Phase
from euchre_core.state import State


def _random_games(rules: tuple[str, ...] = (), games: int = 30) -> Generator[State, None, None]:
    """Every state of seeded random games, one after the other (the same object)."""
    config = load_variant("standard", rules=rules)
    rng = random.Random(7)
    for seed in range(games):
        state = State(config, seed=seed)
        while state.to_act is not None:
            yield state
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])


def test_the_legal_plays_are_those_of_the_tricks_plugin_at_every_card() -> None:
    plays = 0
    for state in _random_games():
        if state.phase is Phase.PLAY:
            seat = state.to_act
            assert seat is not None
            expected = tricks.euchre_legal_plays(state, seat)
            assert [a.card for a in state.legal_actions()] == expected
            plays += 1
    assert plays > 1000


def test_must_trump_still_narrows_the_plays_worked_out_by_the_engine() -> None:
    narrowed = 0
    for state in _random_games(("must-trump",)):
        if state.phase is Phase.PLAY:
            seat = state.to_act
            assert seat is not None
            plain = tricks.euchre_legal_plays(state, seat)
            expected = must_trump.narrowed(state, seat, plain)
            assert [a.card for a in state.legal_actions()] == expected
            narrowed += expected != plain
    assert narrowed > 0


def test_each_trick_goes_to_the_winner_of_the_ranking() -> None:
    checked = 0
    for state in _random_games(games=10):
        if state.phase is Phase.PLAY and state.ranking is not None:
            for done in state.tricks:
                assert done.winner == state.ranking.winner_of(list(done.plays))
                checked += 1
    assert checked > 500


def test_the_engine_follows_suit_itself_only_for_the_tricks_plugin_alone() -> None:
    assert build_rules(["tricks", "standard"]).follow_suit == ()
    assert build_rules(["tricks", "standard"]).ranks_tricks
    with_rule = build_rules(["tricks", "standard", "must-trump"])
    assert with_rule.follow_suit == (must_trump.narrowed,)

    class Lowest:
        NAME = "lowest"

        @hookimpl
        def euchre_legal_plays(self, state: State, seat: int) -> list[Card]:
            return [min(state.hands[seat], key=lambda c: c.index)]

        @hookimpl
        def euchre_trick_winner(self, state: State, trick: list[tuple[int, Card]]) -> int:
            return trick[-1][0]

    other = build_rules(["tricks", "standard", Lowest()])
    assert other.follow_suit is None
    assert not other.ranks_tricks


def test_a_plugin_answering_the_play_hooks_is_asked_at_every_card_and_trick() -> None:
    asked = {"plays": 0, "tricks": 0}

    class LastWins:
        NAME = "last-wins"

        @hookimpl
        def euchre_legal_plays(self, state: State, seat: int) -> list[Card]:
            asked["plays"] += 1
            return list(state.hands[seat])

        @hookimpl
        def euchre_trick_winner(self, state: State, trick: list[tuple[int, Card]]) -> int:
            asked["tricks"] += 1
            return trick[-1][0]

    config = load_variant("standard")
    rules = build_rules(["tricks", "standard", LastWins()])
    state = State(config, seed=3, rules=rules, max_hands=1)
    cards_played = 0
    while state.to_act is not None:
        if state.phase is Phase.PLAY:
            cards_played += 1
        legal = state.legal_actions()
        state.apply(legal[1] if state.phase is Phase.BIDDING else legal[0])  # order it up
    record = state.hand_records[-1]
    assert record.contract is not None
    assert asked["plays"] == cards_played
    assert asked["tricks"] == len(state.tricks)
    assert all(t.winner == t.plays[-1][0] for t in state.tricks)


class _Counting:
    """A wrapper of euchre_legal_plays that leaves the answer as it is and counts the
    calls of its ``after_answer``, by whether the seat could follow suit."""

    def __init__(self, name: str, void_only: bool):
        self.NAME = name
        self.calls = {"lead": 0, "follow": 0, "void": 0}

        def after(state: State, seat: int, cards: list[Card]) -> list[Card]:
            trick = state.trick
            if not trick:
                self.calls["lead"] += 1
            else:
                assert state.ranking is not None
                led = state.ranking.suit_of[trick[0][1].index]
                held = any(state.ranking.suit_of[c.index] is led for c in state.hands[seat])
                self.calls["follow" if held else "void"] += 1
            return cards

        if void_only:
            after.only_when_void = True  # type: ignore[attr-defined]
        self.after = after

        @hookimpl(wrapper=True)
        def euchre_legal_plays(state: State, seat: int) -> Generator[None, list[Card], list[Card]]:
            return after(state, seat, (yield))

        euchre_legal_plays.after_answer = after  # type: ignore[attr-defined]
        self.euchre_legal_plays = euchre_legal_plays


def _play_out(wrapper: _Counting) -> int:
    config = load_variant("standard")
    rules = build_rules(["tricks", "standard", wrapper])
    cards = 0
    for seed in range(5):
        state = State(config, seed=seed, rules=rules)
        rng = random.Random(seed)
        while state.to_act is not None:
            cards += state.phase is Phase.PLAY
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
    return cards


def test_an_after_answer_is_called_at_every_card_unless_it_changes_only_a_void_seat() -> None:
    every = _Counting("every-card", void_only=False)
    cards = _play_out(every)
    assert sum(every.calls.values()) == cards
    assert min(every.calls.values()) > 0
    void = _Counting("void-only", void_only=True)
    assert _play_out(void) == cards  # the same games
    assert void.calls == {"lead": 0, "follow": 0, "void": every.calls["void"]}


def test_past_target_is_the_end_of_a_game_played_to_a_target() -> None:
    from euchre_core.model import GameResult, past_target

    sides = ((0, 2), (1, 3))
    assert past_target((9, 8, 9, 8), sides, 10) is None
    assert past_target((11, 8, 11, 8), sides, 10) == GameResult((0, 2), "reached 11 of 10")
    both = (11, 12, 11, 12)
    assert past_target(both, sides, 10) == GameResult(
        (1, 3), "reached 12 of 10, the highest score past it"
    )
    assert past_target(both, sides, 10, shared=True) == GameResult(
        (0, 1, 2, 3), "2 sides reached 10 together: shared win"
    )
    assert past_target(both, sides, 10, first=2, first_words="the bidders") == GameResult(
        (0, 2), "the bidders reached 11 of 10"
    )
    # A tie plays on, and says so (it was None: the players were not told why)
    assert past_target((12, 12, 12, 12), sides, 10) == GameResult(
        (), "{0} & {2} and {1} & {3} are level at 12 (the target: 10)", play_on=True
    )
    seats = ((0,), (1,), (2,))
    assert past_target((10, 3, 10), seats, 10, first=1) == GameResult(
        (), "{0} and {2} are level at 10 (the target: 10)", play_on=True
    )  # seat 1 is not past it


def one_hand_by_bots(variant: str, seed: int, scores: list[int]) -> Any:
    """A single hand of ``variant`` from ``scores``, played by heuristic bots."""
    from euchre_core import new_hand
    from euchre_core.bots import make_bot

    state = new_hand(variant, seed=seed, scores=scores)
    bots = [make_bot("heuristic", s) for s in range(state.seats)]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state


def told_to_play_on(state: Any) -> str:
    """The reason of the one PlayGoesOn event of ``state``."""
    from euchre_core.events import PlayGoesOn

    (e,) = [e for e in state.events if isinstance(e, PlayGoesOn)]
    return str(e.reason)


def test_sides_level_past_the_target_play_on_and_the_players_are_told() -> None:
    # Pepper: both sides score their tricks, and both reached 30 level. The game went on
    # with nothing said.
    from helpers import offscreen

    from euchre_core.events import PlayGoesOn

    state = one_hand_by_bots("pepper", 35, [27] * 4)
    assert state.scores == [30, 30, 30, 30]
    assert told_to_play_on(state) == "{0} & {2} and {1} & {3} are level at 30 (the target: 30)"
    assert state.result is not None and state.result.reason == "hand limit reached"
    screen, _ = offscreen(state)
    (e,) = [e for e in state.events if isinstance(e, PlayGoesOn)]
    assert screen.event_lines(e)[0].plain == (
        "No winner yet: You & North and West & East are level at 30 (the target: 30); "
        "the game goes on."
    )


def test_five_hundred_past_the_target_without_a_bid_made_plays_on_and_says_why() -> None:
    # Only a made bid wins Five Hundred: the defenders reached 560 and the game went on
    # with nothing said.
    state = one_hand_by_bots("five-hundred", 2, [480] * 4)
    assert state.scores == [360, 560, 360, 560] and state.hand_records[-1].makers == (0, 2)
    assert told_to_play_on(state) == "{1} & {3} passed 500 without a bid of their own made"


def test_five_hundred_a_side_out_the_back_door_ends_the_game_though_the_other_is_past_500():
    # The defenders past 500 without a bid play on, but not when the makers fell to -500
    # on the same hand: that ends the game (the first form of "play on" hid it).
    state = one_hand_by_bots("five-hundred", 2, [-450, 480, -450, 480])
    assert state.scores == [-570, 560, -570, 560]
    assert state.result is not None and state.result.winners == (1, 3)
    assert state.result.reason == "fell to -570: out the back door"
