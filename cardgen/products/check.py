"""``cardgen check``: prove a pack right, from a hand-edited table or from a written folder."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.rules.check import CHECKS, PackSpec, Violation, check_pack


@dataclass
class CheckReport:
    target: str
    kind: str  # "table" or "folder"
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
                "checks": list(self.checks or (*CHECKS, *(["files"] if self.kind == "folder" else []))),
                "violations": [
                    {"check": v.check, "cards": list(v.cards), "message": v.message} for v in self.violations
                ],
            },
            indent=2,
            ensure_ascii=False,
        )


def _table_spec(
    pattern: str | None, census: int | None, copies: int | None, categories: str | None
) -> tuple[PackSpec, str]:
    """The pack a hand-made table is checked against, and how to name it."""
    if categories:
        if pattern or census:
            raise CardgenError("give --categories for a 2D pack, or --pattern and --census for a linear one, not both")
        from cardgen.products import got2d
        from cardgen.rules.grid import GridPack

        grid = GridPack(categories, copies)
        return grid, got2d.describe(grid)
    if pattern is None or census is None:
        raise CardgenError(
            "checking a table needs --pattern and --census (or --categories for a 2D pack), e.g. --pattern two --census 7"
        )
    from cardgen.products import got
    from cardgen.rules.patterns import make_pattern

    linear = make_pattern(pattern, census, copies=copies)
    return linear, got.describe(linear)


def check_target(
    *,
    target: Path,
    pattern: str | None = None,
    census: int | None = None,
    copies: int | None = None,
    categories: str | None = None,
) -> CheckReport:
    """Check a pack table (CSV), or a folder written by cardgen (by the product that wrote it)."""
    from cardgen.products.output import path_kind, show_path

    kind = path_kind(target, doing="check")  # one line for a path too long, unreadable, a loop ...
    if kind == "folder":
        from cardgen.products.readback import check_written

        if pattern or census or copies or categories:
            raise CardgenError(f"{target} is a pack folder: it says its own pattern and census, so give no options")
        from cardgen.products.exports import check_exports

        found = check_written(target)
        violations = found.violations + check_exports(target)  # png/ and tts/, as pack.json records them
        return CheckReport(
            str(target), "folder", found.what, found.count, violations, noun=found.noun, checks=found.checks
        )
    if kind == "missing":
        raise CardgenError(f"{show_path(target)} does not exist: give a pack table (CSV) or a pack folder")
    from cardgen.products.tables import read_table

    spec, what = _table_spec(pattern, census, copies, categories)
    cards = read_table(target, spec.parse_ability)
    return CheckReport(str(target), "table", what, len(cards), check_pack(spec, cards))
