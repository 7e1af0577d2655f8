"""Shared test helpers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgen.options import PRINT_FIELDS, PrintArgs
from cardgen.themes.read import parse_print_args


def typed(build: Callable[..., Any]) -> Callable[..., Any]:
    """A product's build function that takes print options as a user types them
    (``paper="letter", bleed="3mm"``) beside its own keywords, as the CLI passes them."""

    def call(**kw: Any) -> Any:
        printing = {k: kw.pop(k) for k in list(kw) if k in PRINT_FIELDS}
        return build(opts=parse_print_args(PrintArgs(**printing)), **kw)

    return call
