"""Worker processes (``write.workers``): a deck's PDF is written and read back by a worker on the
second core (``beside``), which hands over the pages it reads one at a time, a few ahead at most;
it dies with the process that started it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen.write.workers import available_cores, beside, worker_pool

pytestmark = pytest.mark.every_core  # (these are the tests of the worker processes themselves)

LINUX = sys.platform.startswith("linux")


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _counted(n: int, log: Path | None = None) -> Iterator[int]:
    """0 … n-1, each noted in ``log`` as it is made (where it is made: the pid)."""
    for i in range(n):
        if log is not None:
            with log.open("a") as f:
                f.write(f"{os.getpid()} {i}\n")
        yield i


def _failing() -> Iterator[int]:
    yield 1
    raise ValueError("the second piece went wrong")


def _made(log: Path) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in (line.split() for line in log.read_text().splitlines())]


def test_the_items_come_in_order_from_another_process(tmp_path):  # type: ignore[no-untyped-def]
    log = tmp_path / "log"
    with beside(_counted, 5, log) as items:
        assert list(items) == [0, 1, 2, 3, 4]
    assert {pid for pid, _ in _made(log)} != {os.getpid()}


def test_a_worker_sends_a_few_ahead_and_then_waits(tmp_path):  # type: ignore[no-untyped-def]
    """Nothing is piled up: with nobody reading, the worker makes a pipe's worth and waits."""
    log = tmp_path / "log"
    big = 200_000  # each item a fifth of a megabyte: a Linux pipe holds 64 KiB
    with beside(_blobs, 50, big, log) as items:
        time.sleep(0.5)
        made_before = len(_made(log))
        assert next(items) == bytes(big)
    assert made_before < 5
    assert len(_made(log)) < 50  # leaving the block ended it: the rest was never made


def _blobs(n: int, size: int, log: Path) -> Iterator[bytes]:
    for i in range(n):
        with log.open("a") as f:
            f.write(f"{os.getpid()} {i}\n")
        yield bytes(size)


def test_the_workers_error_is_raised_where_the_items_are_read():
    with beside(_failing) as items:
        assert next(items) == 1
        with pytest.raises(ValueError, match="second piece"):
            next(items)


def _inside_a_worker(log: Path) -> list[int]:
    with beside(_counted, 3, log) as items:
        return list(items)


def test_a_worker_makes_its_items_itself_as_they_are_asked_for(tmp_path):  # type: ignore[no-untyped-def]
    """Inside ``cardgen build``'s workers every core is busy already: no second worker; the items
    are made in the worker, each when it is asked for."""
    log = tmp_path / "log"
    with worker_pool(1) as pool:
        assert pool.submit(_inside_a_worker, log).result() == [0, 1, 2]
    assert len({pid for pid, _ in _made(log)}) == 1 and os.getpid() not in {pid for pid, _ in _made(log)}


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="no CPU affinity on this platform")
def test_on_one_core_the_items_are_made_here_as_they_are_asked_for(tmp_path):  # type: ignore[no-untyped-def]
    """A process allowed one core (``taskset -c 0``, a container's cpuset) starts no worker: it
    counts the cores it may run on, not the machine's."""
    everything = os.sched_getaffinity(0)
    log = tmp_path / "log"
    try:
        os.sched_setaffinity(0, {min(everything)})
        assert available_cores() == 1
        with beside(_counted, 3, log) as items:
            assert list(items) == [0, 1, 2]
    finally:
        os.sched_setaffinity(0, everything)
    assert {pid for pid, _ in _made(log)} == {os.getpid()}
    assert available_cores() == len(everything)


def test_a_worker_returns_values():
    with worker_pool(1) as pool:
        assert pool.submit(pow, 3, 4).result() == 81


@pytest.mark.skipif(not LINUX, reason="reads /proc")
def test_the_pdf_worker_dies_with_a_pack_killed_outright(tmp_path):
    """SIGKILL cannot be caught: the kernel ends the worker too (PR_SET_PDEATHSIG), and the next
    build sweeps the staging folder the killed one left."""
    out = tmp_path / "out"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "pack", "--pattern", "one", "--census", "26", "--out", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    children: list[int] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and not children and proc.poll() is None:
        children = _children(proc.pid)
        time.sleep(0.005)
    if not children:
        proc.wait()
        pytest.skip("the pack was done before its worker could be seen")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(_alive(c) for c in children):
        time.sleep(0.02)
    assert not any(_alive(c) for c in children), "a worker outlived the pack that started it"
    leftovers = list(out.glob(".cardgen-stage-*")) if out.exists() else []
    subprocess.run(
        [sys.executable, "-m", "cardgen", "pack", "--pattern", "one", "--census", "3", "--out", str(out)],
        check=True,
        capture_output=True,
    )
    assert leftovers == [] or not any(p.exists() for p in leftovers)
