"""Worker processes for work that uses a second core (a deck's sheets) or every core (``cardgen
build``'s items), made to die with the process that started them.

A ``ProcessPoolExecutor``'s workers wait for work on a pipe that they themselves hold open,
so if the main process is killed outright (SIGKILL, the out-of-memory killer) they would
wait forever. On Linux each worker asks the kernel for SIGKILL when its parent dies
(``prctl(PR_SET_PDEATHSIG)``); elsewhere a small thread in each worker watches for its
parent to go. Work is passed in and results come back as values: nothing is shared.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from types import TracebackType
from typing import Any, TypeVar

T = TypeVar("T")

PR_SET_PDEATHSIG = 1
WATCH_SECONDS = 0.5  # how often a worker without prctl looks for its parent


def _die_with(parent: int) -> None:
    """In a worker: end when process ``parent`` ends."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # it died before the call took effect
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_SECONDS)
        os._exit(1)  # the parent is gone: nobody is left to take this worker's results

    threading.Thread(target=watch, daemon=True, name="cardgen-watch-parent").start()


class WorkerPool(ProcessPoolExecutor):
    """A ``ProcessPoolExecutor`` that, left by an exception (Ctrl-C, SIGTERM, a failed check),
    ends its workers at once instead of waiting for the work they are doing: a deck's PDF of
    16,250 cards took its worker 20 to 76 s more on a busy machine, and nobody wants it any
    more. Left normally, it waits for its work as every executor does."""

    def __exit__(
        self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None
    ) -> bool | None:
        if et is not None:
            self.stop()
        return super().__exit__(et, ev, tb)

    def stop(self) -> None:
        """Kill every worker now (what it was making is thrown away: it wrote only into a stage
        that is removed after), then shut the pool down; the workers are reaped before this
        returns, so none writes anything afterwards."""
        # (``_processes`` is CPython's own; 3.14 names this ``kill_workers``)
        for process in list((self._processes or {}).values()):
            with contextlib.suppress(OSError):  # (ended already)
                process.kill()
        self.shutdown(wait=True, cancel_futures=True)


def worker_pool(workers: int) -> WorkerPool:
    """A pool of ``workers`` processes that end with this one, and at once when the pool is left
    by an exception (``WorkerPool``). Started by forking where the platform forks (the workers
    have every module this process has imported: no start-up to pay again), else as the
    platform starts processes."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return WorkerPool(max_workers=workers, mp_context=context, initializer=_die_with, initargs=(os.getpid(),))


class InProcess(Executor):
    """An executor that runs each call here, at once: what a worker process uses for work it
    would otherwise hand to a process of its own (the cores are taken already)."""

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as e:  # (raised again by result(), where the caller waits)
            future.set_exception(e)
        return future


def second_core() -> Executor:
    """Where to run one piece of work beside this process: a worker process on another core, or
    here when this process is a worker itself (``cardgen build`` has every core busy already)."""
    if multiprocessing.parent_process() is not None or (os.cpu_count() or 1) < 2:
        return InProcess()
    return worker_pool(1)
