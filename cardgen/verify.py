"""``cardgen check``: prove a pack right, from a hand-edited table or from a written folder."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.rules.check import CHECKS, Violation


@dataclass
class CheckReport:
    target: str
    kind: str  # "table" or "folder"
    pack: str  # what the cards were checked against
    cards: int
    violations: list[Violation]

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
                "checks": list(CHECKS) + (["files"] if self.kind == "folder" else []),
                "violations": [
                    {"check": v.check, "cards": list(v.cards), "message": v.message} for v in self.violations
                ],
            },
            indent=2,
            ensure_ascii=False,
        )


def describe(spec: object) -> str:
    from cardgen.rules.grid import GridPack
    from cardgen.rules.patterns import Pattern

    if isinstance(spec, Pattern):
        return f"pattern {spec.name}, census {spec.census}, {spec.copies} copies ({spec.size} cards)"
    if isinstance(spec, GridPack):
        return f"2D pack of {', '.join(spec.categories)}, {spec.copies} copies ({spec.size} cards)"
    return repr(spec)


def _spec(pattern: str | None, census: int | None, copies: int | None, categories: str | None):  # type: ignore[no-untyped-def]
    if categories:
        if pattern or census:
            raise CardgenError("give --categories for a 2D pack, or --pattern and --census for a linear one, not both")
        from cardgen.rules.grid import GridPack

        return GridPack(categories, copies)
    if pattern is None or census is None:
        raise CardgenError(
            "checking a table needs --pattern and --census (or --categories for a 2D pack), e.g. --pattern two --census 7"
        )
    from cardgen.rules.patterns import make_pattern

    return make_pattern(pattern, census, copies=copies)


def check_target(
    *,
    target: Path,
    pattern: str | None = None,
    census: int | None = None,
    copies: int | None = None,
    categories: str | None = None,
) -> CheckReport:
    """Check a pack table (CSV) or a folder written by ``cardgen pack``/``pack2d``."""
    if target.is_dir():
        from cardgen.readback import check_folder, load_manifest, spec_from_manifest

        if pattern or census or copies or categories:
            raise CardgenError(f"{target} is a pack folder: it says its own pattern and census, so give no options")
        spec = spec_from_manifest(load_manifest(target))
        violations = check_folder(target)
        count = len([p for p in (target / "cards").glob("*.svg") if p.stem.isdigit()])
        return CheckReport(str(target), "folder", describe(spec), count, violations)
    if not target.exists():
        raise CardgenError(f"{target} does not exist: give a pack table (CSV) or a pack folder")
    from cardgen.tables import read_table

    spec = _spec(pattern, census, copies, categories)
    cards = read_table(target, spec.parse_ability)
    return CheckReport(str(target), "table", describe(spec), len(cards), spec.check(cards))
