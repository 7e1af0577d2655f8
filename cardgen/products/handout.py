"""Rules handouts: HTML pages rendered from the jinja2 templates in ``templates/``.

Autoescaping is on, so a title like ``<script>`` stays visible text.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cardgen


def template_dir() -> Path:
    """Templates ship inside the wheel (cardgen/templates); a source checkout has them at the top."""
    here = Path(cardgen.__file__).parent
    for candidate in (here / "templates", here.parent / "templates"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("cardgen's templates folder is missing from this installation")


def render_handout(name: str, **context: Any) -> bytes:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=FileSystemLoader(template_dir()),
        autoescape=select_autoescape(["html", "j2"], default_for_string=True),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )
    return env.get_template(name).render(version=cardgen.__version__, **context).encode("utf-8")
