"""Playing a request's games on every core, and stopping cleanly with what was played.

Each setting's games ``0 … games-1`` are cut into shares of at most ``SHARE``
consecutive indices; a share is played by a worker process
(``cardgen.write.workers.worker_pool``, whose workers die with this process) and
comes back as a tally (``cardgen.rules.tally``). Game ``i`` is always seeded
``game_seed(seed, i)`` and tallies hold whole numbers only, so the figures are
the same for any number of workers and any order the shares finish in. One
worker (or one share) plays in this process, without a pool.

Ctrl-C does not kill anything: while a run lasts, SIGINT sets one byte of
memory shared with the workers (an anonymous shared mapping, inherited when the
workers are forked), every share stops after the game it is playing, and the run
returns what was finished, marked ``interrupted``. The workers are joined before
``run`` returns. SIGTERM and SIGHUP (which the command line turns into an
exception that unwinds the run) set the same byte on the way out. The workers
are forked with SIGTERM and SIGHUP blocked, so only this process takes them.
Where processes are not forked, a share is stopped only when it ends.
"""

from __future__ import annotations

import contextlib
import math
import mmap
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, wait
from dataclasses import dataclass
from typing import Any

from cardgen.rules.amtrak_simulate import AmtrakTally, play_amtrak
from cardgen.rules.simulate import game_seed, play_game
from cardgen.rules.tally import Tally
from cardgen.simulate.settings import Request, Setting
from cardgen.write.workers import worker_pool

__all__ = ["SHARE", "AnyTally", "Outcome", "available_cores", "run", "shares"]

Progress = Callable[[int, int], None]
AnyTally = Tally | AmtrakTally
Job = tuple[int, Setting, int, int, int]  # setting index, setting, seed, first game, end
SHARE = 250  # games in a share at most: a progress step, and what a worker plays between looks at the stop byte
IN_FLIGHT = 3  # shares handed to the pool at a time, per worker

_stop: mmap.mmap | None = None  # while a run lasts: one byte shared with the workers, nonzero to stop


def _stopping() -> bool:
    return _stop is not None and _stop[0] != 0


def _ask_to_stop() -> None:
    if _stop is not None:
        _stop[0] = 1


def _tally(setting: Setting) -> AnyTally:
    return AmtrakTally(setting.players) if setting.setup is not None else Tally(setting.players)


def _play_share(job: Job) -> tuple[int, AnyTally]:
    """Play games ``start … end-1`` of one setting (in a worker or here); stop early when asked."""
    index, setting, seed, start, end = job
    tally = _tally(setting)
    for i in range(start, end):
        if _stopping():
            break
        if setting.variant is not None:
            assert isinstance(tally, Tally)
            tally.add(play_game(setting.variant, game_seed(seed, i), setting.bot))
        else:
            assert isinstance(tally, AmtrakTally) and setting.setup is not None
            tally.add(play_amtrak(setting.setup, game_seed(seed, i), setting.bot))
    return index, tally


@dataclass
class Outcome:
    """A run's result: each setting's tally, and whether Ctrl-C stopped it early."""

    request: Request
    settings: list[Setting]
    tallies: list[AnyTally]
    interrupted: bool

    @property
    def played(self) -> int:
        return sum(t.games for t in self.tallies)

    @property
    def asked(self) -> int:
        return len(self.settings) * self.request.games


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def shares(games: int, workers: int) -> list[tuple[int, int]]:
    """Game indices cut into consecutive shares: at least four a worker, at most ``SHARE`` games each.

    >>> shares(10, 2)
    [(0, 2), (2, 4), (4, 6), (6, 8), (8, 10)]
    >>> len(shares(10_000, 2)), shares(1, 8)
    (40, [(0, 1)])
    """
    size = max(1, min(SHARE, math.ceil(games / (4 * max(1, workers)))))
    return [(a, min(games, a + size)) for a in range(0, games, size)]


@contextlib.contextmanager
def _stop_on_sigint() -> Iterator[Callable[[], bool]]:
    """While the block runs, Ctrl-C sets the shared stop byte instead of raising; yields a test of it."""
    global _stop
    flag = mmap.mmap(-1, 1)  # anonymous and shared: forked workers see the same byte
    _stop = flag
    previous: Any = None
    main = threading.current_thread() is threading.main_thread()

    def ask_to_stop(signum: int, frame: object) -> None:
        flag[0] = 1  # (in a worker too: the handler is inherited, and the byte is shared)

    if main:
        previous = signal.signal(signal.SIGINT, ask_to_stop)
    try:
        yield lambda: flag[0] != 0
    except BaseException:
        flag[0] = 1  # SIGTERM, SIGHUP or a failure: every share stops after its game
        raise
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
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


def run(request: Request, *, workers: int | None = None, progress: Progress | None = None) -> Outcome:
    """Play every setting's games on ``workers`` processes (default: every core); ``progress(done, total)``
    is called as shares finish. Shares are handed out a few at a time (``IN_FLIGHT`` a worker), so a
    run of any size holds only those."""
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

    with _stop_on_sigint() as stopped:
        n = min(wanted, len(settings) * len(cut))
        if n <= 1:
            for job in jobs:
                count(_play_share(job))
                if stopped():
                    break
        else:
            pool = worker_pool(n)
            try:
                with _termination_held():  # the pool forks its workers at the first submit
                    running = {pool.submit(_play_share, next(jobs))}
                while True:  # refill, then wait: every share in flight may finish in one wait
                    while not stopped() and len(running) < IN_FLIGHT * n and (more := next(jobs, None)) is not None:
                        running.add(pool.submit(_play_share, more))
                    if not running:
                        break
                    finished, running = wait(running, return_when=FIRST_COMPLETED)
                    for future in finished:
                        count(future.result())
            except BaseException:
                _ask_to_stop()  # before the workers are joined: each stops after its game
                raise
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
        interrupted = stopped()
    return Outcome(request, settings, tallies, interrupted)
