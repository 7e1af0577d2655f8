"""``cardgen check``: prove a pack right, from a hand-made table or from a written folder.

A folder is handed to the product that wrote it (its ``pack.json`` says which: ``game``,
found in the registry), with its manifest validated against the deck's keys and the
product's own; its exports (``png/``, ``tts/``) are checked as the manifest records them. A
table is checked against the pack the options describe, by the product those options select.
A folder holding cardgen's folders (``cardgen build``'s ``--out``) is checked item by item
(``check_set``). What operating systems drop into folders (``files.is_litter``) is named in a
note, never a fault: it changes nothing that prints.
"""

from __future__ import annotations

import inspect
import json
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.files import is_litter, path_kind, read_file, show_path
from cardgen.layout.theme import Theme
from cardgen.manifest import DECK, MANIFEST, read_manifest, validate
from cardgen.options import PRINT_FIELDS, PrintOptions, print_options
from cardgen.products import PRODUCTS, Product, TableCheck, every_product, product
from cardgen.proof import FolderCheck
from cardgen.proof.documents import check_written_files
from cardgen.proof.folder import stray_files
from cardgen.proof.rebuilt import FILE_LIMIT, compare_built
from cardgen.proof.tables import read_table
from cardgen.rules.got.pack_checks import CHECKS, check_pack
from cardgen.rules.shared import Violation, capped
from cardgen.units import clean_title, shown
from cardgen.write.marker import MARKER as FOLDER_MARKER
from cardgen.write.marker import REPORT, file_digest, litter_in, read_built, read_kind, read_listing, read_marker
from cardgen.write.owned import INDEX, INDEX_MARKER
from cardgen.write.sets import JOURNAL


@dataclass
class CheckReport:
    target: str
    kind: str  # "table", "folder" (of cards), "files" (a folder with no cards) or "set" (of folders: ``items``)
    pack: str  # what the cards were checked against
    cards: int
    violations: list[Violation]
    noun: str = "cards"
    checks: tuple[str, ...] = ()
    notes: list[str] = field(default_factory=list)  # what changes nothing that prints (an OS's litter)
    items: list[CheckReport] = field(default_factory=list)  # a set's folders, each checked

    @property
    def ok(self) -> bool:
        return not self.violations and all(item.ok for item in self.items)

    def line(self) -> str:
        """The last line said of it: what was checked, and the verdict."""
        if self.kind == "set":
            failed = [i for i in self.items if not i.ok]
            n = len(self.violations) + sum(len(i.violations) for i in self.items)
            verdict = "OK" if self.ok else f"FAILED: {n} violation{'s' if n != 1 else ''}"
            if failed:
                verdict += f" in {len(failed)} of {len(self.items)} items" + (" and the set" if self.violations else "")
            count = f"{len(self.items)} item{'s' if len(self.items) != 1 else ''}"
            return f"{self.target}: {count} checked, one by one ({self.pack}): {verdict}"
        n = len(self.violations)
        verdict = "OK" if self.ok else f"FAILED: {n} violation{'s' if n != 1 else ''}"
        checked = f"checked ({self.pack})" if self.kind == "files" else f"checked as {self.pack}"
        noun = self.noun[:-1] if self.cards == 1 and self.noun.endswith("s") else self.noun
        return f"{self.target}: {self.cards} {noun} {checked}: {verdict}"

    def as_dict(self) -> dict[str, Any]:
        listed: dict[str, Any] = {
            "target": self.target,
            "kind": self.kind,
            "pack": self.pack,
            "cards": self.cards,
            "ok": self.ok,
            "checks": list(self.checks or (*CHECKS, *(["files"] if self.kind != "table" else []))),
            "violations": [{"check": v.check, "cards": list(v.cards), "message": v.message} for v in self.violations],
            "notes": list(self.notes),
        }
        if self.kind == "set":
            listed["items"] = [item.as_dict() for item in self.items]
        return listed

    def to_json(self) -> str:
        return json.dumps(self.as_dict(), indent=2, ensure_ascii=False)


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
    notes = tuple(litter_notes(folder))
    if path_kind(folder / MANIFEST) == "missing":
        return replace(files_written(folder), notes=notes)
    found, data = load_manifest(folder)
    assert found.check is not None  # load_manifest refused the others
    checked = found.check(folder, data)
    violations = checked.violations + marker_problems(folder)
    return FolderCheck(checked.what, checked.count, violations, checked.noun, checked.checks, notes)


def litter_notes(folder: Path) -> list[str]:
    """A note for each file an operating system dropped into ``folder`` (``files.is_litter``)."""
    return litter_lines(litter_in(folder))


def litter_lines(found: list[str]) -> list[str]:
    """A note for each of these files an operating system dropped into a folder (the first ten)."""
    notes = []
    for rel in found[:10]:
        system = "Windows" if Path(rel).name.lower() in ("thumbs.db", "desktop.ini") else "macOS"
        notes.append(
            f"{shown(rel)} is a file {system} adds to folders, not cardgen's: it changes nothing that prints, "
            "and a rebuild keeps it"
        )
    if len(found) > 10:
        notes.append(f"and {len(found) - 10} more such files")
    return notes


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
    kind = read_kind(folder)
    if kind is not None and kind.name == REPORT.name:
        return report_written(folder, names)
    whole = product(kind.name) if kind is not None and kind.name in PRODUCTS else None
    if whole is not None and whole.proves is not None:
        return parts_written(folder, names, whole)
    violations = marker_problems(folder) + stray_files(folder, names) + check_written_files(folder, names)
    violations += rebuilt_problems(folder, names)
    kinds = sorted({Path(n).suffix.lstrip(".").upper() or "other" for n in names})
    what = f"{', '.join(kinds)} as cardgen wrote them; no cards in this folder"
    return FolderCheck(what, len(names), violations, "files", ("files",))


def parts_written(folder: Path, names: list[str], found: Product) -> FolderCheck:
    """A folder made of other products' folders (a kit): each part checked as ``cardgen check``
    checks it alone (its faults named under its folder), every file the folder's marker lists
    there and unchanged, nothing else there, and the whole built again from what its marker
    records and held to it by its product (``Product.proves``: the kit's PDF against its parts)."""
    violations = marker_problems(folder) + stray_files(folder, names)
    failed: set[str] = set()
    parts = sorted(p for p in folder.iterdir() if _cardgens(p))
    for part in parts:
        try:
            checked = check_written(part)
        except CardgenError as e:
            failed.add(part.name)
            violations.append(Violation("files", f"{part.name}/: {e}"))
            continue
        if checked.violations:
            failed.add(part.name)
        violations += [Violation(v.check, f"{part.name}/: {v.message}", v.cards) for v in checked.violations]
    recorded = _recorded(folder)
    if isinstance(recorded, str):
        violations.append(Violation("files", recorded))
    else:
        maker, options, opts = recorded
        with tempfile.TemporaryDirectory(prefix="cardgen-check-") as tmp:
            try:
                fresh = maker.build(**options, opts=opts, out=Path(tmp))
            except CardgenError as e:
                violations.append(
                    Violation("files", f"{FOLDER_MARKER} records a build this cardgen cannot make again ({e})")
                )
            else:
                assert found.proves is not None
                violations += found.proves(folder, names, fresh, failed)
    what = f"a {found.title}: each part as its own folder, and its PDF against them"
    return FolderCheck(what, len(parts), violations, "parts", ("files",))


def report_written(folder: Path, names: list[str]) -> FolderCheck:
    """A simulation report (``cardgen simulate --report``): every file its marker lists is there
    and unchanged, nothing else is, and its page is a web page cardgen writes. Its games are not
    played again (a run of many games takes minutes, and a report prints nothing): the marker
    records the command that made it, and the same command writes the same bytes."""
    violations = marker_problems(folder) + stray_files(folder, names)
    for name in names:
        path = folder / name
        if name.endswith(".html") and path_kind(path) == "file" and not path.is_symlink():
            head = read_file(path, limit=FILE_LIMIT, what="page")[:15]
            if head.lower() != b"<!doctype html>":
                violations.append(Violation("files", f"{name} is not a web page cardgen writes"))
    what = "a simulation report, as cardgen wrote it; its games are not played again"
    return FolderCheck(what, len(names), violations, "files", ("files",))


def rebuilt_problems(folder: Path, names: list[str]) -> list[Violation]:
    """Every file of a folder without cards that is not, byte for byte, what this version writes
    when it makes the same folder again, from what the marker records built it
    (``products.recipe``): a marker anyone can sign again proves nothing of what a printer prints,
    the bytes a fresh build writes do. A folder whose marker records no such thing, or another
    version, is a finding in itself."""
    recorded = _recorded(folder)
    if isinstance(recorded, str):
        return [Violation("files", recorded)]
    found, options, opts = recorded
    try:
        with tempfile.TemporaryDirectory(prefix="cardgen-check-") as tmp:
            made = Path(found.build(**options, opts=opts, out=Path(tmp)).folder)
            fresh = {p.relative_to(made).as_posix(): p.read_bytes() for p in sorted(made.rglob("*")) if p.is_file()}
    except CardgenError as e:
        return [Violation("files", f"{FOLDER_MARKER} records a build this cardgen cannot make again ({e})")]
    fresh.pop(FOLDER_MARKER, None)
    return compare_built(folder, names, fresh, f"this {found.title}")


def _recorded(folder: Path) -> tuple[Product, dict[str, Any], PrintOptions] | str:
    """The product, its keywords and its print options that ``folder``'s marker records built it
    (``_recipe``), or why there are none to build it again from: no record (an earlier
    cardgen's), another version's, or one this cardgen would not build."""
    built = read_built(folder)
    if built is None:
        why = f"{FOLDER_MARKER} does not record what built this folder (an earlier cardgen's)"
        return f"{why}: its files are not compared with a fresh build"
    version = built.get("cardgen_version") if isinstance(built, dict) else __version__  # (else: _recipe says)
    if version != __version__:
        said = shown(str(version), 20)
        return (
            f"{FOLDER_MARKER} records cardgen {said}, not this cardgen {__version__}: its files are not "
            "compared byte for byte with what this version writes"
        )
    try:
        return _recipe(built)
    except CardgenError as e:
        return f"{FOLDER_MARKER} records a build this cardgen cannot make again ({e})"


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


def folder_report(target: Path, found: FolderCheck) -> CheckReport:
    return CheckReport(
        str(target),
        "files" if found.noun == "files" else "folder",
        found.what,
        found.count,
        found.violations,
        noun=found.noun,
        checks=found.checks,
        notes=list(found.notes),
    )


def _cardgens(folder: Path) -> bool:
    """Whether ``folder`` (a real folder, not hidden) says it is cardgen's: a marker or a ``pack.json``."""
    if folder.name.startswith(".") or folder.is_symlink() or not folder.is_dir():
        return False
    return path_kind(folder / FOLDER_MARKER) != "missing" or path_kind(folder / MANIFEST) != "missing"


def set_items(folder: Path) -> list[Path] | None:
    """The folders cardgen wrote in ``folder`` when ``folder`` is not one itself but holds them
    (``cardgen build``'s ``--out``, whose index page has a marker of its own, or any folder
    commands wrote into), in name order; None when it is not such a folder."""
    if path_kind(folder) != "folder":
        return None
    if path_kind(folder / FOLDER_MARKER) != "missing" or path_kind(folder / MANIFEST) != "missing":
        return None
    try:
        items = sorted((p for p in folder.iterdir() if _cardgens(p)), key=lambda p: p.name)
    except OSError as e:
        raise CardgenError(f"cannot check {show_path(folder)}: {e.strerror or e}") from None
    return items if items or path_kind(folder / INDEX_MARKER) == "file" else None


def check_set(folder: Path, items: list[Path]) -> CheckReport:
    """Every folder cardgen wrote in ``folder``, each as ``cardgen check`` checks it alone, and
    the set's own files: its index page unchanged since cardgen wrote it, every folder its
    marker lists there, no set left half swapped in. Anything else in ``folder`` is the user's:
    a note says it was not checked."""
    reports = []
    for item in items:
        try:
            reports.append(folder_report(item, check_written(item)))
        except CardgenError as e:
            reports.append(CheckReport(str(item), "folder", "nothing", 0, [Violation("files", str(e))]))
    listing = read_listing(folder, INDEX_MARKER)
    violations: list[Violation] = []
    if listing:
        try:
            own = read_marker(folder, INDEX_MARKER) or {}
        except CardgenError as e:
            own = {}
            violations.append(Violation("files", str(e).replace("cannot replace", "cannot prove").split(": ", 1)[-1]))
        wanted = own.get(INDEX)
        if path_kind(folder / INDEX) != "file":
            violations.append(Violation("files", f"{INDEX} is missing, though {INDEX_MARKER} lists it"))
        elif wanted is None or file_digest(folder / INDEX) != wanted:
            violations.append(Violation("files", f"{INDEX} was changed after cardgen wrote it"))
        listed = listing.get("folders")
        for name in listed if isinstance(listed, list) else []:
            if isinstance(name, str) and not _cardgens(folder / name):
                violations.append(Violation("files", f"{shown(name + '/')}, which the set's index lists, is missing"))
    if path_kind(folder / JOURNAL) == "file":
        violations.append(
            Violation(
                "files", "a set a killed build began to swap in is unfinished: the next cardgen build completes it"
            )
        )
    ours = {INDEX, INDEX_MARKER, JOURNAL, *(p.name for p in items), *(f"{p.name}-preview.png" for p in items)}
    others = sorted(p.name for p in folder.iterdir() if p.name not in ours and not p.name.startswith(".cardgen-"))
    notes = litter_lines([n for n in others if is_litter(n) and (folder / n).is_file()])
    strangers = [n for n in others if not is_litter(n)]
    notes += [f"{shown(n)} is not cardgen's: not checked" for n in strangers[:5]]
    if len(strangers) > 5:
        notes.append(f"and {len(strangers) - 5} more things that are not cardgen's")
    what = "a set cardgen build wrote" if listing else "the folders cardgen wrote in it"
    return CheckReport(str(folder), "set", what, len(items), violations, noun="items", notes=notes, items=reports)


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
        items = set_items(target)
        if items is not None:
            return check_set(target, items)
        return folder_report(target, check_written(target))
    if kind == "missing":
        raise CardgenError(f"{show_path(target)} does not exist: give a pack table (CSV) or a pack folder")
    options = {"pattern": pattern, "census": census, "categories": categories}
    table = table_product(options)
    spec, what = table.spec(copies=copies, **{k: options[k] for k in table.keys})
    cards = read_table(target, spec.parse_ability)
    return CheckReport(str(target), "table", what, len(cards), check_pack(spec, cards))
