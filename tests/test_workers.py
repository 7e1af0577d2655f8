"""Worker processes (``write.workers``): a deck's PDF is written and read back by a worker on the
second core; the worker's result is the pages it read; it dies with the process that started it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardgen.write.workers import InProcess, second_core, worker_pool

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


def test_in_process_runs_the_call_at_once_and_keeps_its_error():
    with InProcess() as core:
        assert core.submit(pow, 2, 10).result() == 1024
        failed = core.submit(int, "x")
    with pytest.raises(ValueError):
        failed.result()


def test_a_worker_returns_values():
    with worker_pool(1) as pool:
        assert pool.submit(pow, 3, 4).result() == 81


def _inside_a_worker() -> str:
    with second_core() as core:
        return type(core).__name__


def test_a_worker_does_its_sheets_in_process():
    """Inside ``cardgen build``'s workers every core is busy already: no second worker."""
    with worker_pool(1) as pool:
        assert pool.submit(_inside_a_worker).result() == "InProcess"


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
