"""Products: one module per thing cardgen makes, and the registry that lists them.

A product module builds its files (rules → layout → impose → render), writes them
through ``output.Staging``, and says how its written folder is read back and
checked. ``cardgen check`` and ``cardgen build`` find products here, by name;
nothing else switches on product names.

To add a product: write ``products/<name>.py`` with a keyword-only
``build_<name>(*, ..., opts, out, progress)`` and a ``PRODUCT = Product(...)``,
then add one line to ``PRODUCTS``. Modules are imported only when used, so
start-up stays lean.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import Any

from cardgen.rules.check import Violation

# name (also the ``game`` a deck's manifest records) -> module holding ``PRODUCT``
PRODUCTS: dict[str, str] = {
    "got": "cardgen.products.got",
    "got2d": "cardgen.products.got2d",
    "placemat": "cardgen.products.placemat",
    # supertrain
    "supertrain": "cardgen.products.supertrain",
    "supertrain-scoresheet": "cardgen.products.scoresheet",
    # amtrak
    "amtrak-scorecard": "cardgen.products.amtrak",
    # handouts
    "handout": "cardgen.products.handout",
    # testpage
    "testpage": "cardgen.products.testpage",
}


@dataclass(frozen=True)
class FolderCheck:
    """What a product's checker found in a written folder."""

    what: str  # what the folder claims to hold, e.g. "pattern two, census 7, 3 copies (84 cards)"
    count: int  # components found
    violations: list[Violation]
    noun: str = "cards"  # what ``count`` counts
    checks: tuple[str, ...] = ()  # the named checks that ran (default: the pack checks and "files")


@dataclass(frozen=True)
class Product:
    name: str
    title: str  # what it is, for people
    build: Callable[..., Any]
    # reads a written folder back (its manifest already loaded) and checks it; None: nothing to check
    check: Callable[[Path, dict[str, Any]], FolderCheck] | None = None
    command: str = ""  # the CLI command (and the cardgen.toml item name) that builds it, if any


def by_command() -> dict[str, Product]:
    """Every product that a command builds, by that command's name (imports every product)."""
    found = (product(name) for name in PRODUCTS)
    return {p.command: p for p in found if p.command}


def product(name: str) -> Product:
    """The registered product called ``name`` (KeyError when there is none)."""
    found: Product = import_module(PRODUCTS[name]).PRODUCT
    return found
