"""Products: one module per thing cardgen makes, and the registry that lists them.

A product module declares everything about itself in one place: what it builds (a
keyword-only ``build`` function: rules → layout → impose → render, written through
``write``, returning what it wrote as a ``write.built.Built``), the keys of its own that its ``pack.json`` holds, how a written folder of it is
read back and proved (with ``proof``), and how a hand-made table of its cards is checked.
``cardgen check``, ``cardgen build`` and ``cardgen.toml`` find products here, by name or by
command; nothing else switches on a product's name.

To add a product: write ``products/<name>.py`` ending in ``PRODUCT = Product(...)`` (a pack
of numbered cards: a ``numbered.NumberedPack`` subclass and ``PRODUCT = PACK.product(build)``),
add one line to ``PRODUCTS``, and its command to a module of ``cli/``. Modules are imported only when
used, so start-up stays lean.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.manifest import Field
from cardgen.options import PrintOptions
from cardgen.proof import FolderCheck
from cardgen.rules.shared import PackSpec, Violation
from cardgen.units import card_at_least
from cardgen.write.built import Built
from cardgen.write.marker import Kind

# name (also the ``game`` a deck's manifest records) -> module holding ``PRODUCT``
PRODUCTS: dict[str, str] = {
    "got": "cardgen.products.got",
    "got2d": "cardgen.products.got2d",
    "placemat": "cardgen.products.placemat",
    "supertrain": "cardgen.products.supertrain",
    "supertrain-scoresheet": "cardgen.products.scoresheet",
    "amtrak-scorecard": "cardgen.products.amtrak",
    "deck": "cardgen.products.deck",
    "handout": "cardgen.products.handout",
    "testpage": "cardgen.products.testpage",
    "tokens": "cardgen.products.tokens",
    "train-setup": "cardgen.products.train_setup",
    "kit": "cardgen.products.kit",
}

# What ``cardgen build`` makes when no cardgen.toml says otherwise: (command, its options).
# The kits come first, one a game for three players: the index opens with them ("print this").
KITS: tuple[tuple[str, dict[str, Any]], ...] = tuple(
    ("kit", {"game": game, "players": 3, **options})
    for game, options in (
        ("got", {"pattern": "two", "census": 7}),
        ("got2d", {}),
        ("supertrain", {}),
        ("amtrak", {}),
        ("train", {}),
    )
)
# Then the test page (what to print before anything double-sided) and every product on its
# own, as its command makes it.
DEFAULT_SET: tuple[tuple[str, dict[str, Any]], ...] = (
    *KITS,
    ("testpage", {}),
    ("pack", {"pattern": "one", "census": 7}),
    ("pack", {"pattern": "two", "census": 7}),
    ("pack", {"pattern": "three", "census": 5}),
    ("pack2d", {}),
    ("placemat", {"census": 5}),
    ("placemat", {"census": 6}),
    ("placemat", {"census": 7}),
    ("placemat", {"grid": "3x3"}),
    ("tiles", {}),
    ("scoresheet", {"game": "supertrain", "players": 4}),
    ("scorecard", {"players": 1}),
    ("scorecard", {"players": 2}),
    ("scorecard", {"players": 4}),
    ("handout", {"game": "got"}),
    ("handout", {"game": "got2d"}),
    ("handout", {"game": "supertrain"}),
    ("handout", {"game": "amtrak"}),
    ("handout", {"game": "train"}),
)


@dataclass(frozen=True)
class TableCheck:
    """How ``cardgen check TABLE.csv`` checks a hand-made table of a product's cards: the
    options that select the product (all of them given, no other product's), and the pack
    those options (and ``copies``) describe, with how to name it."""

    keys: tuple[str, ...]  # e.g. ("pattern", "census")
    hint: str  # how a user selects it, e.g. "--pattern and --census for a linear pack"
    spec: Callable[..., tuple[PackSpec, str]]  # keyword arguments: ``keys`` and ``copies``


@dataclass(frozen=True)
class Product:
    """One thing cardgen makes, as the registry knows it."""

    name: str
    title: str  # what it is, for people
    build: Callable[..., Built]  # keyword-only: its own options, then ``opts``, ``out`` (and ``progress``)
    command: str = ""  # the CLI command (and the cardgen.toml item name) that builds it, if any
    # reads a written folder back (its manifest already validated) and checks it; None: nothing to check
    check: Callable[[Path, dict[str, Any]], FolderCheck] | None = None
    keys: Mapping[str, Field] = field(default_factory=dict)  # its own keys in pack.json (``game`` aside)
    table: TableCheck | None = None  # how a hand-made table of its cards is checked, if it has one
    folder: str = "cards"  # where its component SVGs go (its PNG exports are named after them)
    first: bool = False  # printed before anything else (the test page): ``cardgen build``'s index leads with it
    # a folder of other products' folders (a kit): what is wrong with it beyond its parts' own faults,
    # given its folder, the files its marker lists, the same built again (``Built``: its parts) and
    # the parts whose own checks failed (``check.parts_written`` checks each part, then asks this)
    proves: Callable[[Path, Sequence[str], Built, set[str]], list[Violation]] | None = None
    # the smallest --card it draws legibly (type at 6 pt and up, no text over text, nothing outside
    # the card): a smaller one is refused in one line; None: it takes no --card
    min_card: tuple[float, float] | None = None

    def check_card(self, card: tuple[float, float]) -> None:
        """Refuse a card smaller than ``min_card``, in one line naming the minimum."""
        if self.min_card is not None:
            card_at_least(card, self.min_card, f"a {self.title}")

    @property
    def kind(self) -> Kind:
        """What its folders' markers record them as (``write.marker.Kind``): a command replaces
        only a folder of its own kind."""
        return Kind.of(self.name, self.title)


def recipe(name: str, options: Mapping[str, object], opts: PrintOptions) -> dict[str, Any]:
    """How to make a folder without cards again, recorded in its marker (``write.staging``):
    the product ``name``, its own ``options`` (its build's keywords, as given), the print options
    as typed (``PrintOptions.as_typed``) and this version. ``cardgen check`` builds it again
    from this and compares the bytes, as it redraws a deck from its ``pack.json``."""
    return {"product": name, "cardgen_version": __version__, "options": dict(options), "print": opts.as_typed()}


def product(name: str) -> Product:
    """The registered product called ``name`` (KeyError when there is none)."""
    found: Product = import_module(PRODUCTS[name]).PRODUCT
    return found


def every_product() -> list[Product]:
    """Every registered product (imports them all)."""
    return [product(name) for name in PRODUCTS]


def by_command() -> dict[str, Product]:
    """Every product that a command builds, by that command's name (imports every product)."""
    return {p.command: p for p in every_product() if p.command}
