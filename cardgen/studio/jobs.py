"""The studio's work, bounded so that a page left open cannot exhaust the machine: builds run
one or two at a time with a short queue (a full queue is refused: ``Busy``, HTTP 429), previews
are drawn one at a time and kept for the last few setups, and one simulation runs at a time.

Every build, preview or not, goes through the product's own ``build`` (the function the
command line calls: a registered product's ``build``, ``products.product``) and so through ``write.staging``: staged,
read back, proved, then swapped into place, never replacing a folder cardgen did not write.
A preview is that build, written into the studio's private scratch folder: the card it shows
is the file the build wrote, byte for byte, and its sheet the first page of the PDF it wrote.
"""

from __future__ import annotations

import inspect
import io
import itertools
import secrets
import shutil
import tempfile
import threading
import zipfile
from collections import OrderedDict
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.files import reason
from cardgen.products import Product, every_product
from cardgen.studio.forms import Reading
from cardgen.write.built import Built

__all__ = ["Builds", "Busy", "Job", "Previews", "Simulations", "zip_folder"]

WORKERS = 1  # builds at once: one of the machine's cores (a build uses a second for its PDF)
QUEUED = 3  # builds waiting at most; one more is refused
KEPT_PREVIEWS = 6  # setups whose preview builds are kept (the last ones looked at)
KEPT_JOBS = 50  # finished builds remembered (their files stay on disk)
SIM_GAMES = 3000  # games a "try it" plays: a tenth of a second with the compiled kernel, seconds without
SIM_WAIT = 20.0  # seconds a simulation waits for the one before it


class Busy(CardgenError):
    """The studio is doing as much as it will at once (HTTP 429)."""


def _build(product: Product, reading: Reading, out: Path, progress: Any = None) -> Built:
    """The product's build, as the command line calls it: its own options, the print options, where."""
    kwargs: dict[str, Any] = dict(reading.own)
    if progress is not None and "progress" in inspect.signature(product.build).parameters:
        kwargs["progress"] = progress
    return product.build(**kwargs, opts=reading.opts, out=out)


@dataclass
class Job:
    """One build: where it stands, and what it wrote."""

    id: str
    title: str
    command: str
    state: str = "queued"  # queued, running, done, failed
    done: int = 0
    total: int = 0
    said: list[str] = field(default_factory=list)
    error: str = ""
    built: Built | None = None

    def __call__(self, done: int, total: int) -> None:  # write.deck.Progress
        self.done, self.total = done, total

    def say(self, line: str) -> None:
        self.said.append(line)

    def as_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"id": self.id, "job": f"/api/jobs/{self.id}", "state": self.state, "done": self.done, "total": self.total,
                                 "title": self.title, "command": self.command, "said": self.said}  # fmt: skip
        if self.error:
            found["error"] = self.error
        if self.built is not None:
            b = self.built
            found |= {
                "folder": str(b.folder),
                "notes": b.notes,
                "printing": f"print {b.to_print} {b.printing}" if b.to_print is not None else "",
                "pdf": f"/api/jobs/{self.id}/pdf" if b.to_print is not None else None,
                "zip": f"/api/jobs/{self.id}/zip",
            }
            if b.upload is not None:
                found["printing"] = f"upload {b.upload} to {b.service}"
        return found


class Builds:
    """Builds into the output folder, ``WORKERS`` at a time, ``QUEUED`` waiting at most."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="studio-build")
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.lock = threading.Lock()
        self.count = itertools.count(1)

    def waiting(self) -> int:
        return sum(j.state in ("queued", "running") for j in self.jobs.values())

    def start(self, product: Product, reading: Reading) -> Job:
        with self.lock:
            if self.waiting() >= WORKERS + QUEUED:
                raise Busy(f"{self.waiting()} builds are running or waiting: try again when one is done")
            job = Job(f"{next(self.count)}-{secrets.token_hex(4)}", product.title, reading.command_line())
            self.jobs[job.id] = job
            while len(self.jobs) > KEPT_JOBS:
                oldest = next(iter(self.jobs))
                if self.jobs[oldest].state in ("queued", "running"):
                    break
                self.jobs.pop(oldest)
        out = self.out / reading.folder if reading.folder else self.out
        self.pool.submit(self._run, job, product, reading, out)
        return job

    def _run(self, job: Job, product: Product, reading: Reading, out: Path) -> None:
        job.state = "running"
        try:
            job.built = _build(product, reading, out, job)
            job.state = "done"
        except CardgenError as e:
            job.error, job.state = str(e), "failed"
        except OSError as e:
            job.error, job.state = reason(e), "failed"
        except Exception as e:  # a fault of cardgen's: said in one line, never a traceback page
            job.error, job.state = f"the build failed ({type(e).__name__}): please report it", "failed"

    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class Drawn:
    """A preview build of one setup, into a folder of the scratch folder: its first component as
    soon as the build has written it (a deck's builds report each component written: the card is
    read from the staged file then, while the build goes on), and what the build wrote when done."""

    def __init__(self, where: Path, folder: str, folders: frozenset[str] = frozenset()) -> None:
        self.where = where
        self.folder = folder  # where the product's components go in its folder (``Product.folder``)
        self.folders = folders  # every product's component folder (a kit's parts keep theirs)
        self.first: Future[tuple[str, bytes] | None] = Future()
        self.built: Future[Built] | None = None

    def __call__(self, done: int, total: int) -> None:  # write.deck.Progress: a component written
        if done >= 1 and not self.first.done():
            staged = sorted(self.where.glob(f"*/{self.folder}/*.svg"))
            if len(staged) == 1:  # the first, and only, component written so far
                self.first.set_result((staged[0].name, staged[0].read_bytes()))

    def say(self, line: str) -> None:
        """A big job (``write.deck`` says so before it writes anything): not drawn for a preview."""
        what = line.removeprefix("a big job: ").split(";")[0]
        raise CardgenError(f"too big to preview ({what}): build it to see it")

    def finished(self, built: Future[Built]) -> None:
        """The build ended: its first component from its files, unless it was read as written."""
        if self.first.done():
            return
        error = built.exception() if not built.cancelled() else Busy("a newer preview came first: ask again")
        if error is not None:
            self.first.set_exception(error)
            return
        result = built.result()
        folder = result.folder
        svgs = sorted(p for p in result.files if p.suffix == ".svg" and p.parent == folder / self.folder)
        svgs = svgs or sorted(p for p in result.files if p.suffix == ".svg" and p.parent == folder)
        # a kit: its parts' folders, a component of one first (cards, tiles …), else any drawing
        svgs = svgs or sorted(p for p in result.files if p.suffix == ".svg" and p.parent.name in self.folders)
        svgs = svgs or sorted(p for p in result.files if p.suffix == ".svg")
        self.first.set_result((svgs[0].name, svgs[0].read_bytes()) if svgs else None)

    def component(self) -> tuple[str, bytes] | None:
        """(file name, bytes) of the first component, the file the build wrote; None: it has none."""
        try:
            return self.first.result()
        except CancelledError:
            raise Busy("a newer preview came first: ask again") from None

    def pdf(self) -> Path | None:
        """The PDF the build wrote (waiting for the build)."""
        assert self.built is not None
        try:
            return self.built.result().to_print
        except CancelledError:
            raise Busy("a newer preview came first: ask again") from None


class Previews:
    """Preview builds, one at a time, into a scratch folder of the studio's own; the last few
    setups kept. A setup not yet started when a newer one comes is dropped (its page has moved on)."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="cardgen-studio-"))
        self.folders = frozenset(p.folder for p in every_product())
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="studio-preview")
        self.kept: OrderedDict[str, Drawn] = OrderedDict()
        self.lock = threading.Lock()
        self.count = itertools.count(1)

    def draw(self, product: Product, reading: Reading) -> Drawn:
        """The build of this setup: started now, or kept from before. PNG and Tabletop Simulator
        exports are left out of a preview: they are drawn from the same SVGs, and cost seconds."""
        key = reading.key()
        with self.lock:
            if key in self.kept:
                self.kept.move_to_end(key)
                return self.kept[key]
            for old_key, old in list(self.kept.items()):
                if old.built is not None and old.built.cancel():  # not started: nobody waits for it now
                    self.kept.pop(old_key)
            if reading.opts is not None and (reading.opts.png or reading.opts.tts):
                reading = replace(reading, opts=replace(reading.opts, png=None, tts=False))
            drawn = Drawn(self.root / str(next(self.count)), product.folder, self.folders)
            drawn.built = self.pool.submit(_build, product, reading, drawn.where, drawn)
            drawn.built.add_done_callback(drawn.finished)
            self.kept[key] = drawn
            for old_key, old in list(self.kept.items())[: max(0, len(self.kept) - KEPT_PREVIEWS)]:
                if old.built is not None and old.built.done():
                    self.kept.pop(old_key)
                    shutil.rmtree(old.where, ignore_errors=True)
            return drawn

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)
        shutil.rmtree(self.root, ignore_errors=True)  # (twice is harmless)


class Simulations:
    """The "try it before you print" games: one simulation at a time, the last few kept."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: OrderedDict[str, dict[str, Any]] = OrderedDict()

    def play(self, options: dict[str, Any], games: int = SIM_GAMES) -> dict[str, Any]:
        """``games`` seeded Game of Trains games (seed 1, as ``cardgen simulate``) of the variant
        ``options`` (simulate's option keys) describe, and their figures."""
        import time

        from cardgen.simulate.page import charts_of
        from cardgen.simulate.run import run
        from cardgen.simulate.settings import request
        from cardgen.simulate.text import figures

        key = repr(sorted(options.items())) + str(games)
        if key in self.kept:
            return self.kept[key]
        if not self.lock.acquire(timeout=SIM_WAIT):
            raise Busy("a simulation is running: try again in a moment")
        try:
            req = request("got", options, [], games=games, seed=1)
            start = time.perf_counter()
            outcome = run(req, workers=1)
            seconds = time.perf_counter() - start
        finally:
            self.lock.release()
        setting, tally = outcome.settings[0], outcome.tallies[0]
        words = " ".join(f"--{k} {v}" for k, v in sorted(options.items()))
        found = {
            "games": tally.games,
            "seconds": round(seconds, 2),
            "command": f"cardgen simulate {words} --games {games} --seed 1".replace("  ", " "),
            "figures": [{"name": n, "text": t} for n, t in figures(setting, tally)],
            # the report's charts: SVG drawn by cardgen's own writer (its texts escaped)
            "charts": [{"svg": str(c.svg), "caption": c.caption} for c in charts_of(setting, tally)],
        }
        self.kept[key] = found
        while len(self.kept) > KEPT_PREVIEWS:
            self.kept.popitem(last=False)
        return found


def zip_folder(folder: Path) -> bytes:
    """A folder as a ZIP, its files in name order with a fixed date: same folder, same bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(f"{folder.name}/{path.relative_to(folder).as_posix()}", (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, path.read_bytes())
    return buf.getvalue()
