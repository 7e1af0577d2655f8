"""A look for the cards: colours per pattern or 2D category, a title, a logo, a back design.

A ``Theme`` is plain data (frozen, hashable); ``themes/read.py`` reads one from a
TOML file and checks every key. The faces and backs in ``layout/got/card.py`` and ``layout/got/card2d.py``
ask it for their colours and fall back on the built-in ones for whatever it leaves out.

>>> t = Theme(colours=(("one", Colours(accent="#123456")),), logo="locomotive")
>>> t.accent("one", "#1f4e79"), t.tint("one", "#dfe8f2"), t.accent("two", "#8a2323")
('#123456', '#dfe8f2', '#8a2323')
>>> parse_colour("#AbC"), parse_colour(" #1f4e79 ")
('#aabbcc', '#1f4e79')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from cardgen.layout.shapes import Group, Image, Typeface

LOGOS = ("none", "locomotive")  # what may stand in the top corner of every face, both ways up (or a picture)
# the built-in back designs: a locomotive on rails on the accent, the name alone, or the light back (a
# fine hatch on white, the locomotive in the accent: a quarter of the ink, ``layout.got.back``); or a picture
BACKS = ("train", "plain", "light")
ARTS = ("railway", "plain")  # the faces: a track and a train (the spaces as wagons), or boxes and type alone
_COLOUR = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def parse_colour(text: str) -> str:
    """``#rgb`` or ``#rrggbb`` (any case) → ``#rrggbb`` in lower case; ValueError otherwise.

    >>> parse_colour("red")
    Traceback (most recent call last):
    ...
    ValueError: 'red' is not a colour: write #rrggbb or #rgb
    """
    m = _COLOUR.fullmatch(text.strip())
    if not m:
        raise ValueError(f"{text!r} is not a colour: write #rrggbb or #rgb")
    digits = m.group(1).lower()
    return "#" + (digits if len(digits) == 6 else "".join(d * 2 for d in digits))


@dataclass(frozen=True)
class Colours:
    """The two colours of a card: ``accent`` (ability text, frames, the back) and ``tint``
    (the ground around the panel); None keeps the built-in one."""

    accent: str | None = None
    tint: str | None = None


@dataclass(frozen=True)
class Picture:
    """A picture of the user's (``themes/pictures.py`` reads and checks it): PNG or JPEG bytes
    and their size in pixels.

    >>> p = Picture(b"", "png", 400, 200)
    >>> p.within(0, 0, 10, 10)
    Image(x=0.0, y=2.5, w=10.0, h=5.0, kind='png', role='logo')
    >>> g = p.covering(0, 0, 10, 10); g.clip, g.shapes[0]
    ((0, 0, 10, 10), Image(x=-5.0, y=0.0, w=20.0, h=10.0, kind='png', role='back-image'))
    """

    data: bytes = field(repr=False)
    kind: str  # "png" or "jpeg"
    width: int  # pixels
    height: int
    turned: bytes = field(default=b"", repr=False)  # the same picture turned 180° (a logo's, for the lower half)

    def within(self, x: float, y: float, w: float, h: float, role: str = "logo", *, upside_down: bool = False) -> Image:
        """As large as fits in the box, centred in it, in its own proportions; ``upside_down``:
        the picture turned 180° (a double-ended face's lower half)."""
        k = min(w / self.width, h / self.height)
        iw, ih = self.width * k, self.height * k
        data = self.turned if upside_down and self.turned else self.data
        return Image(x + (w - iw) / 2, y + (h - ih) / 2, iw, ih, data, self.kind, role)

    def covering(self, x: float, y: float, w: float, h: float, role: str = "back-image") -> Group:
        """Covering the whole box, centred, in its own proportions; what runs over is clipped."""
        k = max(w / self.width, h / self.height)
        iw, ih = self.width * k, self.height * k
        image = Image((w - iw) / 2, (h - ih) / 2, iw, ih, self.data, self.kind, role)
        return Group((image,), dx=x, dy=y, clip=(0, 0, w, h))


@dataclass(frozen=True)
class Theme:
    """``colours`` is keyed by pattern (``one``, ``two``, ``three``), ``2d`` (every 2D card)
    or a 2D category name (``row-swap``), which wins over ``2d``."""

    name: str = ""  # the theme file's stem, for the folder name
    colours: tuple[tuple[str, Colours], ...] = ()
    title: str = ""  # printed on every card when --title gives none
    logo: str = "none"  # one of LOGOS, or the name of the logo picture's file
    back: str = "train"  # one of BACKS, or the name of the back picture's file
    art: str = "railway"  # one of ARTS: what the faces show besides their type
    logo_picture: Picture | None = None
    back_picture: Picture | None = None
    font: Typeface | None = None  # the titles' and the backs' font; None: the shipped one
    font_files: tuple[str, str] = ("", "")  # the names of its regular and bold files in the pack

    def _pick(self, keys: tuple[str, ...], which: str) -> str | None:
        table = dict(self.colours)
        for key in keys:
            value: str | None = getattr(table[key], which) if key in table else None
            if value:
                return value
        return None

    def accent(self, key: str | tuple[str, ...], default: str) -> str:
        """The accent for ``key`` (or the first of several keys the theme sets), else ``default``."""
        return self._pick((key,) if isinstance(key, str) else key, "accent") or default

    def tint(self, key: str | tuple[str, ...], default: str) -> str:
        return self._pick((key,) if isinstance(key, str) else key, "tint") or default

    @property
    def railway(self) -> bool:
        """Whether the faces show the track and the train (the default look)."""
        return self.art == "railway"


DEFAULT = Theme()  # the look without a theme: the railway faces, the train back
PLAIN = Theme(name="plain", art="plain", back="plain")  # ``--theme plain``: type and boxes alone
BUILT_IN = {"plain": PLAIN}  # the themes ``--theme NAME`` names without a file
