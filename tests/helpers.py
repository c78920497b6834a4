"""Helpers shared by the tests: deals written seat by seat and action scripts. (The
invariants of a game, every card in exactly one place included, are checked by the
testing kit, :mod:`euchre_core.testing`: ``check_step`` on one state, ``check_variant``
over seeded games.)

Seats are numbered with the dealer at 0, so that the names of ``edge_cases.md`` read
directly: ``D = 0`` (dealer), ``L = 1`` (eldest), ``P = 2`` (dealer's partner),
``R = 3`` (dealer's right). Teams are {D, P} and {L, R}.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from euchre_core import Deal, State, card, cards, pack
from euchre_core.actions import Play
from euchre_core.cards import Card
from euchre_core.events import TrickWon

D, L, P, R = 0, 1, 2, 3
SEAT_NAMES = {"D": D, "L": L, "P": P, "R": R}


def make_deal(
    hands: Mapping[int, str],
    up: str | None = None,
    kitty: str | None = None,
    deck: Sequence[Card] | None = None,
) -> Deal:
    """A deal where each seat in ``hands`` holds the cards named (a seat given fewer than
    five is topped up); every other card is filled from the rest of the pack, in pack
    order: first the missing hand cards, then the up-card (unless given), then the kitty.
    """
    deck = tuple(deck) if deck is not None else pack("9")
    named: dict[int, list[Card]] = {s: cards(h) for s, h in hands.items()}
    used = [c for h in named.values() for c in h]
    if up is not None:
        used.append(card(up))
    if kitty is not None:
        used.extend(cards(kitty))
    assert len(used) == len(set(used)), f"a card is named twice in {hands}, {up}, {kitty}"
    rest = [c for c in deck if c not in used]
    out: list[list[Card]] = []
    for seat in range(4):
        h = list(named.get(seat, []))
        while len(h) < 5:
            h.append(rest.pop(0))
        out.append(h)
    upcard = card(up) if up is not None else rest.pop(0)
    kit = cards(kitty) if kitty is not None else rest
    return Deal.of(out, kit, upcard)


def run(state: State, script: str | Iterable[str]) -> State:
    """Apply actions written as text, separated by commas (``"pass, order, play JH"``)."""
    steps = [s.strip() for s in script.split(",")] if isinstance(script, str) else list(script)
    for i, text in enumerate(steps):
        if not text:
            continue
        seat = state.to_act
        try:
            state.apply_text(text)
        except Exception as e:
            raise AssertionError(f"step {i + 1} ({text!r}) for seat {seat} failed: {e}") from e
    return state


def trick(state: State, plays: str) -> int:
    """Play one trick given as ``"L:JD P:AD R:9H D:JH"`` (any order: the engine asks each
    seat in turn and the seat plays the card named for it). Returns the winner."""
    by_seat = {}
    for part in plays.split():
        who, code = part.split(":")
        by_seat[SEAT_NAMES[who]] = card(code)
    before = len(state.tricks)
    for _ in range(len(by_seat)):
        seat = state.to_act
        assert seat in by_seat, f"seat {seat} is to act but the trick names {sorted(by_seat)}"
        state.apply(Play(by_seat[seat]))
    assert len(state.tricks) == before + 1, "the trick did not close after every seat played"
    return state.tricks[-1].winner


# ---------------------------------------------------------------------------------------
# Deals whose tricks are decided in advance (hearts trump)
# ---------------------------------------------------------------------------------------

#: With hearts trump, each of the first four groups is four cards of one effective suit,
#: best first; every seat gets one card of each group, so each of those tricks is
#: followed by everyone and goes to the holder of the group's first card. The last group
#: holds the only remaining trump (Q of hearts) and three odd cards: it is the last trick
#: and goes to the holder of the queen. The four cards left over are the up-card and the
#: kitty.
GROUPS: tuple[tuple[Card, ...], ...] = (
    tuple(cards("AS KS QS JS")),
    tuple(cards("AC KC QC JC")),
    tuple(cards("AD KD QD TD")),
    tuple(cards("JH JD AH KH")),
    tuple(cards("QH TS TC 9D")),
)
LEFTOVER = tuple(cards("9C 9S TH 9H"))


def group_deal(winners: Sequence[int], up: str = "9C") -> Deal:
    """A deal where, with hearts trump and each group played as one trick
    (:func:`play_groups`), trick ``k`` is won by seat ``winners[k]``.

    The up-card is one of 9C (default: turned down, then hearts named in round 2),
    9S, TH or 9H (hearts ordered up in round 1); the other three are the kitty.
    """
    assert len(winners) == 5
    hands: list[list[Card]] = [[] for _ in range(4)]
    for group, winner in zip(GROUPS, winners, strict=True):
        hands[winner].append(group[0])
        others = [s for s in range(4) if s != winner]
        for seat, c in zip(others, group[1:], strict=True):
            hands[seat].append(c)
    upcard = card(up)
    assert upcard in LEFTOVER
    return Deal.of(hands, [c for c in LEFTOVER if c is not upcard], upcard)


def play_groups(state: State, order: Sequence[int] = (0, 1, 2, 3, 4)) -> list[int]:
    """Play the tricks of a :func:`group_deal`: each trick is one group (in ``order``; the
    last group last), every seat playing its card of that group (a seat that no longer
    holds one, e.g. a dealer who discarded it, plays its last card). Returns the winners.
    """
    winners = []
    for g in order:
        group = GROUPS[g]
        for _ in range(len(state.active)):
            seat = state.to_act
            assert seat is not None
            hand = state.hands[seat]
            mine = [c for c in group if c in hand]
            choice = mine[0] if mine else hand[-1]
            state.apply(Play(choice))
        # (read from the log: after the last trick the next hand may already be dealt)
        winners.append(next(e.winner for e in reversed(state.events) if isinstance(e, TrickWon)))
    return winners


# ---------------------------------------------------------------------------------------
# The command line in process
# ---------------------------------------------------------------------------------------

#: Enough "1" answers to play any game to its end from the first choice of every prompt.
MANY_ONES = "1\n" * 600


def invoke(*args: str, input: str | None = None) -> Any:
    """Run ``euchre ARGS`` in process (typer's CliRunner), with ``input`` as stdin."""
    from euchre_cli.main import app
    from typer.testing import CliRunner

    return CliRunner().invoke(app, list(args), input=input)


def offscreen(state: State, columns: int = 100, rows: int = 24) -> tuple[Any, Any]:
    """A plain screen for seat 0 of ``state`` drawing into a string: ``(screen, out)``."""
    import io

    from euchre_cli.render import Screen, make_console, seat_names

    out = io.StringIO()
    console = make_console(True)
    console.file = out
    console.width = columns
    console.height = rows
    screen = Screen(
        names=seat_names(state.seats, 0),
        viewer=0,
        partnerships=state.table.partnerships,
        title=state.config.title or state.config.name,
        plain=True,
        console=console,
        rules=state.rules,
    )
    return screen, out
