"""Simulation: many games or hands between bots, with per-hand records.

Work is split into chunks of games (or single hands); each game has its own seed derived
from the run's seed and the game's number, and each seat's bot its own seed derived from
the game's, so the same seed gives the same records whether the chunks run in one process
or several (``jobs``). Two rule sets run from the same seed meet the same deals in the same
order (:func:`euchre_core.state.deal_seed`): the basis of paired comparisons.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import importlib
import multiprocessing
import os
import signal
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .bots import Bot, make_bot
from .config import Config, load_variant
from .errors import EuchreError
from .events import HandScored
from .playout import play_out
from .state import State

__all__ = [
    "Chunk",
    "GameRecord",
    "HandRecord",
    "SimResult",
    "VariantSpec",
    "chunk_size_for",
    "game_seed",
    "run_chunk_task",
    "run_chunks",
    "simulate",
]


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
    scored. (The loop is :func:`euchre_core.playout.play_out`.)"""
    state = State(config, seed=seed, max_hands=max_hands)
    if on_hand is None:
        play_out(state, bots)
    else:
        tell = on_hand
        play_out(state, bots, lambda scored: tell(hand_record(scored, game)))
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


def chunks(n: int, size: int) -> Iterator[list[int]]:
    """The numbers 0 … n-1 in runs of ``size``."""
    if size < 1:
        raise EuchreError(f"a chunk holds at least one game, not {size}")
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


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

ChunkResult = tuple[list[HandRecord], list[GameRecord]]
R = TypeVar("R")


@dataclass(frozen=True)
class Chunk:
    """One unit of work, picklable: the games numbered ``games`` of ``spec`` from ``seed``.

    Its result depends on nothing else, so chunks may run anywhere, in any order.
    """

    spec: VariantSpec
    seed: int | str
    bots: tuple[str, ...]
    games: tuple[int, ...]
    single_hands: bool = False


@functools.lru_cache(maxsize=32)
def _loaded(spec: VariantSpec) -> Config:
    """A worker loads each variant once and reuses it for every chunk of it."""
    return spec.load()


def run_chunk_task(chunk: Chunk) -> ChunkResult:
    """Play one :class:`Chunk` (the function that workers run)."""
    return run_chunk(_loaded(chunk.spec), chunk.seed, chunk.bots, chunk.games, chunk.single_hands)


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
    text = repr((what, chunk.spec, chunk.seed, chunk.bots, chunk.games, chunk.single_hands))
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
) -> SimResult:
    """Play ``games`` whole games or ``hands`` single hands between bots.

    :param bots: one bot name for every seat, or one per seat
    :param jobs: worker processes (results are identical for any number)
    :param scheduler: run the chunks on a Dask cluster (see :func:`run_chunks`)
    :param chunk_size: games (or hands) per chunk of work; by default
      :func:`chunk_size_for` the number of workers
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
    parts = list(
        chunks(count, chunk_size if chunk_size is not None else chunk_size_for(count, jobs))
    )
    done = 0
    if (jobs > 1 or scheduler) and spec is not None and len(parts) > 1:
        work = [Chunk(spec, seed, tuple(bots), tuple(p), single) for p in parts]
        slots: list[ChunkResult | None] = [None] * len(work)

        def collect(i: int, res: ChunkResult) -> None:
            nonlocal done
            slots[i] = res
            done += len(res[1])
            if progress:
                progress(done)

        run_chunks(work, collect, jobs=jobs, scheduler=scheduler)
        for res in slots:
            assert res is not None
            result.hands.extend(res[0])
            result.games.extend(res[1])
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
