"""Every module a docstring or a document names exists: a path (``render/pdf.py``,
``cardgen/proof/exports.py``) is a file of the package, a dotted name (``rules.got.play``,
``cardgen.write.staging.Staging``) a module, or a module and a name defined in it. A reader who
follows a name to a file that was moved or deleted is lost, so a stale name fails here."""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cardgen"
TOP = sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()) + sorted(
    p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"
)
# a dotted name: cardgen.x.y… anywhere, or x.y… set as code (``rules.got.play``, `layout.art`)
# where x is one of the package's own modules (in running text, ``rules.census`` may be a
# variable's attribute, and "rules.html" a file)
DOTTED = re.compile(
    r"(?<![\w./-])(?:cardgen\.((?:" + "|".join(TOP) + r")(?:\.[A-Za-z_]\w*)+)"
    r"|(?<=`)((?:" + "|".join(TOP) + r")(?:\.[A-Za-z_]\w*)+)(?=[`(]))"
)
FILE_KINDS = {"py", "html", "json", "jsonl", "csv", "pdf", "png", "svg", "toml", "txt", "md", "zip"}
# a path: [cardgen/]x/…/name.py where x is one of the package's folders
FOLDERS = [p.name for p in PACKAGE.iterdir() if p.is_dir() and not p.name.startswith("_")]
PATH = re.compile(
    r"(?<![\w./-])(?:cardgen/)?((?:" + "|".join(FOLDERS) + r")/[\w/]*\w\.py"
    r"|(?:" + "|".join(TOP) + r")\.py)\b"
)


def _docstrings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                line = node.body[0].lineno if node.body else 1
                found.append((line, doc))
    # comments too: they name modules as often as docstrings do
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if "#" in line:
            found.append((n, line[line.index("#") :]))
    return found


def _texts() -> list[tuple[str, str]]:
    texts = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for line, doc in _docstrings(path):
            texts.append((f"{path.relative_to(ROOT)}:{line}", doc))
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        texts.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
    return texts


def _resolves(dotted: str) -> bool:
    """Whether ``cardgen.<dotted>`` is a module, or a module followed by names defined in it."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module = "cardgen." + ".".join(parts[:cut])
        try:
            spec = importlib.util.find_spec(module)
        except ModuleNotFoundError:
            spec = None
        if spec is None:
            continue
        if cut == len(parts):
            return True
        obj: object = importlib.import_module(module)
        for name in parts[cut:]:
            if not hasattr(obj, name):
                # a module's private helper or a method named in passing still must exist
                return False
            obj = getattr(obj, name)
        return True
    return False


@functools.cache
def names() -> list[tuple[str, str, str]]:
    """Every module path the docstrings and docs/ name: (where, kind, name). Found when a test
    asks (not at import: every pytest-xdist worker imports this file, one runs it)."""
    out = []
    for where, text in _texts():
        for m in DOTTED.finditer(text):
            name = (m.group(1) or m.group(2)).rstrip(".")
            if name.endswith(".py") or name.rsplit(".", 1)[-1] in FILE_KINDS:  # a file's name
                continue
            out.append((where, "name", name))
        for m in PATH.finditer(text):
            out.append((where, "path", m.group(1)))
    return out


def test_the_scan_finds_names() -> None:
    # a scan that finds nothing proves nothing: the project names hundreds of its modules
    assert len({n for _, kind, n in names() if kind == "name"}) > 100
    assert len({n for _, kind, n in names() if kind == "path"}) > 30


def test_a_stale_name_is_caught() -> None:
    assert not _resolves("products.theme")
    assert not _resolves("rules.play_variant")
    assert not _resolves("rules.got.play.NoSuchThing")
    assert [m.group(1) for m in PATH.finditer("its command to ``cli.py``, see `write/staging.py`")] == [
        "cli.py",
        "write/staging.py",
    ]
    assert not (PACKAGE / "cli.py").exists()
    assert _resolves("rules.got.play.Game")
    assert _resolves("write.staging")


@pytest.mark.parametrize("kind", ["name", "path"])
def test_every_module_named_in_a_docstring_or_a_document_exists(kind: str) -> None:
    stale = []
    for where, k, name in names():
        if k != kind:
            continue
        ok = _resolves(name) if kind == "name" else (PACKAGE / name).exists()
        if not ok:
            stale.append(f"{where}: {name}")
    assert not stale, "\n".join(sorted(set(stale)))
