"""Playing a request's shares on a Dask distributed cluster: ``cardgen simulate … --cluster ADDRESS``.

Shares cut as on this machine's cores (``simulate.run.shares``: consecutive game indices of one
setting, at most ``run.SHARE`` games each, at least four shares a worker thread over the sweep), the same
function playing each (the run module's ``_play_share``: game ``i`` seeded ``game_seed(seed, i)``)
and the same merge of whole-number tallies in the order the shares come back, so the figures are
those of a local run with the same seed, whatever the cluster's size or the order its workers
finish in. Only plain data goes to a worker: a job is ``(setting index, setting, seed, first game,
end)``, the setting a frozen dataclass of numbers and words, and the function is sent by its name
(``cardgen.simulate.run._play_share``), so every worker must import the same cardgen
(``pip install 'cardgen[cluster]'`` on each); the workers' cardgen versions are compared with this
one's before a game is sent.

A few shares a worker thread are in flight at a time (``IN_FLIGHT``, re-counted as workers come
and go); each finished share is merged and reported (``progress``) as it arrives. A stop
(``run.stoppable``: Ctrl-C, SIGTERM, SIGHUP) cancels the shares in flight (``Client.cancel``): their
games are left out, and the run returns what was merged, marked interrupted. (A worker thread
cannot be interrupted: a share being played runs to its end there, a few seconds at most, and its
result is dropped.)

The address is read by its declaration (``commands.cluster_address``). Dask not installed, a
scheduler that cannot be reached within ``CONNECT`` seconds, a worker without cardgen or with
another version, a share lost for good: one line, exit 2.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import math
import queue
import time
from collections.abc import Callable, Iterator
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.simulate.run import Stop, shares

__all__ = ["CONNECT", "IN_FLIGHT", "play_on_cluster"]

CONNECT = 4.0  # seconds to reach the scheduler
IN_FLIGHT = 3  # shares in flight a worker thread
RECOUNT = 2.0  # seconds between counts of the cluster's worker threads
INSTALL = "pip install 'cardgen[cluster]'"

Job = tuple[int, Any, int, int, int]  # setting index, setting, seed, first game, end (as run.Job)


def _client(where: str) -> Any:
    """A client of the scheduler at ``where``, or one line: Dask not installed, the scheduler not
    reached in ``CONNECT`` seconds, a worker without this cardgen."""
    try:
        import distributed
    except ImportError:
        raise CardgenError(f"--cluster needs Dask's distributed: {INSTALL}") from None
    connect: Any = distributed.Client  # (untyped)
    try:
        client = connect(where, timeout=CONNECT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise CardgenError(f"cannot reach the Dask scheduler at {where}: {first}") from None
    except Exception as e:  # (something else listens there: Dask reads its first bytes as a length)
        raise CardgenError(f"{where} did not answer as a Dask scheduler does ({type(e).__name__})") from None
    try:
        _same_cardgen(client, where)
    except BaseException:
        client.close()
        raise
    return client


def _installed() -> str:
    """This cardgen's version as installed: what the workers are asked for (their installs'), so
    like is compared with like."""
    try:
        return importlib.metadata.version("cardgen")
    except importlib.metadata.PackageNotFoundError:  # (run from a source tree without installing)
        return __version__


def _same_cardgen(client: Any, where: str) -> None:
    """Every worker there now imports this cardgen's version (workers that join later are not asked)."""
    try:
        found = client.run(importlib.metadata.version, "cardgen")
    except importlib.metadata.PackageNotFoundError:
        raise CardgenError(f"a worker of {where} has no cardgen: {INSTALL} on every worker") from None
    for worker, version in sorted(found.items()):
        if version != _installed():
            raise CardgenError(
                f"worker {worker} has cardgen {version}, this is {_installed()}: the same version on every worker"
            )


def _threads(client: Any) -> int:
    return sum(client.nthreads().values())


def play_on_cluster(
    where: str,
    settings: list[Any],
    games: int,
    seed: int,
    play: Callable[[Job], tuple[int, Any]],
    stop: Stop,
    count: Callable[[tuple[int, Any]], None],
) -> None:
    """Every setting's games ``0 … games-1`` played by ``play`` (a module-level function, sent by
    name) on the cluster at ``where``, each share's result handed to ``count`` as it arrives; on a
    stop, the shares in flight cancelled."""
    client = _client(where)
    arrived: queue.Queue[Any] = queue.Queue()  # futures done, in the order they finished
    running: set[Any] = set()
    try:
        threads = _threads(client)
        # the threads a setting has, as a local run has its cores: at least four shares a thread over
        # the sweep (a sweep of many settings on many threads is not cut into shares of a few games)
        cut = shares(games, math.ceil(max(1, threads) / len(settings)))
        jobs: Iterator[Job] = ((k, s, seed, a, b) for k, s in enumerate(settings) for a, b in cut)
        counted = time.monotonic()
        while True:
            if time.monotonic() - counted > RECOUNT:
                threads, counted = _threads(client), time.monotonic()
            while not stop() and len(running) < IN_FLIGHT * max(1, threads) and (job := next(jobs, None)) is not None:
                future = client.submit(play, job, pure=False)
                running.add(future)
                future.add_done_callback(arrived.put)
            if not running or stop():
                break
            with contextlib.suppress(queue.Empty):
                future = arrived.get(timeout=0.2)
                running.discard(future)
                count(_result(future, where))
    finally:
        if running:
            client.cancel(list(running))
        client.close()


def _result(future: Any, where: str) -> tuple[int, Any]:
    """A share's result; one line if its worker could not play it (no cardgen there, lost for good)."""
    try:
        result: tuple[int, Any] = future.result()
    except ImportError as e:
        missing = e.name or "cardgen"
        raise CardgenError(f"a worker of {where} cannot import {missing}: {INSTALL} on every worker") from None
    except Exception as e:
        name = type(e).__name__
        if name in ("KilledWorker", "CancelledError", "FutureCancelledError", "CommClosedError"):
            said = str(e).splitlines()[0] if str(e) else "no reason given"
            raise CardgenError(f"the cluster at {where} lost a share of games ({name}): {said}") from None
        raise
    return result
