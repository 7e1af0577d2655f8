from __future__ import annotations

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
