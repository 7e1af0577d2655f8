"""Write docs/decisions.md: the rule decisions, collected from where the code states them.

Where a seed leaves a rule open, the module that decides it says so in its docstring (a section
headed "Decision", "Decisions" or "Decided here") and the play engines list theirs in
``DECISIONS``. This page is made from those, so it cannot drift from the code:
tests/test_docs_site.py fails when docs/decisions.md is not what this script writes.

    python docs/make_decisions.py
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "decisions.md"

HEAD = """# The rule decisions

The rule texts (the "seeds": Dave Barber's Game of Trains variants, SuperTrain, Amtrak and Train)
leave some rules open. Where they do, cardgen decides, writes the decision in the docstring of the
module that applies it, prints it in the game's handout (under **Rulings**) and tests it. This page
is collected from the code by `python docs/make_decisions.py`; a test fails when it is out of date.

## In short

- **X is the removal mark**, so a census with removals (pattern two) stops at 23 (spaces A–W).
- **Pattern two's table** in the source prints `B ↔ F 11, B ↔ G 12, B ↔ H 13` and no `B ↔ E`;
  figure 5 shows the intended order (`B ↔ E 11`, `B ↔ F 12`, `B ↔ G 13`), which is what cardgen
  builds. `cardgen check` on the table as printed names the slip.
- **Double-ended numbers**: 6, 9, 16, 66, 86 … read as another number upside down, so they are
  underlined, as on playing cards.
- **Repeated numbers** (several packs combined): `seq` uses the source's definitions; sorting
  swaps handle repeats. The table chooses whether a winning sequence may repeat a number
  (`--win`, recorded with the pack).
- **What a wild stands for** (§10): any number some card of the pack actually built carries, and
  a number, not a card (it may repeat one in play where repeats are allowed); wilds belong to
  packs and carry their marks, so their backs give nothing away. Points for clean and dirty
  finishes (3 and 1) are cardgen's proposal: the seed's list is lost.
- **Number abilities** (§9) are cardgen's own development (`cardgen/rules/got/number_abilities.py`); an
  impossible one may not be chosen.
- **Freeze tokens** (§11): census tokens a player (a frozen card never thaws); each player a
  colour and a symbol.
- **Amtrak's `JK/JK`** is Single-Level: Bi-Level is "Tie and Rails match in rank", and a Joker
  has no rank.
"""

# (title, module, what to take: "doc" for its docstring's section, or the name of a tuple of decisions)
SOURCES = [
    ("The Game of Trains: the abilities", "cardgen.rules.got.abilities", "doc"),
    ("The Game of Trains: packs as printed, wild cards", "cardgen.rules.got.printed", "doc"),
    ("The Game of Trains: sequences", "cardgen.rules.got.sequences", "doc"),
    ("The Game of Trains: freeze tokens", "cardgen.rules.got.freeze_tokens", "doc"),
    ("The Game of Trains: number abilities", "cardgen.rules.got.number_abilities", "DECISIONS"),
    ("The Game of Trains: how the play engine plays", "cardgen.rules.got.play", "DECISIONS"),
    ("SuperTrain: tiles and scoring", "cardgen.rules.supertrain.dominoes", "doc"),
    ("SuperTrain: the referee", "cardgen.rules.supertrain.referee", "doc"),
    ("SuperTrain: the line-up", "cardgen.rules.supertrain.lineup", "LINEUP_DECISIONS"),
    ("SuperTrain: how the play engine plays", "cardgen.rules.supertrain.play", "DECISIONS"),
    ("Amtrak: scoring", "cardgen.rules.amtrak.scoring", "doc"),
    ("Amtrak: how the play engine plays", "cardgen.rules.amtrak.play", "DECISIONS"),
    ("Train: the referee", "cardgen.rules.train.referee", "doc"),
]

OPENS = re.compile(r"^(Decisions?\b|Decided here\b)")


def markdown(text: str) -> str:
    """reStructuredText's ``code`` as Markdown's `code`."""
    return re.sub(r"``(.+?)``", r"`\1`", text)


def docstring_section(module: str) -> str:
    """The module docstring's decisions: from the line that opens them to a doctest, a "How:"
    paragraph or the end."""
    path = Path(importlib.import_module(module).__file__ or "")
    doc = ast.get_docstring(ast.parse(path.read_text("utf-8")), clean=True) or ""
    lines = doc.splitlines()
    start = next(i for i, line in enumerate(lines) if OPENS.match(line))
    taken = []
    for line in lines[start:]:
        if line.startswith((">>>", "How:")):
            break
        taken.append(line)
    return markdown("\n".join(taken).strip())


def render() -> str:
    parts = [HEAD]
    for title, module, what in SOURCES:
        path = module.replace(".", "/") + ".py"
        if what == "doc":
            body = docstring_section(module)
            source = f"the docstring of `{path}`"
        else:
            items = getattr(importlib.import_module(module), what)
            body = "\n".join(f"- {markdown(item)}" for item in items)
            source = f"`{what}` in `{path}`"
        parts.append(f"## {title}\n\nFrom {source}:\n\n{body}\n")
    return "\n".join(parts)


if __name__ == "__main__":
    PAGE.write_text(render(), "utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
