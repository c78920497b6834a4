"""Simulation: many games or hands between bots, with summary statistics and, when asked
for, per-hand records.

Work is split into chunks of games (or single hands); each game has its own seed derived
from the run's seed and the game's number, and so do its bots: the random seats of a game
share one generator seeded from the run's seed and the game's number, every other bot is
seeded from the game's seed and its seat. The same seed therefore gives the same records
whether the chunks run in one process or several (``jobs``). Two rule sets run from the
same seed meet the same deals in the same order (:func:`euchre_core.state.deal_seed`): the
basis of paired comparisons.

The statistics (:class:`SimStats`) are counts summed as the hands are played, so a run of
any length holds no more than one chunk of work at a time; the records of every hand
and game are kept only when asked for (``keep_records``).
"""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import importlib
import multiprocessing
import os
import random
import signal
import sys
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ..bots import BOTS, Bot, RandomBot, make_bot
from ..config import Config, load_variant
from ..errors import ArgumentError, EuchreError
from ..events import HandScored
from ..state import State
from .playout import play_out

__all__ = [
    "GAME_HAND_LIMIT",
    "Chunk",
    "ChunkResult",
    "GameRecord",
    "HandRecord",
    "SimResult",
    "SimStats",
    "VariantSpec",
    "chunk_size_for",
    "game_seed",
    "random_seats_seed",
    "run_chunk_task",
    "run_chunks",
    "simulate",
]


def game_seed(seed: int | str, game: int) -> str:
    """Seed of game number ``game`` of a run seeded ``seed``."""
    return f"{seed}/{game}"


@dataclass(frozen=True, slots=True)
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
    :ivar made: whether the makers fulfilled their contract (``None``: no makers)
    :ivar facts: the plugins' facts about the hand (``euchre_hand_facts``)
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
    made: bool | None = None
    facts: Mapping[str, float] = field(default_factory=dict)

    @property
    def passed_out(self) -> bool:
        return self.outcome == "passed out"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (HandRecord, _field_values(self))


@dataclass(frozen=True, slots=True)
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

    def __reduce__(self) -> tuple[Any, ...]:
        return (GameRecord, _field_values(self))


def _field_values(record: Any) -> tuple[Any, ...]:
    """The fields of a record in order (how records with slots travel to and from
    worker processes)."""
    return tuple(getattr(record, f) for f in record.__dataclass_fields__)


class SimStats:
    """Summary statistics of a simulation, counted as the hands are played.

    Every figure is a whole-number count, so the statistics of a run are the sums of
    those of its chunks in any order (:meth:`merge`): the same for any number of workers.
    A *side* is a partnership, or a single seat when every player scores alone.

    :ivar sides: the sides, as tuples of seats
    :ivar hands: hands played; :ivar games: games played (single hands count as games)
    :ivar passed_out: hands nobody made trump in
    :ivar contracts: hands with makers (not passed out)
    :ivar made: contracts the makers fulfilled (the scoring's word: Buck's makers lose
      points on a made bid); :ivar marched: contracts in which the makers took every trick
    :ivar lone: contracts with the maker playing alone; :ivar lone_made,
      :ivar lone_marched: those made, those marched
    :ivar side_points: points scored by each side (counted once per side, at its first
      seat); :ivar side_contracts: contracts made by a seat of each side
    :ivar side_wins: games each side won (a game may have winners on several sides)
    :ivar unfinished: games stopped at :data:`GAME_HAND_LIMIT` hands with no winner
    """

    __slots__ = (
        "_first",
        "_side_of",
        "contracts",
        "games",
        "hands",
        "lone",
        "lone_made",
        "lone_marched",
        "made",
        "marched",
        "passed_out",
        "side_contracts",
        "side_points",
        "side_wins",
        "sides",
        "unfinished",
    )

    def __init__(self, sides: Sequence[Sequence[int]]):
        self.sides: tuple[tuple[int, ...], ...] = tuple(tuple(side) for side in sides)
        self.hands = 0
        self.games = 0
        self.passed_out = 0
        self.contracts = 0
        self.made = 0
        self.marched = 0
        self.lone = 0
        self.lone_made = 0
        self.lone_marched = 0
        self.side_points = [0] * len(self.sides)
        self.side_contracts = [0] * len(self.sides)
        self.side_wins = [0] * len(self.sides)
        self.unfinished = 0
        self._first = tuple(side[0] for side in self.sides)
        self._side_of = {s: i for i, side in enumerate(self.sides) for s in side}

    def add_hand(self, scored: HandScored) -> None:
        """Count one scored hand."""
        self.hands += 1
        points = scored.points
        side_points = self.side_points
        for i, first in enumerate(self._first):
            side_points[i] += points[first]
        if scored.outcome == "passed out":
            self.passed_out += 1
            return
        makers = scored.makers
        if not makers:
            return
        self.contracts += 1
        contract = scored.contract
        maker = None if contract is None else contract.maker
        side = self._side_of.get(maker) if maker is not None else None
        if side is not None:
            self.side_contracts[side] += 1
        made = scored.made is True  # the scoring hook's word (Buck's makers lose points)
        taken = 0
        tricks = scored.tricks
        for s in makers:
            taken += tricks[s]
        total = sum(tricks)
        marched = total > 0 and taken == total
        self.made += made
        self.marched += marched
        if maker is not None and maker in scored.alone:
            self.lone += 1
            self.lone_made += made
            self.lone_marched += marched

    def add_game(self, winners: Iterable[int], *, finished: bool = True) -> None:
        """Count one game (or single hand) and its winning seats (``finished`` false: a
        game stopped at the hand limit)."""
        self.games += 1
        self.unfinished += not finished
        won = set(winners)
        if won:
            for i, side in enumerate(self.sides):
                if won.intersection(side):
                    self.side_wins[i] += 1

    def merge(self, other: SimStats) -> None:
        """Add the counts of ``other`` (another chunk of the same run)."""
        if other.sides != self.sides:
            raise EuchreError("cannot merge the statistics of tables with other sides")
        for name in (
            "hands",
            "games",
            "passed_out",
            "unfinished",
            "contracts",
            "made",
            "marched",
            "lone",
            "lone_made",
            "lone_marched",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("side_points", "side_contracts", "side_wins"):
            mine, theirs = getattr(self, name), getattr(other, name)
            setattr(self, name, [a + b for a, b in zip(mine, theirs, strict=True)])

    def counts(self) -> dict[str, Any]:
        """Every count, by name (for comparing two runs' statistics)."""
        return {name: getattr(self, name) for name in self.__slots__ if name[0] != "_"}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SimStats) and self.counts() == other.counts()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SimStats({self.counts()})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt_stats, (self.counts(),))


def _rebuilt_stats(counts: Mapping[str, Any]) -> SimStats:
    stats = SimStats(counts["sides"])
    for name, value in counts.items():
        if name != "sides":
            setattr(stats, name, value)
    return stats


@dataclass
class SimResult:
    """What :func:`simulate` returns: the summary statistics (``stats``) and, when asked
    for (``keep_records``), the record of every hand and game in game order (otherwise
    ``hands`` and ``games`` are empty).

    :ivar requested: the games (or single hands) asked for
    :ivar interrupted: the run was stopped by Ctrl-C (``stop_on_interrupt``): ``stats``
      and the records hold only the chunks of work finished by then
    """

    variant: str
    seats: int
    partnerships: tuple[tuple[int, ...], ...] | None
    seed: int | str
    bots: tuple[str, ...]
    hands: list[HandRecord] = field(default_factory=list)
    games: list[GameRecord] = field(default_factory=list)
    stats: SimStats = field(default_factory=lambda: SimStats(()))
    requested: int = 0
    interrupted: bool = False


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
        made=scored.made,
        facts=dict(scored.facts) if scored.facts else {},
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
    ``bots[i]``; returns the finished state. ``on_hand`` is told of each hand as it is
    scored. (The loop is :func:`euchre_core.analysis.playout.play_out`.)"""
    state = State(config, seed=seed, max_hands=max_hands)
    if on_hand is None:
        play_out(state, bots)
    else:
        tell = on_hand
        play_out(state, bots, lambda scored: tell(hand_record(scored, game)))
    return state


def _seat_names(names: Sequence[str], seats: int) -> list[str]:
    if len(names) == 1:
        names = list(names) * seats
    if len(names) != seats:
        raise ArgumentError(f"{len(names)} bots given for {seats} seats")
    return [n.strip().lower() for n in names]


def random_seats_seed(seed: int | str, game: int) -> int:
    """The seed of the generator that the random seats of game ``game`` of a run seeded
    ``seed`` share (the same on every platform and Python version)."""
    return (_random_seats_base(seed) << 40) + game


def _random_seats_base(seed: int | str) -> int:
    text = f"random-seats:{seed}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


@dataclass(slots=True)
class ChunkResult:
    """What a chunk of work gives back: its statistics, and its records when kept."""

    stats: SimStats
    hands: list[HandRecord] = field(default_factory=list)
    games: list[GameRecord] = field(default_factory=list)

    def __reduce__(self) -> tuple[Any, ...]:
        return (ChunkResult, (self.stats, self.hands, self.games))


#: The most hands a simulated game may last. A game between bots that never reach the
#: target (random bots in pepper can sink ever deeper below zero) stops there, without a
#: winner, and is counted as unfinished; real games end long before (standard: about 12).
GAME_HAND_LIMIT = 1000


def run_chunk(
    config: Config,
    seed: int | str,
    bot_names: Sequence[str],
    games: Iterable[int],
    single_hands: bool,
    keep_records: bool = True,
) -> ChunkResult:
    """Play the games (or single hands) numbered ``games``; deterministic per number.

    The bots are made once for the chunk where they can be: the random seats share one
    random bot whose generator is seeded afresh for every game
    (:func:`random_seats_seed`); other bots are made for each game, seeded from the
    game's seed and their seat.

    Single hand ``g`` is played from one generator, seeded once for the hand with the
    seed of deal ``g`` of a game seeded ``seed`` (``State(config, seed=seed,
    deal_number=g, max_hands=1, rng=generator)``): it draws the hand's first dealer, its
    deal, and then the choices of its random seats (nothing else is seeded)."""
    rules = config.rules()
    table = rules.table(config)
    seats = table.seats
    names = _seat_names(bot_names, seats)
    stats = SimStats(table.sides)
    out = ChunkResult(stats)
    generator = random.Random()
    shared: Bot = RandomBot(draw=generator.random)
    is_random = [BOTS.get(n) is RandomBot for n in names]
    fixed = all(is_random)
    any_random = any(is_random)
    bots: list[Bot] = [shared] * seats
    base = _random_seats_base(seed)
    max_hands = 1 if single_hands else GAME_HAND_LIMIT
    add_hand = stats.add_hand
    for g in games:
        gseed = game_seed(seed, g) if keep_records or not fixed or not single_hands else ""
        if not fixed:
            bots = [
                shared if is_random[s] else make_bot(name, f"{gseed}/seat{s}")
                for s, name in enumerate(names)
            ]
        if single_hands:
            state = State(config, seed=seed, deal_number=g, max_hands=1, rules=rules, rng=generator)
        else:
            if any_random:
                generator.seed((base << 40) + g)  # random_seats_seed(seed, g)
            state = State(config, seed=gseed, max_hands=max_hands, rules=rules)
        play_out(state, bots)
        scored = state.hand_records
        for h in scored:
            add_hand(h)
        res = state.result
        winners = tuple(res.winners) if res else ()
        stats.add_game(winners, finished=single_hands or bool(winners))
        if keep_records:
            mine = [hand_record(h, g) for h in scored]
            out.hands.extend(mine)
            first = next((h for h in mine if any(h.points)), None)
            first_scorer = tuple(s for s, p in enumerate(first.points) if p > 0) if first else ()
            out.games.append(
                GameRecord(
                    game=g,
                    seed=gseed,
                    first_dealer=state.first_dealer,
                    hands=len(mine),
                    winners=winners,
                    scores=tuple(state.scores),
                    reason=res.reason if res else "",
                    first_scorer=first_scorer,
                )
            )
    return out


def chunks(n: int, size: int) -> Iterator[range]:
    """The numbers 0 … n-1 in runs of ``size``."""
    if size < 1:
        raise EuchreError(f"a chunk holds at least one game, not {size}")
    for start in range(0, n, size):
        yield range(start, min(n, start + size))


#: Games (or hands) in a chunk at the most.
CHUNK_SIZE = 50


def chunk_size_for(count: int, workers: int) -> int:
    """Games per chunk for ``count`` games on ``workers`` workers: :data:`CHUNK_SIZE`, or
    fewer so that each worker gets about sixteen chunks and none is left waiting long for
    the last one to finish. (The results never depend on it.)"""
    if workers <= 1:
        return CHUNK_SIZE
    return max(1, min(CHUNK_SIZE, count // (workers * 16)))


# ---------------------------------------------------------------------------------------
# Running chunks: in this process, on a pool of processes, or on a Dask cluster
# ---------------------------------------------------------------------------------------

R = TypeVar("R")


@dataclass(frozen=True)
class Chunk:
    """One unit of work, picklable: the games numbered ``games`` of ``spec`` from ``seed``.

    Its result depends on nothing else, so chunks may run anywhere, in any order.
    """

    spec: VariantSpec
    seed: int | str
    bots: tuple[str, ...]
    games: range | tuple[int, ...]
    single_hands: bool = False
    keep_records: bool = True


@functools.lru_cache(maxsize=32)
def _loaded(spec: VariantSpec) -> Config:
    """A worker loads each variant once and reuses it for every chunk of it."""
    return spec.load()


def run_chunk_task(chunk: Chunk) -> ChunkResult:
    """Play one :class:`Chunk` (the function that workers run)."""
    return run_chunk(
        _loaded(chunk.spec),
        chunk.seed,
        chunk.bots,
        chunk.games,
        chunk.single_hands,
        chunk.keep_records,
    )


def _ignore_sigint() -> None:  # pragma: no cover - runs in worker processes
    """Workers leave Ctrl-C to the parent, which stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool_context() -> Any:
    """How worker processes start: forked where the system forks (Linux), so that they
    start at once, need no imports and inherit the parent's blocked Ctrl-C; elsewhere
    fresh interpreters (``spawn``)."""
    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def run_chunks(
    work: Sequence[Chunk],
    on_result: Callable[[int, R], None],
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    task: Callable[[Chunk], R] = run_chunk_task,  # type: ignore[assignment]
) -> None:
    """Run chunks and hand each result to ``on_result(index, result)`` as it finishes.

    Results arrive in any order when run in parallel; each is identical wherever it ran,
    so a caller that puts them back in ``index`` order gets the same records for any
    number of workers.

    :param task: what a worker does with a chunk (a module-level function, so that it
      reaches other processes by name): by default :func:`run_chunk_task`; a caller may
      have the workers also digest their records (``euchre compare`` works out its
      per-game figures there)

    :param jobs: worker processes on this machine (1: in this process); with a Dask
      ``scheduler``, the workers of a local cluster
    :param scheduler: ``None`` for this machine; ``"local"`` for a Dask ``LocalCluster``;
      ``"tcp://HOST:PORT"`` for a running Dask scheduler (the ``cluster`` extra; every
      worker must have the same version of euchre and its plugins installed)
    :raises KeyboardInterrupt: after stopping the workers, when interrupted; the results
      handed over so far stand.
    """
    if scheduler:
        _run_on_dask(work, on_result, jobs=jobs, scheduler=scheduler, task=task)
        return
    if jobs <= 1 or len(work) <= 1:
        for i, chunk in enumerate(work):
            on_result(i, task(chunk))
        return
    # Workers start with Ctrl-C blocked (the mask survives fork and exec), so that an
    # interruption while they start prints nothing from them; the parent stops them.
    mask = _block_sigint()
    # Forked workers inherit every object of the parent (the results of an earlier run
    # among them); frozen, no garbage collector walks them while the workers run: not
    # the workers' (they would be scanned again and again and copied page by page into
    # each worker), nor the parent's (its collections would copy the pages it shares
    # with the workers back, one by one).
    gc.freeze()
    try:
        try:
            with warnings.catch_warnings():
                # The children run only the engine, never the parent's other threads (a
                # progress bar), so forking while those run is safe here.
                warnings.filterwarnings("ignore", category=DeprecationWarning)
                pool = _pool_context().Pool(min(jobs, len(work)), initializer=_ignore_sigint)
        except BaseException:
            _restore_mask(mask)
            raise
        try:
            _restore_mask(mask)  # a Ctrl-C pressed meanwhile is raised here
            tasks = [(i, task, c) for i, c in enumerate(work)]
            for i, result in pool.imap_unordered(_indexed_task, tasks):
                on_result(i, result)
            pool.close()
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()
    finally:
        gc.unfreeze()


def _block_sigint() -> set[int | signal.Signals] | None:
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _restore_mask(mask: set[int | signal.Signals] | None) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold a Ctrl-C pressed inside the block until it ends (in the main thread, where
    Python runs its signal handlers; elsewhere nothing is held)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed: list[Any] = []
    previous = signal.signal(signal.SIGINT, lambda *args: pressed.append(args))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if pressed and callable(previous):
            previous(*pressed[0])


def _indexed_task(item: tuple[int, Callable[[Chunk], R], Chunk]) -> tuple[int, R]:
    i, task, chunk = item
    return i, task(chunk)


def _run_on_dask(
    work: Sequence[Chunk],
    on_result: Callable[[int, R], None],
    *,
    jobs: int,
    scheduler: str,
    task: Callable[[Chunk], R],
) -> None:
    try:
        # Imported by name: an optional extra, typed as Any.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise EuchreError(
            "running on a Dask cluster needs the cluster extra: pip install 'euchre[cluster]'"
        ) from None
    cluster = None
    try:
        if scheduler == "local":
            cluster = distributed.LocalCluster(
                n_workers=max(1, jobs),
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
            )
            client = distributed.Client(cluster)
        else:
            if not scheduler.startswith(("tcp://", "tls://", "ws://", "wss://", "inproc://")):
                raise EuchreError(f"--scheduler {scheduler!r}: expected tcp://HOST:PORT or local")
            client = distributed.Client(scheduler, timeout="10s")
    except EuchreError:
        raise
    except OSError as e:
        raise EuchreError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    try:
        futures = [
            client.submit(task, chunk, key=f"euchre-chunk-{i}-{_chunk_key(chunk, task)}")
            for i, chunk in enumerate(work)
        ]
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            for future in distributed.as_completed(futures):
                on_result(index[future.key], future.result())
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _chunk_key(chunk: Chunk, task: Callable[[Chunk], object]) -> str:
    """A stable task name: the same chunk and task have the same key on every run."""
    what = f"{task.__module__}.{task.__qualname__}"
    games = tuple(chunk.games)
    text = repr((what, chunk.spec, chunk.seed, chunk.bots, games, chunk.single_hands))
    if not chunk.keep_records:
        text += " no records"
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


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
    chunk_size: int | None = None,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
    keep_records: bool = True,
    stop_on_interrupt: bool = False,
) -> SimResult:
    """Play ``games`` whole games or ``hands`` single hands between bots.

    :param bots: one bot name for every seat, or one per seat
    :param jobs: worker processes (results are identical for any number)
    :param scheduler: run the chunks on a Dask cluster (see :func:`run_chunks`)
    :param chunk_size: games (or hands) per chunk of work; by default
      :func:`chunk_size_for` the number of workers
    :param progress: called with the number of games (or hands) finished so far
    :param keep_records: keep the record of every hand and game; without them the
      memory a run needs does not grow with its length (the statistics are counted as
      the hands are played)
    :param stop_on_interrupt: on Ctrl-C (:class:`KeyboardInterrupt`) stop the workers and
      return what was finished, marked ``interrupted``, instead of raising
    :returns: a :class:`SimResult` with the statistics and, if kept, the per-hand and
      per-game records in game order
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
    result.stats = SimStats(table.sides)
    for name in set(bots):
        make_bot(name)  # fail early on an unknown bot
    _seat_names(bots, table.seats)  # and on the wrong number of bots
    parts = list(
        chunks(count, chunk_size if chunk_size is not None else chunk_size_for(count, jobs))
    )
    result.requested = count
    # Chunk results wait here until those of every earlier chunk have been taken in, so
    # that the records stay in game order.
    waiting: dict[int, ChunkResult] = {}
    following = 0
    done = 0

    def take(i: int) -> None:
        """Add chunk ``i``'s figures to the result (Ctrl-C is held meanwhile, so that an
        interruption never leaves a chunk half counted)."""
        with _sigint_held():
            res = waiting.pop(i)
            result.stats.merge(res.stats)
            result.hands.extend(res.hands)
            result.games.extend(res.games)

    def collect(i: int, res: ChunkResult) -> None:
        nonlocal done, following
        waiting[i] = res
        while following in waiting:
            take(following)
            following += 1
        done += len(parts[i])
        if progress:
            progress(done)

    try:
        if (jobs > 1 or scheduler) and spec is not None and len(parts) > 1:
            work = [Chunk(spec, seed, tuple(bots), p, single, keep_records) for p in parts]
            run_chunks(work, collect, jobs=jobs, scheduler=scheduler)
        else:
            for i, p in enumerate(parts):
                collect(i, run_chunk(config, seed, bots, p, single, keep_records))
    except KeyboardInterrupt:
        if not stop_on_interrupt:
            raise
        result.interrupted = True
        for i in sorted(waiting):  # finished after a chunk that did not: kept, in order
            take(i)
    return result


def default_jobs() -> int:
    """The processors this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
