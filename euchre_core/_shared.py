"""What the state machine shares between games: the events and answers made once and
reused (events are immutable values), the seat orders of the play, and the deal seeds.

Read by :mod:`euchre_core.state` at every step; nothing here changes a game.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from .actions import PLAY, Action
from .cards import ALL_CARDS, Card
from .errors import EuchreError
from .events import (
    BidMade,
    CardPlayed,
    CardsTaken,
    Contract,
    ContractMade,
    Dealt,
    Discarded,
    Event,
    PlayStarted,
    UpCardTurned,
)
from .frozen import FrozenDict
from .model import Deal, Phase

if TYPE_CHECKING:
    from .state import State

_ONLY = tuple(frozenset((s,)) for s in range(8))
_NO_EXTRA: FrozenDict[str, Any] = FrozenDict()
# Phases as module constants: reading an enum member from its class is slow in 3.11.
_PLAY, _BIDDING, _PREPARE, _GAME_OVER = Phase.PLAY, Phase.BIDDING, Phase.PREPARE, Phase.GAME_OVER
_PLAY_OF: dict[Card, Action] = {p.card: p for p in PLAY}
# Events are immutable values: the frequent ones are made once and shared. A card played
# is looked up by seat and card index (no key to hash): every seat a table can have
# (at most eight) by every card.
_CARD_PLAYED: tuple[tuple[CardPlayed, ...], ...] = tuple(
    tuple([CardPlayed(s, c) for c in ALL_CARDS]) for s in range(8)
)
_DISCARDED: tuple[tuple[Discarded, ...], ...] = tuple(
    tuple([Discarded(s, c) for c in ALL_CARDS]) for s in range(8)
)
_DISCARDED_HIDDEN: tuple[Discarded, ...] = tuple(Discarded(s, None) for s in range(8))
# Keyed by the action's identity (the offered actions are shared objects; hashing one by
# value is a Python-level call): the entry keeps the action, so that its id stays its own.
_BID_MADE: dict[tuple[int, int], tuple[Action, BidMade]] = {}
_CONTRACT_MADE: dict[int, tuple[Contract, ContractMade]] = {}
# The makers and lone players a hand's record names, by the (plain) teams' seat sets.
_SIDES_OF: dict[
    tuple[frozenset[int], frozenset[int], frozenset[int]], tuple[tuple[int, ...], tuple[int, ...]]
] = {}
_CACHE_LIMIT = 4096
_DEALT_HIDDEN: dict[tuple[int, int], Dealt] = {}
_UPCARD_TAKEN: dict[tuple[int, int], CardsTaken] = {}
_UPCARD_TURNED: tuple[UpCardTurned, ...] = tuple(UpCardTurned(c) for c in ALL_CARDS)
# (seats, seats sitting out) -> (active seats clockwise, the next active seat after each
# seat, sitting out, the event of the start of the play without its leader's).
_Order = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[PlayStarted, ...]]
_ORDER: dict[tuple[int, frozenset[int]], _Order] = {}


def _next_active(seat: int, seats: int, out: frozenset[int]) -> int:
    """The first seat clockwise after ``seat`` that is not in ``out`` (``seat`` itself
    when every other seat is out)."""
    for k in range(1, seats):
        s = (seat + k) % seats
        if s not in out:
            return s
    return seat


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def deal_seed(seed: int | str, number: int) -> int:
    """The seed of deal ``number`` of a game seeded ``seed``.

    Every deal has its own random source derived from the game seed and the deal number,
    so that two rule sets playing from the same seed meet the same deals in the same
    order whatever happens in the hands. The value is the same on every platform and
    Python version (no use of ``hash()``).
    """
    return _seed_base(seed) + number


_SEED_BASES: dict[str, int] = {}


def _seed_base(seed: int | str) -> int:
    """``deal_seed(seed, number) - number``: worked out once per game (and kept for a
    text seed, hashed once)."""
    if isinstance(seed, int) and not isinstance(seed, bool):
        return (seed & 0xFFFFFFFFFFFFFFFF) * 1_000_003
    text = str(seed)
    found = _SEED_BASES.get(text)
    if found is None:
        base = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
        if len(_SEED_BASES) >= 1024:
            _SEED_BASES.clear()
        found = _SEED_BASES[text] = (base & 0xFFFFFFFFFFFFFFFF) * 1_000_003
    return found


def refusal(state: State, action: Action) -> str:
    """Why ``action`` is refused when no plugin says why: a card not held, an action of
    the wrong kind for the moment, or one not among the choices."""
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    card = action.card
    if card is not None and card not in state.hands[seat]:
        return f"seat {seat} does not hold {card}"
    kinds = sorted({type(a).keyword for a in legal})
    if type(action).keyword not in kinds:
        decision = state.decision
        what = {
            Phase.BIDDING: "bid",
            Phase.PREPARE: decision.kind if decision is not None else "decide",
            Phase.PLAY: "play a card",
        }
        return (
            f"seat {seat} must {what.get(state.phase, 'act')} now, "
            f"not '{action}' (choices: {', '.join(str(a) for a in legal)})"
        )
    return f"'{action}' is not allowed now (choices: {', '.join(str(a) for a in legal)})"


def check_deal(state: State, deal: Deal) -> None:
    """An explicit deal must hold each card of the pack at most once."""
    if len(deal.hands) != state.seats:
        raise EuchreError(f"the deal has {len(deal.hands)} hands for {state.seats} seats")
    seen: set[Card] = set()
    deck = set(state.table.deck)
    for c in deal.all_cards():
        if c in seen:
            raise EuchreError(f"the deal holds {c} twice")
        if c not in deck:
            raise EuchreError(f"the deal holds {c}, which is not in this variant's pack")
        seen.add(c)


def events_seen(
    events: list[Event],
    private: dict[int, tuple[frozenset[int], Event | None]],
    start: int,
    seats: frozenset[int],
) -> list[Event]:
    """The events of the log from index ``start`` as every seat of ``seats`` sees them:
    an event some seats may not see is kept when all of ``seats`` see it, else replaced
    by what the others see (its redacted form), or left out when they see nothing."""
    out: list[Event] = []
    for i in range(start, len(events)):
        p = private.get(i)
        if p is None or seats <= p[0]:
            out.append(events[i])
        elif p[1] is not None:
            out.append(p[1])
    return out
