from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from cardgen.render import font_path

# Timing is the benchmarks' business: no per-example deadline, so a busy CI machine cannot
# turn a slow example into a failure. Under CI the examples are derandomised (repeatable runs).
settings.register_profile("cardgen", deadline=None, derandomize=bool(os.environ.get("CI")))
settings.load_profile("cardgen")

FONTS = [str(font_path(bold, family)) for family in ("mono", "sans") for bold in (False, True)]


def svg_png(svg: str | bytes, dpi: float = 150) -> bytes:
    """Rasterise an SVG with resvg (a real renderer), using only the shipped fonts."""
    import resvg_py

    text = svg.decode("utf-8") if isinstance(svg, bytes) else svg
    return bytes(
        resvg_py.svg_to_bytes(svg_string=text, dpi=dpi, font_files=FONTS, skip_system_fonts=True, background="white")
    )


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Build packs once per session and hand out their folders: built(pattern=..., census=..., ...)."""
    from cardgen.products.got import build_pack
    from tests.helpers import typed

    cache: dict[tuple, Path] = {}  # type: ignore[type-arg]

    def make(**kw):  # type: ignore[no-untyped-def]
        key = tuple(sorted(kw.items()))
        if key not in cache:
            out = tmp_path_factory.mktemp("pack")
            cache[key] = typed(build_pack)(out=out, **kw).folder
        return cache[key]

    return make
