"""Perft for Napoleon and Buck euchre: exact counts of the legal play sequences from fixed
deals, through ``legal_actions()`` / ``apply()`` (replaying from the deal at every branch).

Each count is also computed by a small oracle written from the rules (``napoleon.md``:
the first card led makes trumps, no bowers, follow the printed suit; ``buck.md``: the
euchre ranking with the bowers, players who dropped out skipped), so a number can only
change together with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from euchre_core import Deal, State, card, cards, load_variant, new_hand
from euchre_core.cards import Card
from euchre_core.model import Phase


@dataclass
class Position:
    name: str
    variant: str
    players: int
    hands: tuple[str, ...]
    kitty: str
    up: str | None
    prefix: tuple[str, ...]
    count: int


POSITIONS = [
    Position(
        "Napoleon, 2 players: a Three, before the lead that makes trumps",
        "napoleon",
        2,
        ("AS KS 9H 4D 2C", "QS 7H 5H KD 3C"),
        "",
        None,
        ("bid 3", "pass"),
        432,
    ),
    Position(
        "Napoleon, 3 players: a misère without trumps, after trick 1",
        "napoleon",
        3,
        ("AS 9S 7H 4D QC", "KS 2S JH 3D 8C", "5S 6H 2H 9D TC"),
        "",
        None,
        ("pass", "bid misere", "pass", "play 5S", "play AS", "play 2S"),
        104,
    ),
    Position(
        "Buck: spades bid by P, L dropped out, after trick 1",
        "buck",
        4,
        ("9S 9H TH TD KC", "QH KH KD QD JD", "JS JC AH AC 9D", "AS KS QS TS TC"),
        "9C QC AD",
        "JH",
        (
            *("pass", "bid 3", "pass", "pass", "call S", "stay", "stay", "drop"),
            *("play JS", "play QS", "play 9S"),
        ),
        1200,
    ),
]


_CONFIGS: dict[tuple[str, int], object] = {}


def fresh(pos: Position, extra: list[str]) -> State:
    key = (pos.variant, pos.players)
    if key not in _CONFIGS:
        _CONFIGS[key] = load_variant(pos.variant, players=pos.players)
    config = _CONFIGS[key]
    deal = Deal.of(
        [cards(h) for h in pos.hands], cards(pos.kitty), card(pos.up) if pos.up else None
    )
    state = new_hand(config, deal, dealer=0)
    for text in (*pos.prefix, *extra):
        state.apply_text(text)
    return state


def engine_count(pos: Position) -> int:
    def count(path: list[str]) -> int:
        state = fresh(pos, path)
        path = list(path)
        while not state.is_over:
            legal = state.legal_actions()
            if len(legal) > 1:
                return sum(count([*path, str(a)]) for a in legal)
            path.append(str(legal[0]))
            state.apply(legal[0])
        return 1

    return count([])


# ---------------------------------------------------------------------------------------
# The oracle
# ---------------------------------------------------------------------------------------

ORDER = "23456789TJQKA"
NEXT = {"C": "S", "S": "C", "H": "D", "D": "H"}


def suit_of(c: Card, trump: str | None, bowers: bool) -> str:
    assert c.suit is not None
    if bowers and trump and c.rank == "J" and c.suit.value == NEXT[trump]:
        return trump
    return c.suit.value


def power(c: Card, trump: str | None, led: str, bowers: bool) -> int:
    s = suit_of(c, trump, bowers)
    if trump and s == trump:
        if bowers and c.rank == "J":
            return 200 if c.suit is not None and c.suit.value == trump else 199
        return 100 + ORDER.index(c.rank or "")
    return ORDER.index(c.rank or "") if s == led else -1


def oracle(
    hands: dict[int, list[Card]],
    active: list[int],
    trump: str | None,
    by_lead: bool,
    bowers: bool,
    leader: int,
    trick: list[tuple[int, Card]],
) -> int:
    if not trick and not any(hands[s] for s in active):
        return 1
    if len(trick) == len(active):
        led = suit_of(trick[0][1], trump, bowers)
        winner = max(trick, key=lambda sc: power(sc[1], trump, led, bowers))[0]
        return oracle(hands, active, trump, False, bowers, winner, [])
    seat = active[(active.index(leader) + len(trick)) % len(active)]
    hand = hands[seat]
    choices = list(hand)
    if trick:
        led = suit_of(trick[0][1], trump, bowers)
        choices = [c for c in hand if suit_of(c, trump, bowers) == led] or choices
    total = 0
    for c in choices:
        hand.remove(c)
        t = c.suit.value if by_lead and c.suit is not None else trump
        total += oracle(hands, active, t, False, bowers, leader, [*trick, (seat, c)])
        hand.append(c)
    return total


def oracle_for(pos: Position) -> int:
    state = fresh(pos, [])
    assert state.phase is Phase.PLAY and state.contract is not None
    c = state.contract
    pending = c.by_lead and c.trump is None
    trump = c.trump.value if c.trump is not None else None
    return oracle(
        {s: list(state.hands[s]) for s in state.active},
        list(state.active),
        trump,
        pending,
        c.bowers,
        state.leader if not state.trick else state.trick[0][0],
        list(state.trick),
    )


@pytest.mark.parametrize("pos", POSITIONS, ids=[p.name for p in POSITIONS])
def test_perft_counts_every_legal_play_sequence(pos: Position):
    assert engine_count(pos) == pos.count


@pytest.mark.parametrize("pos", POSITIONS, ids=[p.name for p in POSITIONS])
def test_perft_numbers_agree_with_an_independent_reading_of_the_rules(pos: Position):
    assert oracle_for(pos) == pos.count
