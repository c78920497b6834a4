"""Perft: exact counts of the legal play sequences from fixed positions.

From fixed deals with trump fixed by a known bidding prefix (and a first trick or two
already played), every sequence of legal plays to the end of the hand is enumerated
through ``legal_actions()`` / ``apply()``. A state cannot be copied, so the search
replays the prefix from a fresh ``new_hand`` at every branching point. Any change in
what is legal changes a number.

Each count is also computed by a small independent oracle written from ``standard.md``
§3 and §9 (effective suit, follow suit, must-trump of [S001]), so a number can only be
updated together with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from helpers import run

from euchre_core import Deal, State, card, cards, load_variant, new_hand
from euchre_core.cards import Card, Suit
from euchre_core.model import Phase

# Hands by seat (dealer = 0), up-card, kitty.
DEAL_3 = (
    ("AS 9S AH AC QS", "TC JH JD JS KC", "AD 9C TS JC TD", "KD KH QH 9H QD"),
    "QC",
    "TH 9D KS",
)
DEAL_5 = (
    ("QS AS AC 9H QC", "JS JD AH TD AD", "QD KD JH 9C 9S", "KC TC TH 9D KH"),
    "QH",
    "KS JC TS",
)
DEAL_8 = (
    ("AD AS QS KS TC", "JS 9S AC JC JD", "AH TD QH 9C QC", "KC TH KD 9H KH"),
    "JH",
    "9D TS QD",
)


def deal_of(spec) -> Deal:
    hands, up, kitty = spec
    return Deal.of([cards(h) for h in hands], cards(kitty), card(up))


@dataclass
class Position:
    name: str
    deal: tuple
    prefix: str
    rules: tuple[str, ...]
    count: int


MUST_TRUMP_PREFIX = (
    "pass, pass, pass, pass, call H, play KC, play JC, play 9H, play AC, "
    "play QD, play AH, play JD, play TD"
)

POSITIONS = [
    Position(
        "hearts named by L, after trick 2",
        DEAL_3,
        "pass, pass, pass, pass, call H, play KC, play JC, play QD, play AC, "
        "play QS, play JS, play TS, play 9H",
        (),
        304,
    ),
    Position("must-trump position without must-trump", DEAL_3, MUST_TRUMP_PREFIX, (), 368),
    Position("the same with must-trump", DEAL_3, MUST_TRUMP_PREFIX, ("must-trump",), 168),
    Position(
        "hearts ordered up, D picks up QH and discards QC, after trick 2",
        DEAL_5,
        "pass, pass, order, discard QC, play AD, play KD, play 9D, play QH, "
        "play 9H, play AH, play JH, play KH",
        (),
        136,
    ),
    Position(
        "P alone on hearts (D out), after trick 2",
        DEAL_8,
        "pass, order alone, play JD, play QH, play KH, play JC, play QC, play KC",
        (),
        40,
    ),
    Position(
        "L alone on spades named in round 2 (R out), after trick 1",
        DEAL_5,
        "pass, pass, pass, pass, call S alone, play AD, play KD, play QC",
        (),
        340,
    ),
    Position(
        "clubs named by P, after trick 2",
        DEAL_8,
        "pass, pass, pass, pass, pass, call C, play JD, play TD, play KD, play AD, "
        "play TC, play JC, play QC, play KC",
        (),
        720,
    ),
]

_CONFIGS: dict[tuple[str, ...], object] = {}


def config_for(rules: tuple[str, ...]):
    if rules not in _CONFIGS:
        _CONFIGS[rules] = load_variant("standard", rules=rules)
    return _CONFIGS[rules]


def fresh(pos: Position, extra: list[str]) -> State:
    state = new_hand(config_for(pos.rules), deal_of(pos.deal), dealer=0)
    run(state, pos.prefix)
    for text in extra:
        state.apply_text(text)
    return state


def engine_count(pos: Position) -> int:
    """Leaves of the play tree, replaying from the deal at every branching point."""

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
# The oracle: a plain reading of §3 and §9, independent of the engine's plugins
# ---------------------------------------------------------------------------------------

NEXT = {"C": "S", "S": "C", "H": "D", "D": "H"}
ORDER = "9TJQKA"


def suit_of(c: Card, trump: str) -> str:
    if c.rank == "J" and c.suit.value == NEXT[trump]:
        return trump
    return c.suit.value


def power(c: Card, trump: str, led: str) -> int:
    s = suit_of(c, trump)
    if s == trump:
        if c.rank == "J":
            return 200 if c.suit.value == trump else 199
        return 100 + ORDER.index(c.rank)
    if s == led:
        return ORDER.index(c.rank)
    return -1


def oracle_count(
    hands: dict[int, list[Card]],
    active: list[int],
    trump: str,
    leader: int,
    trick: list[tuple[int, Card]],
    must_trump: bool,
) -> int:
    if not trick and not any(hands[s] for s in active):
        return 1
    if len(trick) == len(active):
        led = suit_of(trick[0][1], trump)
        winner = max(trick, key=lambda sc: power(sc[1], trump, led))[0]
        return oracle_count(hands, active, trump, winner, [], must_trump)
    seat = active[(active.index(leader) + len(trick)) % len(active)]
    hand = hands[seat]
    choices = hand
    if trick:
        led = suit_of(trick[0][1], trump)
        follow = [c for c in hand if suit_of(c, trump) == led]
        trumps = [c for c in hand if suit_of(c, trump) == trump]
        if follow:
            choices = follow
        elif must_trump and trumps:
            choices = trumps
    total = 0
    for c in list(choices):
        hand.remove(c)
        total += oracle_count(hands, active, trump, leader, [*trick, (seat, c)], must_trump)
        hand.append(c)
    return total


def oracle_for(pos: Position) -> int:
    state = fresh(pos, [])
    assert state.phase is Phase.PLAY
    trump = state.contract.trump
    assert isinstance(trump, Suit)
    return oracle_count(
        {s: list(state.hands[s]) for s in state.active},
        list(state.active),
        trump.value,
        state.leader if not state.trick else state.trick[0][0],
        list(state.trick),
        "must-trump" in pos.rules,
    )


@pytest.mark.parametrize("pos", POSITIONS, ids=[p.name for p in POSITIONS])
def test_perft_counts_every_legal_play_sequence(pos: Position):
    assert engine_count(pos) == pos.count


@pytest.mark.parametrize("pos", POSITIONS, ids=[p.name for p in POSITIONS])
def test_perft_numbers_agree_with_an_independent_reading_of_the_rules(pos: Position):
    assert oracle_for(pos) == pos.count


def test_must_trump_only_removes_sequences():
    """HR-MUST-TRUMP restricts a void player's choice: fewer sequences from one position."""
    assert POSITIONS[2].count < POSITIONS[1].count
