"""``cardgen simulate … --cluster ADDRESS``: a sweep played on a Dask cluster gives the figures a local
run gives for the same seed (Game of Trains, Amtrak, SuperTrain), in the shares a local run cuts;
Ctrl-C cancels it with the games finished; a scheduler that cannot be reached, an address that is
not one and Dask not installed are one line and exit 2.

The cluster: a scheduler and one ``dask worker`` with two worker processes of one thread each,
started on 127.0.0.1 as their own processes (as on a real cluster: they import cardgen by name),
once for the module.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.test_cli import ROOT, cli

needs_dask = pytest.mark.skipif(
    importlib.util.find_spec("distributed") is None, reason="needs Dask's distributed: pip install 'cardgen[cluster]'"
)


def _start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as f:
        return subprocess.Popen(args, stdout=f, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True)


def _end(proc: subprocess.Popen[bytes]) -> None:
    """Stop a process this module started (its group: a worker's nannies' processes with it)."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a scheduler on 127.0.0.1 with two worker processes (one thread each)."""
    from distributed import Client

    here = tmp_path_factory.mktemp("cluster")
    file = here / "scheduler.json"
    py = [sys.executable, "-m"]
    procs = [
        _start([*py, "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                "--scheduler-file", str(file)], here / "scheduler.log"),
    ]  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not file.is_file() and time.monotonic() < deadline and procs[0].poll() is None:
            time.sleep(0.05)
        assert file.is_file(), (here / "scheduler.log").read_text()
        procs.append(
            _start([*py, "distributed.cli.dask_worker", "--scheduler-file", str(file), "--nworkers", "2",
                    "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1"], here / "workers.log"),
        )  # fmt: skip
        address = json.loads(file.read_text())["address"]
        with Client(address, timeout=30, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for proc in reversed(procs):
            _end(proc)


def _on_scheduler(address: str, ask: Callable[..., Any]) -> Any:
    from distributed import Client

    with Client(address, timeout=10, set_as_default=False) as client:
        return client.run_on_scheduler(ask)


def _shares_played(address: str) -> int:
    """How many shares of games the cluster has played since it started (the scheduler's count)."""

    def ask(dask_scheduler: Any) -> int:
        return sum(p.state_counts["memory"] for n, p in dask_scheduler.task_prefixes.items() if "play_share" in n)

    return int(_on_scheduler(address, ask))


# --- the same figures ---------------------------------------------------------------------------------


@pytest.mark.slow  # (a scheduler and two workers, started for the module)
@needs_dask
@pytest.mark.parametrize(
    "args",
    [
        ["--sweep", "census=5,7", "--games", "200", "--seed", "3"],
        ["amtrak", "--sweep", "players=2,3", "--games", "20"],
    ],
    ids=["got", "amtrak"],
)
def test_a_sweep_on_the_cluster_gives_the_local_figures_in_the_local_shares(scheduler, capsys, args) -> None:  # type: ignore[no-untyped-def]
    before = _shares_played(scheduler)
    code, there, said = cli(capsys, "simulate", *args, "--json", "--cluster", scheduler)
    assert code == 0 and said == ""
    # two settings on 2 worker threads, at least four shares a thread: 2 × 200 / (4 × 2) = 50 games a
    # share (2 × 20 / 8 = 5), 4 a setting
    assert _shares_played(scheduler) - before == 8
    code, here, _ = cli(capsys, "simulate", *args, "--json", "--workers", "1")
    assert code == 0
    assert json.loads(there) == json.loads(here) and there == here
    d = json.loads(there)
    assert d["played"] == d["games"] * 2 and d["interrupted"] is False


@pytest.mark.slow  # (a scheduler and two workers, started for the module)
@needs_dask
def test_supertrain_on_the_cluster_gives_the_local_figures(scheduler, capsys) -> None:  # type: ignore[no-untyped-def]
    args = ["supertrain", "--sweep", "players=2,3", "--rounds", "2", "--games", "16", "--json"]
    code, there, said = cli(capsys, "simulate", *args, "--cluster", scheduler)
    assert code == 0 and said == ""
    code, here, _ = cli(capsys, "simulate", *args, "--workers", "1")
    assert code == 0 and there == here
    assert json.loads(there)["played"] == 32


@pytest.mark.slow  # (a scheduler and two workers, started for the module)
@needs_dask
def test_the_report_page_is_the_local_one(scheduler, capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    args = ["simulate", "--sweep", "players=2,3", "--games", "50"]
    assert cli(capsys, *args, "--cluster", scheduler, "--report", str(tmp_path / "there"))[0] == 0
    assert cli(capsys, *args, "--workers", "1", "--report", str(tmp_path / "here"))[0] == 0
    there, here = (tmp_path / d / "index.html" for d in ("there", "here"))
    assert there.read_bytes() == here.read_bytes() and b"--cluster" not in there.read_bytes()


# --- Ctrl-C --------------------------------------------------------------------------------------------


@pytest.mark.slow  # (a scheduler and two workers, started for the module)
@needs_dask
def test_ctrl_c_cancels_the_games_in_flight_and_says_what_was_played(scheduler, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import cardgen.cli.simulate as command

    @contextlib.contextmanager
    def interrupting(label: str) -> Iterator[Callable[[int, int], None]]:
        def step(done: int, total: int) -> None:
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C once the first share has come back

        yield step

    monkeypatch.setattr(command, "_progress", interrupting)
    started = time.monotonic()
    code, out, err = cli(capsys, "simulate", "--sweep", "census=5,7", "--games", "5000000", "--cluster", scheduler)
    assert time.monotonic() - started < 30
    assert code == 130 and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("interrupted: ") and lines[0].endswith(" of 10,000,000 games played")
    played = int(lines[0].split()[1].replace(",", ""))
    assert 0 < played < 10_000_000 and played % 250 == 0  # whole shares of 250 games only
    assert "turns each" in out

    def busy(dask_scheduler: Any) -> int:
        return len(dask_scheduler.tasks)

    deadline = time.monotonic() + 10
    while _on_scheduler(scheduler, busy) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _on_scheduler(scheduler, busy) == 0  # nothing left on the cluster


# --- one line, exit 2 -------------------------------------------------------------------------------------


@pytest.mark.slow  # (waits out the time it is given)
@needs_dask
def test_a_scheduler_not_there_is_one_line_in_bounded_time(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import cardgen.simulate.cluster as cluster

    assert cluster.CONNECT <= 5  # seconds: what a user waits at most
    monkeypatch.setattr(cluster, "CONNECT", 1.0)  # (a test need not wait as long)
    started = time.monotonic()
    code, out, err = cli(capsys, "simulate", "--sweep", "census=5,7", "--games", "20", "--cluster", "127.0.0.1:1")
    assert time.monotonic() - started < 1.0 + 5
    assert code == 2 and out == ""
    assert err.startswith("error: cannot reach the Dask scheduler at tcp://127.0.0.1:1") and err.count("\n") == 1


@pytest.mark.parametrize("greeting", [b"HTTP/1.1 400 Bad Request\r\n\r\n" * 4, b"\xff" * 64, b""])
def test_a_server_that_is_not_a_scheduler_is_one_line(capsys, monkeypatch, greeting) -> None:  # type: ignore[no-untyped-def]
    """Found by the docs' examples: a port where something else answers made Dask read its first
    bytes as a frame's length (3 EiB) and raise MemoryError, a traceback."""
    import socket
    import threading

    import cardgen.simulate.cluster as cluster

    monkeypatch.setattr(cluster, "CONNECT", 1.0)
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def answer() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                conn.sendall(greeting)
                time.sleep(0.2)
                conn.close()

    threading.Thread(target=answer, daemon=True).start()
    try:
        code, out, err = cli(capsys, "simulate", "--games", "10", "--cluster", f"127.0.0.1:{port}")
    finally:
        server.close()
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert f"tcp://127.0.0.1:{port}" in err


@pytest.mark.parametrize("address", ["http://h:8786", "tcp://", "tcp://h:99999", "h:port", "tcp://a b:1"])
def test_an_address_that_is_not_one_is_one_line(capsys, address) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "simulate", "--games", "10", "--cluster", address)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("error: cluster ") and "tcp://HOST:PORT" in err


def test_without_dask_it_says_what_to_install(capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed: ImportError
    code, out, err = cli(capsys, "simulate", "--games", "10", "--cluster", "tcp://127.0.0.1:8786")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "pip install 'cardgen[cluster]'" in err


def test_a_trace_is_not_played_on_a_cluster(capsys) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli(capsys, "simulate", "--trace", "t.jsonl", "--cluster", "127.0.0.1:8786")
    assert code == 2 and "--cluster" in err and err.count("\n") == 1


@pytest.mark.slow  # (a scheduler and two workers, started for the module)
@needs_dask
def test_progress_is_told_as_shares_come_back(scheduler, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import cardgen.cli.simulate as command

    told: list[tuple[int, int]] = []

    @contextlib.contextmanager
    def recording(label: str) -> Iterator[Callable[[int, int], None]]:
        yield lambda done, total: told.append((done, total))

    monkeypatch.setattr(command, "_progress", recording)
    code, _, _ = cli(capsys, "simulate", "--sweep", "census=5,7", "--games", "100", "--cluster", scheduler)
    assert code == 0
    # 2 × 100 games on 2 threads: shares of 2 × 100 / (4 × 2) = 25 games, each told as it comes back
    assert told == [(25 * k, 200) for k in range(1, 9)]


@pytest.mark.slow  # (a scheduler and two workers, started for the module)
@needs_dask
def test_workers_with_another_cardgen_are_refused_before_a_game(scheduler, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import cardgen.simulate.cluster as cluster

    monkeypatch.setattr(cluster, "_installed", lambda: "0.0.1")  # this side a different version than the workers'
    before = _shares_played(scheduler)
    code, out, err = cli(capsys, "simulate", "--games", "10", "--cluster", scheduler)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "this is 0.0.1: the same version on every worker" in err
    assert _shares_played(scheduler) == before
