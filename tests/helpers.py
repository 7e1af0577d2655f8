"""Shared test helpers."""

from __future__ import annotations

import fcntl
import hashlib
import io
import json
import os
import re
import shutil
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from cardgen.options import PRINT_FIELDS, PrintArgs
from cardgen.themes.read import parse_print_args

# Command lines whose folders several test files read (``made_by`` in tests/conftest.py builds each
# once a run): a pack with every export at a small size; a pack whose first TTS sheet is full.
EXPORTS = ("pack", "--pattern", "one", "--census", "3", "--copies", "1", "--backs", "--png", "72", "--tts")
FULL_TTS = ("pack", "--pattern", "two", "--census", "7", "--tts")


def typed(build: Callable[..., Any]) -> Callable[..., Any]:
    """A product's build function that takes print options as a user types them
    (``paper="letter", bleed="3mm"``) beside its own keywords, as the CLI passes them."""

    def call(**kw: Any) -> Any:
        printing = {k: kw.pop(k) for k in list(kw) if k in PRINT_FIELDS}
        return build(opts=parse_print_args(PrintArgs(**printing)), **kw)

    return call


def as_older(folder: Path, version: str | None = "0.0.1") -> None:
    """Make ``folder`` look written by another cardgen version (``None``: one that recorded
    none): its pack.json says so, and its marker records pack.json as it is now."""
    manifest = folder / "pack.json"
    data = json.loads(manifest.read_text("utf-8"))
    if version is None:
        data.pop("cardgen_version", None)
    else:
        data["cardgen_version"] = version
    manifest.write_text(json.dumps(data, indent=2), "utf-8")
    resign(folder)


def resign(folder: Path) -> None:
    """Record every file ``folder``'s marker lists with its digest as it is now: what anyone
    can do to a marker, so a check must not rest on it alone."""
    marker = folder / ".cardgen.json"
    listing = json.loads(marker.read_text("utf-8"))
    files = {rel: hashlib.sha256((folder / rel).read_bytes()).hexdigest() for rel in listing["files"]}
    marker.write_text(json.dumps({**listing, "files": files}), "utf-8")


def names_only(folder: Path) -> None:
    """Give ``folder`` the marker an earlier cardgen wrote: its files' names, no digests."""
    marker = folder / ".cardgen.json"
    listing = json.loads(marker.read_text("utf-8"))
    marker.write_text(json.dumps({"files": sorted(listing["files"])}), "utf-8")


def older_line(version: str = "0.0.1") -> str:
    """What ``cardgen check`` says of a folder from another version."""
    return f"pack.json records cardgen '{version}', not this cardgen"


def crossed(page) -> list[tuple[str, int, int]]:  # type: ignore[no-untyped-def]
    """Letters a ruled (level or upright) line runs through."""
    edges = [e for e in page.edges if e["orientation"] in ("h", "v")]
    out = []
    for ch in page.chars:
        if not ch["text"].strip():
            continue
        x0, x1, top, bottom = ch["x0"] + 0.2, ch["x1"] - 0.2, ch["top"] + 0.2, ch["bottom"] - 0.2
        for e in edges:
            if e["orientation"] == "v" and x0 < e["x0"] < x1 and e["top"] < bottom and top < e["bottom"]:
                out.append((ch["text"], round(ch["x0"]), round(ch["top"])))
            if e["orientation"] == "h" and top < e["top"] < bottom and e["x0"] < x1 and x0 < e["x1"]:
                out.append((ch["text"], round(ch["x0"]), round(ch["top"])))
    return out


def child_pids(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return found


def refused(code: int, err: str, *needles: str) -> None:
    """A command's refusal: exit 2 and one line on stderr, holding every one of ``needles``."""
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    for needle in needles:
        assert needle in err, err


def snapshot(root: Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under ``root``."""
    return {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


def shared(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], Path]) -> Path:
    """What ``make(out)`` builds into the empty folder ``out`` (it returns the path of what it
    built, inside ``out``), built once for the whole run: the first worker to ask builds it
    while holding a lock, the others wait for it and take the same path. Whoever takes it only
    reads it (copy it to change it). Outside xdist: once per session, as a session fixture would."""
    root = factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # this run's folder, which all its workers share (pytest-xdist's recipe)
    key = re.sub(r"[^A-Za-z0-9=.,-]+", "_", name)[:80] + "-" + hashlib.sha256(name.encode()).hexdigest()[:8]
    shelf = root / "shared"
    shelf.mkdir(exist_ok=True)
    done = shelf / f"{key}.done"  # holds the built path, relative to the shelf
    with open(shelf / f"{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not done.exists():
            out = shelf / key
            shutil.rmtree(out, ignore_errors=True)  # what a build that failed in another worker left
            out.mkdir()
            built = make(out)
            done.write_text(built.relative_to(shelf).as_posix(), "utf-8")
        return shelf / done.read_text("utf-8")


_HANDOUTS: dict[tuple[str, tuple[tuple[str, Any], ...]], Path] = {}


def handout(tmp_path: Path, paper: str = "a4", **kw: Any) -> Path:
    """The folder of a rules handout (``build_handout``'s keywords, on ``paper``), built into
    ``tmp_path`` the first time this process asks for it and kept for the tests after it that ask
    for the same one (the same options make the same bytes). Only to read."""
    from cardgen.options import print_options
    from cardgen.products.handout import build_handout

    key = (paper, tuple(sorted(kw.items())))
    if key not in _HANDOUTS or not _HANDOUTS[key].is_dir():
        _HANDOUTS[key] = build_handout(opts=print_options(paper=paper), out=tmp_path, **kw).folder
    return _HANDOUTS[key]


_READ: OrderedDict[str, Any] = OrderedDict()  # a PDF's digest -> pdfplumber's reading of it
KEEP_READ = 12


@contextmanager
def read_pdf(path: Path) -> Iterator[Any]:
    """``pdfplumber.open(path)``, kept for the next test of this process that reads the same
    bytes: pdfplumber parses a page in pure Python, most of what many tests cost, and the tests
    of a module read its few files again and again. Only to read (a page's lists are shared)."""
    import pdfplumber

    data = Path(path).read_bytes()
    key = hashlib.sha256(data).hexdigest()
    pdf = _READ.pop(key, None) or pdfplumber.open(io.BytesIO(data))
    _READ[key] = pdf  # the most recently read last
    while len(_READ) > KEEP_READ:
        _READ.popitem(last=False)[1].close()
    yield pdf


# a content stream's tokens: a string (ReportLab escapes the parentheses inside), a hex string,
# an array's brackets, or a word (a number or an operator)
_TOKEN = re.compile(rb"\((?:\\.|[^\\)])*\)|<[^>]*>|[\[\]]|[^\s()<>\[\]]+")


def clip_boxes(content: bytes) -> list[tuple[float, float, float, float]]:
    """Each rectangle a content stream clips to (``x y w h re W`` or ``W*``), as (x0, y0, x1, y1) in the
    page's points: moved by the transformation in force (``cm``, kept and restored by ``q`` and
    ``Q``), as a reader draws it, whatever frame the writer drew it in."""
    ctm = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    saved: list[tuple[float, ...]] = []
    numbers: list[float] = []
    rect: tuple[float, ...] | None = None
    out = []
    for m in _TOKEN.finditer(content):
        word = m.group()
        try:
            numbers.append(float(word))
            continue
        except ValueError:
            pass
        if word == b"q":
            saved.append(ctm)
        elif word == b"Q":
            ctm = saved.pop()
        elif word == b"cm":
            a, b, c, d, e, f = numbers[-6:]
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif word == b"re":
            rect = tuple(numbers[-4:])
        elif word in (b"W", b"W*") and rect is not None:
            x, y, w, h = rect
            A, B, C, D, E, F = ctm
            corners = [(A * px + C * py + E, B * px + D * py + F) for px in (x, x + w) for py in (y, y + h)]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            out.append((min(xs), min(ys), max(xs), max(ys)))
        if word not in (b"[", b"]"):
            numbers = []
            if word not in (b"W", b"W*"):
                rect = rect if word == b"re" else None
    return out
