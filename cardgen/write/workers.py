"""Worker processes for work that uses a second core (a deck's sheets) or every core (``cardgen
build``'s items), made to die with the process that started them.

A ``ProcessPoolExecutor``'s workers wait for work on a pipe that they themselves hold open,
so if the main process is killed outright (SIGKILL, the out-of-memory killer) they would
wait forever. On Linux each worker asks the kernel for SIGKILL when its parent dies
(``prctl(PR_SET_PDEATHSIG)``); elsewhere a small thread in each worker watches for its
parent to go. Work is passed in and results come back as values: nothing is shared.

``beside`` runs one piece of work on a second core whose results come one at a time (a deck's
sheets read back a page at a time): a process of its own sends each as it is made, through a
pipe that holds a few, so neither process ever holds them all.
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
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any, TypeVar

from cardgen.errors import CardgenError

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


def _context() -> Any:
    """Processes started by forking where the platform forks (a worker has every module this
    process has imported: no start-up to pay again), else as the platform starts them."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


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
    by an exception (``WorkerPool``)."""
    return WorkerPool(max_workers=workers, mp_context=_context(), initializer=_die_with, initargs=(os.getpid(),))


def available_cores() -> int:
    """The cores this process may run on: those of its CPU affinity (``taskset``, a container's
    cpuset, a test runner's worker given one core), not every core the machine has."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # (no affinity where the platform has none: macOS, Windows)
        return os.cpu_count() or 1


def nested() -> bool:
    """Whether this process should start no worker of its own: it is a worker itself (``cardgen
    build`` has every core busy already), or it may run on one core only."""
    return multiprocessing.parent_process() is not None or available_cores() < 2


ITEM, DONE, FAILED = 0, 1, 2  # what a message from ``beside``'s worker holds


def _send(send: Connection, message: tuple[int, Any]) -> bool:
    """Send ``message``; False when nobody reads any more (the pipe is closed)."""
    try:
        send.send(message)
    except OSError:
        return False
    return True


def _send_items(send: Connection, parent: int, job: Callable[..., Iterable[Any]], args: tuple[Any, ...]) -> None:
    """In ``beside``'s worker: each item ``job(*args)`` makes, sent as it comes; then the end, or
    what went wrong (an exception that does not pickle, as its words)."""
    _die_with(parent)
    try:
        for item in job(*args):
            if not _send(send, (ITEM, item)):
                return
        _send(send, (DONE, None))
    except BaseException as e:  # (raised again where the items are read)
        try:
            _send(send, (FAILED, e))
        except Exception:  # it does not pickle
            _send(send, (FAILED, RuntimeError(f"{type(e).__name__}: {e}")))
    finally:
        send.close()


class _Received(Iterator[T]):
    """The items ``beside``'s worker sends, in order; ``done`` once its end has come."""

    def __init__(self, receive: Connection) -> None:
        self.receive = receive
        self.done = False

    def __next__(self) -> T:
        if self.done:
            raise StopIteration
        try:
            kind, value = self.receive.recv()
        except EOFError:
            self.done = True
            raise CardgenError("the worker process beside this one stopped before its work was done") from None
        if kind == ITEM:
            item: T = value
            return item
        self.done = True
        if kind == FAILED:
            raise value
        raise StopIteration


@contextlib.contextmanager
def beside(job: Callable[..., Iterable[T]], *args: Any) -> Iterator[Iterator[T]]:
    """The items of ``job(*args)`` (a generator, say), made on a second core and read here one at
    a time as they come: a worker process sends each as it makes it, a few ahead at most (the
    pipe between them holds a few; the worker waits for room), so neither process holds them
    all. Where ``nested``, they are made here, each when it is asked for. Leaving the block ends
    the worker, whatever it has not sent yet dropped: read every item first where the job must
    be done. ``job`` and ``args`` must pickle where processes are not forked."""
    if nested():
        yield iter(job(*args))
        return
    ctx = _context()
    receive, send = ctx.Pipe(duplex=False)
    worker = ctx.Process(target=_send_items, args=(send, os.getpid(), job, args), name="cardgen-beside", daemon=True)
    worker.start()
    send.close()  # (this process's copy: the end of the worker's is the end of the items)
    items: _Received[T] = _Received(receive)
    try:
        yield items
    finally:
        receive.close()
        if not items.done:
            worker.kill()
        worker.join()
