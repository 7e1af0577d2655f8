"""``cardgen check``: prove a pack right, from a hand-made table or from a written folder.

A folder is handed to the product that wrote it (its ``pack.json`` says which: ``game``,
found in the registry), with its manifest validated against the deck's keys and the
product's own; its exports (``png/``, ``tts/``) are checked as the manifest records them. A
table is checked against the pack the options describe, by the product those options select.
"""

from __future__ import annotations

import inspect
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.files import path_kind, show_path
from cardgen.layout.theme import Theme
from cardgen.manifest import DECK, MANIFEST, read_manifest, validate
from cardgen.options import PRINT_FIELDS, PrintOptions, print_options
from cardgen.products import PRODUCTS, Product, TableCheck, every_product, product
from cardgen.proof import FolderCheck
from cardgen.proof.documents import check_written_files
from cardgen.proof.folder import stray_files
from cardgen.proof.rebuilt import compare_built
from cardgen.proof.tables import read_table
from cardgen.rules.got.pack_checks import CHECKS, check_pack
from cardgen.rules.shared import Violation, capped
from cardgen.units import clean_title, shown
from cardgen.write.marker import MARKER as FOLDER_MARKER
from cardgen.write.marker import file_digest, read_built, read_marker


@dataclass
class CheckReport:
    target: str
    kind: str  # "table", "folder" (of cards) or "files" (a folder with no cards)
    pack: str  # what the cards were checked against
    cards: int
    violations: list[Violation]
    noun: str = "cards"
    checks: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.violations

    def to_json(self) -> str:
        return json.dumps(
            {
                "target": self.target,
                "kind": self.kind,
                "pack": self.pack,
                "cards": self.cards,
                "ok": self.ok,
                "checks": list(self.checks or (*CHECKS, *(["files"] if self.kind != "table" else []))),
                "violations": [
                    {"check": v.check, "cards": list(v.cards), "message": v.message} for v in self.violations
                ],
            },
            indent=2,
            ensure_ascii=False,
        )


def load_manifest(folder: Path) -> tuple[Product, dict[str, Any]]:
    """The product that wrote ``folder`` (as its pack.json says) and its manifest, validated
    against the deck's keys and the product's own."""
    data = read_manifest(folder)
    game = data.get("game") if isinstance(data, dict) else None
    found = product(game) if isinstance(game, str) and game in PRODUCTS else None
    if found is None or found.check is None:
        raise CardgenError(f"{show_path(folder / MANIFEST)} does not describe anything cardgen can check")
    return found, validate(data, {**DECK, **found.keys})


def check_written(folder: Path) -> FolderCheck:
    """What ``folder`` holds and every violation in it, read from its files by the product
    that wrote them, its exports included. A folder with no ``pack.json`` (a placemat, a form,
    a handout, a test page: no cards) is checked file by file (``files_written``)."""
    if path_kind(folder / MANIFEST) == "missing":
        return files_written(folder)
    found, data = load_manifest(folder)
    assert found.check is not None  # load_manifest refused the others
    checked = found.check(folder, data)
    violations = checked.violations + marker_problems(folder)
    return FolderCheck(checked.what, checked.count, violations, checked.noun, checked.checks)


def marker_problems(folder: Path) -> list[Violation]:
    """What a later build would refuse to replace: no marker (cardgen cannot prove it wrote the
    folder), or a file the marker lists that is gone or was changed after cardgen wrote it."""
    try:
        own = read_marker(folder)
    except CardgenError as e:
        return [Violation("files", str(e).replace("cannot replace", "cannot prove").split(": ", 1)[-1])]
    if own is None:
        why = f"{FOLDER_MARKER} is missing: cardgen cannot prove it wrote this folder, so no build will replace it"
        return [Violation("files", why)]
    out: list[Violation] = []
    if any(wanted is None for wanted in own.values()):
        why = (
            f"{FOLDER_MARKER} is an earlier cardgen's, listing files without checksums: cardgen cannot prove "
            "they are unchanged, so no build will replace this folder"
        )
        out.append(Violation("files", why))
    for rel, wanted in own.items():
        path = folder / rel
        if path_kind(path) != "file" or path.is_symlink():
            out.append(Violation("files", f"{rel} is missing, though {FOLDER_MARKER} lists it"))
        elif wanted is not None and file_digest(path) != wanted:
            out.append(Violation("files", f"{rel} was changed after cardgen wrote it ({FOLDER_MARKER} says otherwise)"))
    return capped(out, 10, lambda k, _: Violation("files", f"and {k} more files differ from what {FOLDER_MARKER} says"))


def files_written(folder: Path) -> FolderCheck:
    """A folder cardgen wrote with no cards in it: every file its marker lists is there and
    unchanged, nothing else is, and each file is one a printer takes (``check_written_files``).
    Without a marker cardgen cannot say it wrote the folder, so there is nothing to check."""
    own = read_marker(folder)  # a damaged marker: one line
    if own is None:
        raise CardgenError(
            f"{show_path(folder)} holds neither {MANIFEST} nor {FOLDER_MARKER}: it is not a folder cardgen wrote"
        )
    names = sorted(own)
    violations = marker_problems(folder) + stray_files(folder, names) + check_written_files(folder, names)
    violations += rebuilt_problems(folder, names)
    kinds = sorted({Path(n).suffix.lstrip(".").upper() or "other" for n in names})
    what = f"{', '.join(kinds)} as cardgen wrote them; no cards in this folder"
    return FolderCheck(what, len(names), violations, "files", ("files",))


def rebuilt_problems(folder: Path, names: list[str]) -> list[Violation]:
    """Every file of a folder without cards that is not, byte for byte, what this version writes
    when it makes the same folder again, from what the marker records built it
    (``products.recipe``): a marker anyone can sign again proves nothing of what a printer prints,
    the bytes a fresh build writes do. A folder whose marker records no such thing, or another
    version, is a finding in itself."""
    built = read_built(folder)
    if built is None:
        why = f"{FOLDER_MARKER} does not record what built this folder (an earlier cardgen's)"
        return [Violation("files", f"{why}: its files are not compared with a fresh build")]
    version = built.get("cardgen_version") if isinstance(built, dict) else __version__  # (else: _recipe says)
    if version != __version__:
        said = shown(str(version), 20)
        return [
            Violation(
                "files",
                f"{FOLDER_MARKER} records cardgen {said}, not this cardgen {__version__}: its files are not "
                "compared byte for byte with what this version writes",
            )
        ]
    try:
        found, options, opts = _recipe(built)
        with tempfile.TemporaryDirectory(prefix="cardgen-check-") as tmp:
            made = Path(found.build(**options, opts=opts, out=Path(tmp)).folder)
            fresh = {p.relative_to(made).as_posix(): p.read_bytes() for p in sorted(made.rglob("*")) if p.is_file()}
    except CardgenError as e:
        return [Violation("files", f"{FOLDER_MARKER} records a build this cardgen cannot make again ({e})")]
    fresh.pop(FOLDER_MARKER, None)
    return compare_built(folder, names, fresh, f"this {found.title}")


def _recipe(built: Any) -> tuple[Product, dict[str, Any], PrintOptions]:
    """The product, its keywords and its print options a marker's ``built`` names; one line
    (CardgenError) when it names anything cardgen would not build."""
    if (
        not isinstance(built, dict)
        or not isinstance(built.get("options"), dict)
        or not isinstance(built.get("print"), dict)
    ):
        raise CardgenError("not a record cardgen writes")
    name = built.get("product")
    found = product(name) if isinstance(name, str) and name in PRODUCTS else None
    if found is None or found.check is not None:
        raise CardgenError(f"no product {shown(str(name), 30)} without cards")
    allowed = set(inspect.signature(found.build).parameters) - {"opts", "out", "progress"}
    options = built["options"]
    for key, value in options.items():
        if key not in allowed or not (value is None or isinstance(value, str | int | bool)):
            raise CardgenError(f"{found.name} takes no {shown(str(key), 30)} of {shown(repr(value), 30)}")
    typed = dict(built["print"])
    shown_theme = typed.pop("theme", None)  # what the folder shows of a theme: its name and title
    if shown_theme is not None and not (
        isinstance(shown_theme, dict)
        and set(shown_theme) == {"name", "title"}
        and all(isinstance(v, str) for v in shown_theme.values())
    ):
        raise CardgenError("a theme cardgen does not record")
    if set(typed) - set(PRINT_FIELDS) or not all(v is None or isinstance(v, str | int | bool) for v in typed.values()):
        raise CardgenError("print options cardgen does not write")
    theme = Theme(name=shown_theme["name"], title=clean_title(shown_theme["title"])) if shown_theme else None
    return found, options, print_options(**typed, theme=theme)


def check_folder(folder: Path) -> list[Violation]:
    """Every violation in ``folder`` (``check_written``)."""
    return check_written(folder).violations


def table_product(options: dict[str, Any]) -> TableCheck:
    """How a hand-made table is checked: by the one product whose table keys the options given
    (those not None) are, all of them and no other product's."""
    given = {k for k, v in options.items() if v is not None}
    tables = [p.table for p in every_product() if p.table is not None]
    hints = " or ".join(t.hint for t in tables)
    complete = [t for t in tables if set(t.keys) <= given]
    if not complete:
        raise CardgenError(f"checking a table needs {hints}")
    if len(complete) > 1 or not given <= set(complete[0].keys):
        raise CardgenError(f"give {hints}, not a mix of them")
    return complete[0]


def check_target(
    *,
    target: Path,
    pattern: str | None = None,
    census: int | None = None,
    copies: int | None = None,
    categories: str | None = None,
) -> CheckReport:
    """Check a pack table (CSV), or a folder written by cardgen (by the product that wrote it)."""
    kind = path_kind(target, doing="check")  # one line for a path too long, unreadable, a loop ...
    if kind == "folder":
        if pattern or census or copies or categories:
            raise CardgenError(f"{target} is a pack folder: it says its own pattern and census, so give no options")
        found = check_written(target)
        return CheckReport(
            str(target),
            "files" if found.noun == "files" else "folder",
            found.what,
            found.count,
            found.violations,
            noun=found.noun,
            checks=found.checks,
        )
    if kind == "missing":
        raise CardgenError(f"{show_path(target)} does not exist: give a pack table (CSV) or a pack folder")
    options = {"pattern": pattern, "census": census, "categories": categories}
    table = table_product(options)
    spec, what = table.spec(copies=copies, **{k: options[k] for k in table.keys})
    cards = read_table(target, spec.parse_ability)
    return CheckReport(str(target), "table", what, len(cards), check_pack(spec, cards))
