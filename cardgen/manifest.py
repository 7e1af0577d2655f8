"""``pack.json``: what a deck folder holds, written by ``write.deck`` and read back by ``proof``.

Every key a deck writes is declared once, in ``DECK`` (its kind and bounds); a product adds
keys of its own (``Product.keys``: a pack's pattern and census, a tile set's name), written
before the deck's. ``validate`` holds a manifest to a schema before anything uses it and says
what is wrong in one line naming the key. ``deck_record`` is what a deck writes;
``plan_from_manifest`` and ``options_from_manifest`` read the same keys back into the sheet
plan and the print options its components are drawn again with.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from cardgen.errors import CardgenError
from cardgen.files import read_file, show_path
from cardgen.impose.sheets import SheetPlan, plan_sheet
from cardgen.options import MAX_BACK_OFFSET, PNG_DPI, PrintOptions
from cardgen.presets import HOME, PRESETS
from cardgen.themes.read import theme_from_manifest, theme_record
from cardgen.units import MAX_LENGTH, MAX_TITLE, PAPERS, parse_paper, shown

MANIFEST = "pack.json"  # what a deck folder holds, so ``cardgen check FOLDER`` knows what to expect
MANIFEST_LIMIT = 1_000_000  # bytes; cardgen writes a few hundred


@dataclass(frozen=True)
class Field:
    """What one manifest key must hold. ``lo``/``hi`` bound a number, a length or a list."""

    kind: Literal["str", "int", "number", "bool", "size", "offset", "names", "table"]
    lo: float = 0
    hi: float = 10**9
    required: bool = True
    choices: tuple[str, ...] = ()


Schema = Mapping[str, Field]

# Every key a deck's pack.json holds (``deck_record`` writes them), in one place; a product's
# own keys are in its declaration (``Product.keys``).
DECK: dict[str, Field] = {
    "game": Field("str", 1, 40),
    "name": Field("str", 1, 240),  # the folder's name as written, and its PDF's
    "cards": Field("int", 1, 100_000),
    "card_mm": Field("size", 10, 400),
    "bleed_mm": Field("number", 0, 12.7),
    "margin_mm": Field("number", 0, MAX_LENGTH),
    "gutter_mm": Field("number", 0, MAX_LENGTH),
    "paper": Field("str", choices=tuple(PAPERS)),
    "orientation": Field("str", choices=("portrait", "landscape")),
    "per_page": Field("int", 1, 100_000),
    "backs": Field("bool"),
    "fold": Field("str", choices=("vertical", "horizontal"), required=False),  # only for fold-over sheets
    "title": Field("str", 0, MAX_TITLE),
    "cardgen_version": Field("str", 1, 40, required=False),
    "back_offset": Field("offset", -MAX_BACK_OFFSET, MAX_BACK_OFFSET, required=False),  # only when not 0,0
    "png_dpi": Field("int", PNG_DPI[0], PNG_DPI[1], required=False),  # only with --png
    "tts": Field("bool", required=False),  # only with --tts
    "theme": Field("table", required=False),  # only with --theme; read by themes.read.theme_from_manifest
    "preset": Field("str", choices=tuple(n for n in PRESETS if n != HOME), required=False),  # only with --preset
}


def deck_record(
    own: Mapping[str, object], name: str, count: int, opts: PrintOptions, plan: SheetPlan, backs: bool
) -> bytes:
    """What a deck writes as ``pack.json``: its product's ``own`` keys (``game`` first), its
    ``name`` (the folder's, and its PDF's), then what was asked for, so ``cardgen check FOLDER``
    knows what the files must hold."""
    data = {
        **own,
        "name": name,
        "cards": count,
        "card_mm": list(plan.card),
        "bleed_mm": opts.bleed,
        "margin_mm": opts.margin,
        "gutter_mm": opts.gutter,
        "paper": opts.paper_name,
        "orientation": plan.orientation,
        "per_page": plan.per_page,
        "backs": backs,
        **({"fold": plan.fold} if plan.fold else {}),  # the fold line of fold-over sheets (backs beside the fronts)
        "title": opts.title,
    }
    # the exports and the theme are recorded only when asked for, so other packs' records stay as they were;
    # so is a back offset (only backs move, so only then), for the check to expect the backs where they are
    if backs and opts.back_offset != (0.0, 0.0):
        data["back_offset"] = list(opts.back_offset)
    if opts.png:
        data["png_dpi"] = opts.png
    if opts.tts:
        data["tts"] = True
    if opts.theme is not None:
        data["theme"] = theme_record(opts.theme)
    if opts.preset is not None:
        data["preset"] = opts.preset.name
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def read_manifest(folder: Path) -> Any:
    """The folder's pack.json as JSON, read within limits (not yet validated: see ``validate``)."""
    path = folder / MANIFEST
    if not path.exists() and not path.is_symlink():
        raise CardgenError(f"{show_path(folder)} is not a pack folder written by cardgen: no {MANIFEST}")
    raw = read_file(path, limit=MANIFEST_LIMIT, what=MANIFEST)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise CardgenError(f"cannot read {show_path(path)}: {str(e)[:200]}") from None
    return data


def _field_problem(value: Any, f: Field) -> str | None:
    """Why ``value`` does not fit ``f``, or None."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if f.kind == "str":
        if not isinstance(value, str):
            return "must be text"
        if f.choices and value not in f.choices:
            return f"must be one of {', '.join(f.choices)}"
        if not f.choices and not f.lo <= len(value) <= f.hi:
            return f"must be {f.lo:g} to {f.hi:g} characters long"
        if any(not ch.isprintable() for ch in value):
            return "holds a control character"
    elif f.kind == "bool":
        if not isinstance(value, bool):
            return "must be true or false"
    elif f.kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            return "must be a whole number"
        if not f.lo <= value <= f.hi:
            return f"must be {f.lo:g} to {f.hi:g}"
    elif f.kind == "number":
        if not number or not math.isfinite(value):
            return "must be a number"
        if not f.lo <= value <= f.hi:
            return f"must be {f.lo:g} to {f.hi:g}"
    elif f.kind in ("size", "offset"):
        pair = "[width, height]" if f.kind == "size" else "[x, y]"
        if not isinstance(value, list) or len(value) != 2:
            return f"must be {pair} in mm"
        for v in value:
            if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
                return f"must be {pair} in mm"
            if not f.lo <= v <= f.hi:
                return f"must be {pair}, each {f.lo:g} to {f.hi:g} mm"
    elif f.kind == "names":
        if not isinstance(value, list) or not all(isinstance(v, str) and 0 < len(v) <= 40 for v in value):
            return "must be a list of names"
        if not f.lo <= len(value) <= f.hi:
            return f"must list {f.lo:g} to {f.hi:g} names"
    elif f.kind == "table":
        if not isinstance(value, dict):
            return "must be a table of keys"
    return None


def validate(data: Any, schema: Schema = DECK, *, where: str = MANIFEST) -> dict[str, Any]:
    """``data`` itself when every key in ``schema`` fits it and it holds no other; else one line
    naming the key.

    >>> validate({"copies": "3"}, {"copies": Field("int", 1, 100)})
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: pack.json: copies "3" must be a whole number
    >>> validate({"copies": 3, "cheat": True}, {"copies": Field("int", 1, 100)})
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: pack.json: unknown key 'cheat' (cardgen writes copies)
    """
    if not isinstance(data, dict):
        raise CardgenError(f"{where} does not hold a JSON object")
    unknown = [k for k in data if k not in schema]
    if unknown:
        raise CardgenError(f"{where}: unknown key {shown(unknown[0], 40)} (cardgen writes {', '.join(schema)})")
    for key, f in schema.items():
        if key not in data:
            if f.required:
                raise CardgenError(f"{where} has no {key}")
            continue
        why = _field_problem(data[key], f)
        if why:
            value = json.dumps(data[key], ensure_ascii=False)
            value = value if len(value) <= 60 else value[:40] + "…" + value[-10:]
            raise CardgenError(f"{where}: {key} {value} {why}")
    return data


def need(data: dict[str, Any], *keys: str) -> None:
    """One line naming the first of a product's own ``keys`` missing from its manifest."""
    for key in keys:
        if key not in data:
            raise CardgenError(f"{MANIFEST} has no {key}")


def plan_from_manifest(data: dict[str, Any]) -> SheetPlan:
    """The sheet plan a (validated) manifest records: its sizes, orientation, fold and back offset."""
    if data.get("fold") and not data.get("backs"):
        raise CardgenError(
            f"{MANIFEST} records a fold but no backs: a fold-over sheet folds each back behind its front"
        )
    try:
        shift = data.get("back_offset", (0.0, 0.0))
        return plan_sheet(
            (float(data["card_mm"][0]), float(data["card_mm"][1])),
            parse_paper(data["paper"]),
            margin=float(data["margin_mm"]),
            bleed=float(data["bleed_mm"]),
            gutter=float(data["gutter_mm"]),
            orientation=data["orientation"],
            back_offset=(float(shift[0]), float(shift[1])),
            fold=data.get("fold", ""),
        )
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise CardgenError(f"{MANIFEST} is incomplete or malformed: {e}") from None


def options_from_manifest(data: dict[str, Any], folder: Path) -> PrintOptions:
    """The print options a (validated) manifest of the deck in ``folder`` records, to draw its
    components again: its theme's pictures and font are the deck's own copies."""
    x, y = data.get("back_offset", (0.0, 0.0))  # recorded only when the backs were moved
    return PrintOptions(
        card=(data["card_mm"][0], data["card_mm"][1]),
        paper=parse_paper(data["paper"]),
        paper_name=data["paper"],
        bleed=data["bleed_mm"],
        margin=data["margin_mm"],
        gutter=data["gutter_mm"],
        title=data["title"],
        backs=data["backs"],
        back_offset=(float(x), float(y)),
        png=data.get("png_dpi"),
        tts=data.get("tts", False),
        theme=theme_from_manifest(data, folder),
        preset=PRESETS[data["preset"]] if "preset" in data else None,
        fold=bool(data.get("fold")),
    )
