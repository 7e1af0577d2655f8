from __future__ import annotations

import gc
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.database import DirectoryBasedExampleDatabase

from cardgen.render import font_path

ROOT = Path(__file__).resolve().parent.parent

# Timing is the benchmarks' business: no per-example deadline, so a busy CI machine cannot
# turn a slow example into a failure. Under CI the examples are derandomised (repeatable runs).
# Failing examples are kept in pytest's own cache folder, not in a folder of their own at the
# root of the clone.
IN_CI = bool(os.environ.get("CI"))
settings.register_profile(
    "cardgen",
    deadline=None,
    derandomize=IN_CI,  # (which keeps no database: hypothesis refuses one beside it)
    database=None if IN_CI else DirectoryBasedExampleDatabase(ROOT / ".pytest_cache" / "hypothesis"),
)
settings.load_profile("cardgen")

FONTS = [str(font_path(bold, family)) for family in ("mono", "sans") for bold in (False, True)]


def svg_png(svg: str | bytes, dpi: float = 150) -> bytes:
    """Rasterise an SVG with resvg (a real renderer), using only the shipped fonts."""
    import resvg_py

    text = svg.decode("utf-8") if isinstance(svg, bytes) else svg
    return bytes(
        resvg_py.svg_to_bytes(svg_string=text, dpi=dpi, font_files=FONTS, skip_system_fonts=True, background="white")
    )


# ---------------------------------------------------------------- running in parallel (pytest-xdist)
#
# `pytest` runs the tests in a worker process per core (``-n auto --dist loadfile`` in
# pyproject.toml): each test file goes to one worker whole, so a module-scoped fixture is built
# once; what several files use is built once for the whole run by ``tests.helpers.shared``.
#
# Each worker runs on a core of its own (its CPU affinity), as ``taskset -c N`` would run it: cardgen
# counts the cores it may use (``write.workers.available_cores``), so in a worker it builds in its own
# process, as on a one-core machine, instead of forking helpers to compete with the other workers for
# cores they already fill. The tests of those helpers (a build's pool, the deck written beside the
# drawing, simulation on several processes) are marked ``every_core`` and get them all back.

_ALL_CORES = frozenset(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else frozenset()
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")  # gw0, gw1, ... in a pytest-xdist worker


def _own_core() -> frozenset[int]:
    """The one core this xdist worker runs on (all of them outside a worker)."""
    if not _WORKER.startswith("gw") or len(_ALL_CORES) < 2:
        return _ALL_CORES
    cores = sorted(_ALL_CORES)
    return frozenset({cores[int(_WORKER[2:]) % len(cores)]})


# The costliest files (a few seconds of work or more each), handed out first: pytest-xdist hands
# out the files in the order they are collected, so the last ones handed out, which decide when
# the run ends, are the short ones. Any order passes; this one only ends the run sooner.
COSTLIEST = (
    "test_kit.py",
    "test_print_quality.py",
    "test_exports.py",
    "test_trust_check.py",
    "test_handout_look.py",
    "test_trust_pictures.py",
    "test_build.py",
    "test_tiles_exports.py",
    "test_deck.py",
    "test_trust_inputs.py",
)


@pytest.hookimpl
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    first = {name: i for i, name in enumerate(COSTLIEST)}
    items.sort(key=lambda item: first.get(item.path.name, len(first)))  # (stable: the rest keep their order)


@pytest.hookimpl
def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection made (the modules, the thousands of collected tests) lives as long as the run:
    kept out of the garbage collector's rounds (``gc.freeze``), and the rounds made rarer, which
    took a twelfth of the run's time walking them again and again."""
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


@pytest.hookimpl
def pytest_configure(config: pytest.Config) -> None:
    if _ALL_CORES:
        os.sched_setaffinity(0, _own_core())  # (before any fixture builds anything)


@pytest.fixture(autouse=True)
def _cores(request: pytest.FixtureRequest) -> Iterator[None]:
    """The test runs on its worker's own core, or on every core if it is marked ``every_core``."""
    if not _ALL_CORES:
        yield
        return
    cores = _ALL_CORES if request.node.get_closest_marker("every_core") else _own_core()
    os.sched_setaffinity(0, cores)
    yield
    os.sched_setaffinity(0, _own_core())


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Packs built once for the whole run, shared by every worker: built(pattern=..., census=..., ...)
    -> its folder (only to read: copy it to change it)."""
    from cardgen.products.got import build_pack
    from tests.helpers import shared, typed

    def make(**kw):  # type: ignore[no-untyped-def]
        name = "pack-" + "-".join(f"{k}={v}" for k, v in sorted(kw.items()))
        return shared(tmp_path_factory, name, lambda out: typed(build_pack)(out=out, **kw).folder)

    return make


@pytest.fixture(scope="session")
def made_by(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """What a cardgen command line writes, run once for the whole run and shared by every worker:
    made_by("pack", "--census", "3", ...) -> the folder it made (only to read: copy it to change it)."""
    from cardgen.cli import run
    from tests.helpers import shared

    def make(*args: str) -> Path:
        def write(out: Path) -> Path:
            assert run([*args, "--out", str(out)]) == 0
            (folder,) = [p for p in out.iterdir() if p.is_dir()]
            return folder

        return shared(tmp_path_factory, " ".join(args), write)

    return make


@pytest.fixture(scope="session")
def default_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``cardgen build``'s default set (its ``--out`` folder), built once for the whole run: only to
    read."""
    from cardgen.cli import run
    from tests.helpers import shared

    def make(out: Path) -> Path:
        assert run(["build", "--out", str(out / "output"), "--quiet"]) == 0
        return out / "output"

    return shared(tmp_path_factory, "default-build", make)


# ---------------------------------------------------------------- nothing written into the clone


_BEFORE = pytest.StashKey[set[str] | None]()  # the clone's untracked files when the run began


def _untracked() -> set[str] | None:
    """The clone's untracked files that git does not ignore (None outside a git checkout)."""
    try:
        r = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, capture_output=True, text=True
        )
    except OSError:
        return None
    return {ln[3:] for ln in r.stdout.splitlines() if ln.startswith("??")} if r.returncode == 0 else None


def _controller(config: pytest.Config) -> bool:
    return not hasattr(config, "workerinput")  # pytest-xdist's workers have it


@pytest.hookimpl
def pytest_sessionstart(session: pytest.Session) -> None:
    if _controller(session.config):
        session.config.stash[_BEFORE] = _untracked()


@pytest.hookimpl
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Tests write only into temporary folders: a file that a run left in the clone fails the run."""
    before = session.config.stash.get(_BEFORE, None) if _controller(session.config) else None
    after = _untracked() if before is not None else None
    if before is None or after is None:
        return
    new = sorted(after - before)
    if new:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write("\n")
            reporter.write_line(f"ERROR: the tests left files in the clone: {', '.join(new[:10])}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(autouse=True, scope="session")
def _work_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Each worker runs its tests in a folder of its own (a test that writes a relative path
    writes there, not into the clone); a test that needs a clean current folder takes its own
    with ``monkeypatch.chdir(tmp_path)``."""
    before = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("cwd"))
    yield
    os.chdir(before)
