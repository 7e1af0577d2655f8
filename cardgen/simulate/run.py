"""Playing a request's games on every core, and stopping at once with what was played.

Each setting's games ``0 … games-1`` are cut into shares of at most ``SHARE``
consecutive indices; a share is played by a worker process
(``cardgen.write.workers.worker_pool``, whose workers die with this process) and
comes back as a tally (``cardgen.rules.got.tally``). Game ``i`` is always seeded
``game_seed(seed, i)`` and tallies hold whole numbers only, so the figures are
the same for any number of workers and any order the shares finish in. One
worker (or one share) plays in this process, without a pool.

Stopping (``stoppable``): while a run lasts, SIGINT (Ctrl-C, even where a shell
started the command in the background), SIGTERM and SIGHUP (unless ignored, as
``nohup`` does) set one byte of memory shared with the workers
(an anonymous shared mapping, inherited when they are forked), and this process
passes SIGINT on to each worker. A game in progress is abandoned there and then
(the signal handler raises ``Halted`` inside it, and only inside a game), each share
returns the games it finished, the shares not started return none, and the run
returns what was finished, marked ``interrupted`` with the signal that stopped it.
A game never needs to end for the run to stop, however long it would last. Should a
worker not answer within ``GRACE`` seconds, it is killed and its share's games are
left out. The workers are forked with SIGTERM and SIGHUP blocked, so only this
process takes them; where processes are not forked, a share is stopped only when
it ends.
"""

from __future__ import annotations

import contextlib
import math
import mmap
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from typing import Any

from cardgen.rules.amtrak.simulation import AmtrakTally, play_amtrak
from cardgen.rules.got import fast
from cardgen.rules.got.simulation import play_game
from cardgen.rules.got.tally import Tally
from cardgen.rules.shared import game_seed
from cardgen.simulate.settings import Request, Setting
from cardgen.write.workers import available_cores, worker_pool

__all__ = ["SHARE", "AnyTally", "Halted", "Outcome", "available_cores", "playing", "run", "shares", "stoppable"]

Progress = Callable[[int, int], None]
AnyTally = Tally | AmtrakTally
Job = tuple[int, Setting, int, int, int]  # setting index, setting, seed, first game, end
SHARE = 250  # games in a share at most: a progress step
IN_FLIGHT = 3  # shares handed to the pool at a time, per worker
GRACE = 3.0  # seconds a worker has to answer a stop before it is killed
STOPS = ("SIGINT", "SIGTERM", "SIGHUP")

_stop: mmap.mmap | None = None  # while a run lasts: one byte shared with the workers, nonzero to stop
_playing = False  # in this process: a game is being played (a stop signal abandons it)


class Halted(Exception):
    """Raised inside a game by a stop signal: the game is abandoned, unfinished."""


def _stopping() -> bool:
    return _stop is not None and _stop[0] != 0


def _tally(setting: Setting) -> AnyTally:
    return AmtrakTally(setting.players) if setting.setup is not None else Tally(setting.players)


@contextlib.contextmanager
def playing() -> Iterator[None]:
    """A game is played in the block: a stop signal raises ``Halted`` inside it (within ``stoppable``)."""
    global _playing
    _playing = True
    try:
        yield
    finally:
        _playing = False


def _play_share(job: Job) -> tuple[int, AnyTally]:
    """Play games ``start … end-1`` of one setting (in a worker or here); the games finished
    before a stop, the one in progress abandoned."""
    index, setting, seed, start, end = job
    tally = _tally(setting)
    try:
        for i in range(start, end):
            if _stopping():
                break
            with playing():
                if setting.variant is not None:
                    record: Any = play_game(setting.variant, game_seed(seed, i), setting.bot)
                else:
                    assert setting.setup is not None
                    record = play_amtrak(setting.setup, game_seed(seed, i), setting.bot)
            tally.add(record)
    except Halted:
        pass  # (raised only while a game was played: the tally holds the games finished)
    return index, tally


@dataclass
class Outcome:
    """A run's result: each setting's tally, and whether a signal (``stopped_by``) stopped it early."""

    request: Request
    settings: list[Setting]
    tallies: list[AnyTally]
    interrupted: bool
    stopped_by: int | None = None  # the signal's number

    @property
    def played(self) -> int:
        return sum(t.games for t in self.tallies)

    @property
    def asked(self) -> int:
        return len(self.settings) * self.request.games


def shares(games: int, workers: int) -> list[tuple[int, int]]:
    """Game indices cut into consecutive shares: at least four a worker, at most ``SHARE`` games each.

    >>> shares(10, 2)
    [(0, 2), (2, 4), (4, 6), (6, 8), (8, 10)]
    >>> len(shares(10_000, 2)), shares(1, 8)
    (40, [(0, 1)])
    """
    size = max(1, min(SHARE, math.ceil(games / (4 * max(1, workers)))))
    return [(a, min(games, a + size)) for a in range(0, games, size)]


class Stop:
    """What ``stoppable`` yields: whether a stop was asked, by which signal, and the workers to tell."""

    def __init__(self, flag: mmap.mmap) -> None:
        self.flag = flag
        self.signum: int | None = None
        self.at: float | None = None  # when the stop was asked (time.monotonic)
        self.workers: list[int] = []

    def __call__(self) -> bool:
        return self.flag[0] != 0

    def ask(self, signum: int | None = None) -> None:
        """Stop: the byte set, every worker told (SIGINT abandons the game it is playing)."""
        self.flag[0] = 1
        if self.at is None:
            self.at, self.signum = time.monotonic(), signum
        for pid in self.workers:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGINT)


@contextlib.contextmanager
def stoppable() -> Iterator[Stop]:
    """While the block runs, SIGINT, SIGTERM and SIGHUP stop it (see the module docstring) instead of
    raising; a game being played in this process is abandoned with ``Halted``."""
    global _stop
    flag = mmap.mmap(-1, 1)  # anonymous and shared: forked workers see the same byte
    stop = Stop(flag)
    _stop = flag
    me = os.getpid()
    kept: dict[int, Any] = {}

    def on_signal(signum: int, frame: object) -> None:
        flag[0] = 1  # (in a worker too: the handler is inherited, and the byte is shared)
        if os.getpid() == me:
            stop.ask(signum)
        if _playing:
            raise Halted

    if threading.current_thread() is threading.main_thread():
        for name in STOPS:
            signum = getattr(signal, name, None)
            if signum is not None and (name == "SIGINT" or signal.getsignal(signum) != signal.SIG_IGN):
                kept[signum] = signal.signal(signum, on_signal)
    try:
        yield stop
    except BaseException:
        stop.ask()  # a failure: every worker stops at once
        raise
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)
        _stop = None


@contextlib.contextmanager
def _termination_held() -> Iterator[None]:
    """SIGTERM and SIGHUP blocked in this thread for the block: the workers forked in it keep them blocked."""
    held = {getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)}
    mask = getattr(signal, "pthread_sigmask", None)
    before = mask(signal.SIG_BLOCK, held) if mask and held else None
    try:
        yield
    finally:
        if mask and before is not None:
            mask(signal.SIG_SETMASK, before)


def run(
    request: Request, *, workers: int | None = None, progress: Progress | None = None, cluster: str | None = None
) -> Outcome:
    """Play every setting's games on ``workers`` processes (default: every core), or on the Dask
    cluster whose scheduler is at ``cluster`` (``simulate.cluster``: the same shares, the same
    figures); ``progress(done, total)`` is called as shares finish. Shares are handed out a few at a
    time (``IN_FLIGHT`` a worker), so a run of any size holds only those."""
    settings = request.settings()
    wanted = available_cores() if workers is None else workers
    cut = shares(request.games, wanted)
    jobs: Iterator[Job] = ((k, s, request.seed, a, b) for k, s in enumerate(settings) for a, b in cut)
    tallies = [_tally(s) for s in settings]
    total, done = len(settings) * request.games, 0

    def count(result: tuple[int, AnyTally]) -> None:
        nonlocal done
        k, t = result
        tallies[k] = tallies[k].merge(t)  # type: ignore[arg-type]
        done += t.games
        if progress is not None:
            progress(done, total)

    if cluster is not None:
        from cardgen.simulate.cluster import play_on_cluster

        with stoppable() as stop:
            play_on_cluster(cluster, settings, request.games, request.seed, _play_share, stop, count)
        return Outcome(request, settings, tallies, stop(), stop.signum if stop() else None)
    with stoppable() as stop:
        for s in settings:  # the compiled kernel, if it plays these games, loaded here once: forked workers have it
            if s.variant is not None and fast.prepare(s.variant, s.bot):
                break
        n = min(wanted, len(settings) * len(cut))
        if n <= 1:
            for job in jobs:
                count(_play_share(job))
                if stop():
                    break
        else:
            on_pool(n, jobs, stop, count, _play_share)
    return Outcome(request, settings, tallies, stop(), stop.signum if stop() else None)


def on_pool(
    n: int, jobs: Iterator[Any], stop: Stop, count: Callable[[tuple[int, Any]], None], play: Callable[[Any], Any]
) -> None:
    """Play the jobs on a pool of ``n`` workers (``play``, a module-level function, plays one), a few
    shares in flight; on a stop, count what comes back (each share at once: its game in progress
    abandoned) and kill a worker that does not answer. Every game's simulation runs its shares here."""
    before = set(multiprocessing.active_children())
    pool = worker_pool(n)
    try:
        with _termination_held():  # the pool forks its workers at the first submit
            running: set[Future[tuple[int, Any]]] = {pool.submit(play, next(jobs))}
        stop.workers = [p.pid for p in multiprocessing.active_children() if p not in before and p.pid]
        if stop():  # a signal came before the workers were known to it
            stop.ask(stop.signum)
        while True:  # refill, then wait: every share in flight may finish in one wait
            while not stop() and len(running) < IN_FLIGHT * n and (more := next(jobs, None)) is not None:
                running.add(pool.submit(play, more))
            if not running:
                break
            finished, running = wait(running, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                count(future.result())
            if running and stop.at is not None and time.monotonic() - stop.at > GRACE:
                for pid in stop.workers:  # a worker that does not answer: its share is left out
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
                break
    finally:
        pool.shutdown(wait=True, cancel_futures=True)  # (a killed worker is gone already)
