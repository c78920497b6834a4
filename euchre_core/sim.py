"""Simulation: many games or hands between bots, with per-hand records.

Work is split into chunks of games (or single hands); each game has its own seed derived
from the run's seed and the game's number, and each seat's bot its own seed derived from
the game's, so the same seed gives the same records whether the chunks run in one process
or several (``jobs``). Two rule sets run from the same seed meet the same deals in the same
order (:func:`euchre_core.state.deal_seed`): the basis of paired comparisons.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .bots import Bot, make_bot
from .config import Config, load_variant
from .errors import EuchreError
from .events import HandScored
from .state import State

__all__ = ["GameRecord", "HandRecord", "SimResult", "VariantSpec", "game_seed", "simulate"]


def game_seed(seed: int | str, game: int) -> str:
    """Seed of game number ``game`` of a run seeded ``seed``."""
    return f"{seed}/{game}"


@dataclass(frozen=True)
class HandRecord:
    """One hand of a simulation.

    :ivar game: game number in the run; :ivar hand: deal number in the game
    :ivar dealer: dealer seat
    :ivar maker: the seat that made trump, ``None`` when passed out or nobody made it
    :ivar trump: suit letter, ``NT`` for no trump, ``None`` when passed out
    :ivar level: the bid (auction, pepper) or ``None``
    :ivar alone: seats that played alone (makers or defenders)
    :ivar makers: the maker's side
    :ivar outcome: ``make``, ``march``, ``euchre`` … or ``passed out``
    :ivar tricks: tricks per seat; :ivar points: points per seat this hand
    :ivar scores: scores per seat after the hand
    """

    game: int
    hand: int
    dealer: int
    maker: int | None
    trump: str | None
    level: int | str | None
    alone: tuple[int, ...]
    makers: tuple[int, ...]
    outcome: str
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def passed_out(self) -> bool:
        return self.outcome == "passed out"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class GameRecord:
    """One game of a simulation: its seed, first dealer, length, winners and scores."""

    game: int
    seed: str
    first_dealer: int
    hands: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    first_scorer: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class SimResult:
    """What :func:`simulate` returns."""

    variant: str
    seats: int
    partnerships: tuple[tuple[int, ...], ...] | None
    seed: int | str
    bots: tuple[str, ...]
    hands: list[HandRecord] = field(default_factory=list)
    games: list[GameRecord] = field(default_factory=list)


@dataclass(frozen=True)
class VariantSpec:
    """A picklable description of a variant with its rules and options (for workers)."""

    variant: str
    rules: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    players: int | None = None

    def load(self) -> Config:
        return load_variant(
            self.variant, rules=self.rules, options=self.options, players=self.players
        )


def hand_record(scored: HandScored, game: int) -> HandRecord:
    """The record of a scored hand (from its :class:`HandScored` event)."""
    c = scored.contract
    trump = None if c is None else ("NT" if c.trump is None else c.trump.value)
    return HandRecord(
        game=game,
        hand=scored.number,
        dealer=scored.dealer,
        maker=None if c is None else c.maker,
        trump=trump,
        level=None if c is None else c.level,
        alone=scored.alone,
        makers=scored.makers,
        outcome=scored.outcome,
        tricks=scored.tricks,
        points=scored.points,
        scores=scored.scores,
    )


def play_game(
    config: Config,
    seed: int | str,
    bots: Sequence[Bot],
    *,
    game: int = 0,
    max_hands: int | None = None,
    on_hand: Callable[[HandRecord], None] | None = None,
) -> State:
    """Play one game (or ``max_hands`` hands) between bots, seat ``i`` played by
    ``bots[i]``; returns the finished state."""
    state = State(config, seed=seed, max_hands=max_hands)
    seen = 0
    while state.to_act is not None:
        seat = state.to_act
        bot = bots[seat]
        view = state.view(seat) if bot.uses_view else None
        state.apply(bot.choose(view, state.legal_actions()))
        if on_hand is not None and len(state.hand_records) > seen:
            for _ in range(len(state.hand_records) - seen):
                seen += 1
                on_hand(hand_record(state.hand_records[seen - 1], game))
    return state


def _bots_for(names: Sequence[str], seats: int, seed: str) -> list[Bot]:
    if len(names) == 1:
        names = list(names) * seats
    if len(names) != seats:
        raise EuchreError(f"{len(names)} bots given for {seats} seats")
    return [make_bot(name, f"{seed}/seat{s}") for s, name in enumerate(names)]


def run_chunk(
    config: Config,
    seed: int | str,
    bot_names: Sequence[str],
    games: Iterable[int],
    single_hands: bool,
) -> tuple[list[HandRecord], list[GameRecord]]:
    """Play the games (or single hands) numbered ``games``; deterministic per number."""
    hands: list[HandRecord] = []
    records: list[GameRecord] = []
    seats = config.rules().table(config).seats
    for g in games:
        gseed = game_seed(seed, g)
        bots = _bots_for(bot_names, seats, gseed)
        mine: list[HandRecord] = []
        state = play_game(
            config, gseed, bots, game=g, max_hands=1 if single_hands else None, on_hand=mine.append
        )
        hands.extend(mine)
        first = next((h for h in mine if any(h.points)), None)
        first_scorer = tuple(s for s, p in enumerate(first.points) if p > 0) if first else ()
        res = state.result
        records.append(
            GameRecord(
                game=g,
                seed=gseed,
                first_dealer=state.first_dealer,
                hands=len(mine),
                winners=tuple(res.winners) if res else (),
                scores=tuple(state.scores),
                reason=res.reason if res else "",
                first_scorer=first_scorer,
            )
        )
    return hands, records


def _worker(
    args: tuple[VariantSpec, int | str, tuple[str, ...], list[int], bool],
) -> tuple[list[HandRecord], list[GameRecord]]:
    spec, seed, bots, games, single = args
    return run_chunk(spec.load(), seed, bots, games, single)


def chunks(n: int, size: int) -> Iterator[list[int]]:
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


def simulate(
    variant: str | Path | Config | VariantSpec = "standard",
    *,
    games: int | None = None,
    hands: int | None = None,
    bots: Sequence[str] = ("random",),
    seed: int | str = 0,
    rules: Sequence[str] = (),
    options: Mapping[str, Any] | Sequence[str] = (),
    players: int | None = None,
    jobs: int = 1,
    chunk_size: int = 50,
    progress: Callable[[int], None] | None = None,
) -> SimResult:
    """Play ``games`` whole games or ``hands`` single hands between bots.

    :param bots: one bot name for every seat, or one per seat
    :param jobs: worker processes (results are identical for any number)
    :param progress: called with the number of games (or hands) finished so far
    :returns: a :class:`SimResult` with per-hand and per-game records, in game order
    """
    if (games is None) == (hands is None):
        raise EuchreError("give either games or hands")
    count = games if games is not None else hands
    assert count is not None
    if count < 0:
        raise EuchreError("the number of games or hands cannot be negative")
    single = hands is not None
    if isinstance(variant, VariantSpec):
        spec: VariantSpec | None = variant
        config = variant.load()
    elif isinstance(variant, Config):
        spec = None
        config = (
            load_variant(variant, rules=rules, options=options, players=players)
            if (rules or options or players)
            else variant
        )
    else:
        opts = (
            tuple(options)
            if not isinstance(options, Mapping)
            else tuple(f"{k}={v}" for k, v in options.items())
        )
        spec = VariantSpec(str(variant), tuple(rules), opts, players)
        config = spec.load()
    table = config.rules().table(config)
    result = SimResult(config.name, table.seats, table.partnerships, seed, tuple(bots))
    for name in set(bots):
        make_bot(name)  # fail early on an unknown bot
    parts = list(chunks(count, chunk_size))
    done = 0
    if jobs > 1 and spec is not None and len(parts) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for h, g in pool.map(_worker, [(spec, seed, tuple(bots), p, single) for p in parts]):
                result.hands.extend(h)
                result.games.extend(g)
                done += len(g)
                if progress:
                    progress(done)
    else:
        for p in parts:
            h, g = run_chunk(config, seed, bots, p, single)
            result.hands.extend(h)
            result.games.extend(g)
            done += len(g)
            if progress:
                progress(done)
    return result


def default_jobs() -> int:
    """The processors this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
