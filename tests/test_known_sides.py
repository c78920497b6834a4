"""Bots learn who plays with whom this hand only from what their seat may know."""

from __future__ import annotations

from euchre_core.actions import CallAce, Partner
from euchre_core.bots import make_bot
from euchre_core.manager import build_rules
from euchre_core.state import State, new_game
from euchre_core.view import PlayerView


def sides(view: PlayerView) -> tuple[frozenset[int], frozenset[int]] | None:
    answer = build_rules(view.plugins).known_sides(view)
    return answer  # type: ignore[no-any-return]


def play_until(state: State, done) -> None:
    bot = make_bot("heuristic", 1)
    while not done(state):
        seat = state.to_act
        assert seat is not None
        state.apply(bot.choose(state.view(seat), state.legal_actions()))


def test_auction_partners_once_named_are_on_the_declarers_side_for_every_seat() -> None:
    for seed in range(30):
        state = new_game("auction", seed=seed)
        play_until(state, lambda s: s.is_over or s.phase.value == "play")
        if state.is_over or state.contract is None:
            continue
        named = {a.seat for _, a in state.prepare_log if isinstance(a, Partner)}
        if not named:
            continue
        side = {state.contract.maker} | named
        for seat in range(state.seats):
            friends, foes = sides(state.view(seat))
            mine = side if seat in side else set(range(state.seats)) - side
            assert friends == frozenset(mine - {seat}), (seed, seat)
            assert foes == frozenset(set(range(state.seats)) - mine), (seed, seat)
        return
    raise AssertionError("no auction hand with named partners in 30 seeds")


def test_a_call_ace_partner_is_known_to_its_holder_and_to_nobody_else_before_the_ace() -> None:
    for seed in range(60):
        state = new_game("call-ace", seed=seed)
        play_until(state, lambda s: s.is_over or s.phase.value == "play")
        if state.is_over or state.contract is None:
            continue
        call = next((a for _, a in state.prepare_log if isinstance(a, CallAce)), None)
        if call is None:
            continue
        holder = next(
            (
                s
                for s in range(state.seats)
                if any(c.rank == "A" and c.suit is call.suit for c in state.hands[s])
            ),
            None,
        )
        maker = state.contract.maker
        if holder is None or holder == maker:
            continue
        friends, _ = sides(state.view(holder))
        assert maker in friends
        for seat in range(state.seats):
            if seat in (holder, maker):
                continue
            friends, foes = sides(state.view(seat))
            assert holder not in foes
            assert maker in foes
        maker_friends, _ = sides(state.view(maker))
        assert holder not in maker_friends
        return
    raise AssertionError("no call-ace hand with a hidden partner in 60 seeds")
