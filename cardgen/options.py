"""Print options, declared once: what a user types (``PrintArgs``, whose fields the CLI turns
into the same options on every printing command) and what it means (``PrintOptions``, in mm,
validated). Products take one ``PrintOptions``. Pure.

>>> o = print_options(card="poker", paper="letter", bleed="1/8in")
>>> o.card, o.paper, o.bleed, o.margin
((63.5, 88.9), (215.9, 279.4), 3.175, 5.0)
>>> PrintArgs(card="bridge", backs=True).parse().backs
True
>>> print_options(back_offset="0.5,-1").back_offset
(0.5, -1.0)
>>> print_options(card="bridge", paper="letter", bleed="3mm", backs=True).suffix
'-bridge-letter-bleed3mm-backs'
>>> print_options(card="2.5x3.5in").suffix
''
>>> print_options(png="300", tts=True).png, print_options(png=300).suffix
(300, '-png300')
"""

from __future__ import annotations

import hashlib
import math
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from fractions import Fraction
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.layout.theme import Theme
from cardgen.params import Param, declared, params_of
from cardgen.presets import HOME, PRESETS, Preset, preset
from cardgen.units import CARDS, PAPERS, clean_title, parse_card, parse_length, parse_paper

MAX_BLEED = 12.7  # half an inch is already far more than any shop asks for
MAX_BACK_OFFSET = 10.0  # mm; a printer further off than this needs mending, not an offset
PNG_DPI = (72, 1200)  # below, a card is a thumbnail; above, a poker card passes 20 megapixels
DEFAULT_CARD, DEFAULT_PAPER = "poker", "a4"
DEFAULT_MARGIN = 5.0
# ASCII digits only, a bounded count of them, as every number a user types (``units``)
_MM = r"([-+]?(?:[0-9]{1,12}(?:\.[0-9]{0,12})?|\.[0-9]{1,12}))\s*(?:mm)?"
_OFFSET = re.compile(rf"\s*{_MM}\s*,\s*{_MM}\s*", re.ASCII)


def parse_offset(text: str) -> tuple[float, float]:
    """``"X,Y"`` in mm (a unit of mm may be written) → (x, y); each at most ``MAX_BACK_OFFSET``.

    >>> parse_offset("1,-0.5"), parse_offset(" -.5mm , 2 ")
    ((1.0, -0.5), (-0.5, 2.0))
    """
    m = _OFFSET.fullmatch(text) if isinstance(text, str) else None
    if not m:
        raise CardgenError(f"back offset {text!r} is not X,Y in mm (digits 0-9): write e.g. 0.5,-1")
    x, y = float(m.group(1)), float(m.group(2))
    if max(abs(x), abs(y)) > MAX_BACK_OFFSET:
        raise CardgenError(f"back offset {text!r} is too large: at most {MAX_BACK_OFFSET:g}mm each way")
    return x + 0.0, y + 0.0  # no -0.0


def parse_dpi(value: int | str) -> int:
    """A PNG resolution: a whole number of dpi within ``PNG_DPI``.

    >>> parse_dpi("300"), parse_dpi(150)
    (300, 150)
    >>> parse_dpi(2400)
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: --png 2400 dpi is out of range: 72 to 1200 dpi (print shops ask for 300)
    """
    text = str(value).strip()
    if isinstance(value, bool) or not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise CardgenError(f"--png {text[:20]!r} is not a whole number of dpi: write e.g. --png 300")
    dpi = int(text)
    lo, hi = PNG_DPI
    if not lo <= dpi <= hi:
        raise CardgenError(f"--png {dpi} dpi is out of range: {lo} to {hi} dpi (print shops ask for 300)")
    return dpi


def parse_bleed(text: str) -> float:
    """A bleed in mm: a length of at most ``MAX_BLEED``.

    >>> parse_bleed("1/8in")
    3.175
    """
    b = parse_length(text, what="bleed")
    if b > MAX_BLEED:
        raise CardgenError(f"bleed {text!r} is too large: at most {MAX_BLEED:g}mm (print shops ask for 3mm)")
    return b


def _length(what: str) -> Callable[[str], float]:
    return lambda text: parse_length(text, what=what)


@dataclass(frozen=True)
class PrintArgs:
    """The print options as typed on the command line, each field declared once (``params.Param``):
    its help (what ``--help`` shows, ``{card}`` the command's noun), range and the function that
    reads it, which ``print_options`` uses too."""

    card: str = declared(
        Param("card", "text", "poker, bridge, mini, tarot or WxH", default=DEFAULT_CARD, metavar="SIZE",
              group="paper", check=parse_card)
    )  # fmt: skip
    paper: str = declared(
        Param("paper", "choice", "a4, letter, a3 or tabloid", default=DEFAULT_PAPER, choices=tuple(PAPERS),
              metavar="PAPER", group="paper", check=parse_paper)
    )  # fmt: skip
    bleed: str = declared(
        Param("bleed", "length", "Bleed for print shops: 3mm, 1/8in", default="0", low=0, high=MAX_BLEED,
              group="service", check=parse_bleed)
    )  # fmt: skip
    margin: str = declared(
        Param("margin", "length", "Your printer's unprintable border", default="5mm", low=0, group="paper",
              check=_length("margin"))
    )  # fmt: skip
    gutter: str = declared(
        Param("gutter", "length", "Space between {cards}", default="0", low=0, group="paper", check=_length("gutter"))
    )
    title: str = declared(
        Param("title", "text", "Name printed on every {card}", default="", group="look", check=clean_title)
    )
    backs: bool = declared(
        Param(
            "backs", "bool", "A backs page after each sheet, for duplex", default=False, negatable=True, group="paper"
        )
    )
    back_offset: str = declared(
        Param("back_offset", "text", "Shift backs pages X,Y mm (testpage)", default="0,0", metavar="X,Y",
              group="paper", check=parse_offset)
    )  # fmt: skip
    fold: bool = declared(
        Param("fold", "bool", "Fold-over sheets: each back beside its {card}", default=False, negatable=True,
              group="paper")
    )  # fmt: skip
    png: int | None = declared(
        Param("png", "int", "Also a PNG of each {card} at DPI", low=PNG_DPI[0], high=PNG_DPI[1], metavar="DPI",
              group="service", check=parse_dpi)
    )  # fmt: skip
    tts: bool = declared(
        Param("tts", "bool", "Also a Tabletop Simulator deck", default=False, negatable=True, group="service")
    )
    theme: str | None = declared(Param("theme", "text", "A theme file (TOML), or plain", metavar="FILE", group="look"))
    preset: str | None = declared(
        Param("preset", "choice", "A print service's preset (list: see them)", choices=tuple(PRESETS),
              metavar="NAME", group="service", check=preset)
    )  # fmt: skip
    back: str = declared(
        Param("back", "choice", "Backs: dark, or light to save ink", default="dark",
              choices=("dark", "light"), metavar="LOOK", group="look")
    )  # fmt: skip

    def parse(self, theme: Theme | None = None) -> PrintOptions:
        """What these options mean. ``theme``: the theme file ``self.theme`` names, read by the
        caller (``themes.read.parse_print_args`` does both), since reading one reads pictures and fonts."""
        if self.theme is not None and not self.theme.strip():
            raise CardgenError("theme is empty: name a theme file (TOML), or leave theme out")
        if self.theme and theme is None:
            raise ValueError(f"the theme file {self.theme!r} is not read: use themes.read.parse_print_args")
        values = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("theme", "back")}
        opts = print_options(**values, theme=with_back(theme, self.back))
        # (a built-in theme is known by its name: only a theme file is told apart by where it is)
        if theme is None or not self.theme or theme.name == self.theme:
            return opts
        return replace(opts, theme_file=str(Path(self.theme).absolute()))


PRINT = params_of(PrintArgs)
PRINT_FIELDS = PRINT.names
BACK_LOOKS = ("dark", "light")


def with_back(theme: Theme | None, back: str) -> Theme | None:
    """``theme`` with the backs' look ``back`` asks for: ``dark`` leaves the theme's own back (the
    train on the accent, or its picture); ``light`` is the light back (``layout.got.back``), recorded
    in the theme, so that ``cardgen check`` draws it again from the pack's record.

    >>> with_back(None, "dark") is None, with_back(None, "light").back
    (True, 'light')
    >>> with_back(None, "pale")
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: --back 'pale' is not a look for the backs: choose dark (the default) or light
    """
    look = back.strip().lower() if isinstance(back, str) else ""
    if look not in BACK_LOOKS:
        raise CardgenError(f"--back {back!r:.40} is not a look for the backs: choose dark (the default) or light")
    if look == "dark":
        return theme
    return replace(theme or Theme(), back="light", back_picture=None)


@dataclass(frozen=True)
class PrintOptions:
    card: tuple[float, float]
    paper: tuple[float, float]
    paper_name: str
    bleed: float
    margin: float
    gutter: float
    title: str
    backs: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    png: int | None = None  # dpi of the PNG per card, or no PNGs
    tts: bool = False  # a Tabletop Simulator deck too
    theme: Theme | None = None
    preset: Preset | None = None  # a print service's (never ``home``: that is the plain build)
    fold: bool = False  # fold-over sheets: the backs (``backs`` is then true) beside the fronts, on one side
    theme_file: str = ""  # the theme's file, as the command named it (absolute): which theme it is

    @property
    def made_with(self) -> dict[str, str]:
        """What a folder's name says of the title and the theme only in part (a title is
        shortened to letters and hyphens, a theme named by its file's stem): the exact title and
        the theme file's digest of its path, recorded in the folder's marker, so that a build
        of another title or theme never replaces it unsaid (``write.owned``: one line names what
        it held). Empty for the plain build.

        >>> print_options(title="Family night!").made_with
        {'title': 'Family night!'}
        >>> print_options(title="FAMILY NIGHT").made_with == print_options(title="Family night!").made_with
        False
        """
        made: dict[str, str] = {"title": self.title} if self.title else {}
        if self.theme_file:
            made["theme"] = hashlib.sha256(self.theme_file.encode("utf-8", "surrogateescape")).hexdigest()[:16]
        return made

    def as_typed(self) -> dict[str, object]:
        """These options as ``print_options`` takes them, to make the same build again
        (``cardgen check`` on a folder without cards, from what its marker records). Of a
        theme, only what such a folder shows of it: its name (in the folder's) and its title
        (``theme``: a table of the two), since the folder keeps none of its files.

        >>> o = print_options(card="bridge", paper="letter", bleed="1/8in", backs=True, back_offset="0.5,-1")
        >>> print_options(**o.as_typed()) == o
        True
        >>> print_options(**print_options(fold=True, title="Family night", png=300).as_typed()).fold
        True
        """

        def mm(value: float, places: int = 17) -> str:
            return f"{value:.{places}f}".rstrip("0").rstrip(".") + "mm"

        theme = {"theme": {"name": self.theme.name, "title": self.theme.title}} if self.theme is not None else {}
        return {
            **theme,
            "card": f"{mm(self.card[0])}x{mm(self.card[1])}",
            "paper": self.paper_name,
            "bleed": mm(self.bleed),
            "margin": mm(self.margin),
            "gutter": mm(self.gutter),
            "title": self.title,
            "backs": self.backs and not self.fold,
            "back_offset": ",".join(mm(v, 12) for v in self.back_offset),
            "png": self.png,
            "tts": self.tts,
            "preset": self.preset.name if self.preset is not None else None,
            "fold": self.fold,
        }

    @property
    def suffix(self) -> str:
        """What a folder's name (and its PDF's) gains for every print option that is not the
        default, so that two commands making different things never share a folder or a file
        name: ``-bridge-letter-bleed1-8in-margin6mm-gutter2mm-backs-offset0.5,-1-png300-tts``
        (``-fold`` in the place of ``-backs`` for fold-over sheets), then the theme and the title;
        empty for the defaults.

        >>> print_options(card="bridge", paper="letter", bleed="1/8in", backs=True).suffix
        '-bridge-letter-bleed1-8in-backs'
        >>> print_options(margin="6mm", gutter="2mm", png=300, tts=True, title="Family night!").suffix
        '-margin6mm-gutter2mm-png300-tts-family-night'

        A preset's own card size and bleed are said by its name, at the end:

        >>> print_options(preset="makeplayingcards", paper="letter", backs=True).suffix
        '-letter-backs-preset-makeplayingcards'

        A fold-over sheet says so where a backs page would:

        >>> print_options(paper="letter", bleed="3mm", fold=True).suffix
        '-letter-bleed3mm-fold'
        """
        preset_bleed = self.preset.bleed_mm if self.preset is not None else 0.0
        parts = [f"bleed{length_name(self.bleed)}"] if self.bleed and self.bleed != preset_bleed else []
        parts += [f"margin{length_name(self.margin)}"] if self.margin != DEFAULT_MARGIN else []
        parts += [f"gutter{length_name(self.gutter)}"] if self.gutter else []
        parts += ["fold"] if self.fold else ["backs"] if self.backs else []
        parts += (
            [f"offset{self.back_offset[0]:g},{self.back_offset[1]:g}"] if self.backs and any(self.back_offset) else []
        )
        parts += [f"png{self.png}"] if self.png else []
        parts += ["tts"] if self.tts else []
        parts += [f"theme-{self.theme.name}"] if self.theme is not None and self.theme.name else []
        parts += ["back-light"] if self.backs and self.theme is not None and self.theme.back == "light" else []
        parts += (
            [title_name(self.title)] if self.title and (self.theme is None or self.title != self.theme.title) else []
        )
        parts += [f"preset-{self.preset.name}"] if self.preset is not None else []
        return self.size_suffix + "".join(f"-{p}" for p in parts)

    def only(self, used: tuple[str, ...]) -> PrintOptions:
        """These options with every one a product does not use (``used``: names of ``PrintArgs``
        fields) at its default, so that its folder's name (and marker, and record) carries only
        what changes what it makes: a ``cardgen.toml``'s ``preset``, ``bleed`` or ``png``, given
        to every item, adds nothing to a placemat's name. A preset's card size is kept when
        ``card`` is used (it is the card the preset set).

        >>> o = print_options(preset="thegamecrafter", paper="letter", png=300, title="Family night")
        >>> o.only(("card", "paper", "margin", "title")).suffix
        '-letter-family-night'
        >>> o.suffix
        '-letter-png300-family-night-preset-thegamecrafter'
        """
        plain = print_options()
        # (the backs' look is carried by the theme: it goes with it)
        fields_of = {"paper": ("paper", "paper_name"), "theme": ("theme", "theme_file"), "back": ()}
        unused = [f for name in PRINT_FIELDS if name not in used for f in fields_of.get(name, (name,))]
        return replace(self, **{f: getattr(plain, f) for f in unused})

    @property
    def size_suffix(self) -> str:
        """The part of ``suffix`` for card size and paper alone (all a placemat uses).

        >>> print_options(card="63x88mm", paper="a3").size_suffix
        '-63x88mm-a3'
        """
        parts = []
        card = next((name for name, size in CARDS.items() if size == self.card), None)
        if card != DEFAULT_CARD:
            parts.append(card or f"{self.card[0]:g}x{self.card[1]:g}mm")
        if self.paper_name != DEFAULT_PAPER:
            parts.append(self.paper_name)
        return "".join(f"-{p}" for p in parts)


def length_name(mm: float) -> str:
    """A length as a file name spells it: in inches when it is a simple fraction of one and not
    a round number of tenths of a millimetre (``1-8in`` for 1/8 in), else in mm.

    >>> length_name(3.175), length_name(3.0), length_name(6.35), length_name(25.4), length_name(0.5)
    ('1-8in', '3mm', '1-4in', '25.4mm', '0.5mm')
    """
    if abs(mm * 10 - round(mm * 10)) > 1e-6:
        inches = Fraction(mm / 25.4).limit_denominator(64)
        if abs(float(inches) * 25.4 - mm) < 1e-6:
            return f"{inches.numerator}-{inches.denominator}in" if inches.denominator > 1 else f"{inches.numerator}in"
    return f"{mm:g}mm"


def title_name(title: str) -> str:
    """A title as a file name spells it: its letters and digits in lower case, words joined by
    hyphens, at most 30 characters; a title with hardly any of them (one in Arabic script, say)
    is named by a digest instead.

    >>> title_name("Family night!"), title_name("محطة القطار")[:6], len(title_name("محطة القطار"))
    ('family-night', 'title-', 14)
    """
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:30].strip("-")
    if sum(c.isalnum() for c in slug) >= 3:
        return slug
    return "title-" + hashlib.sha256(title.encode("utf-8")).hexdigest()[:8]


def print_options(
    *,
    card: str = "poker",
    paper: str = "a4",
    bleed: str = "0",
    margin: str = "5mm",
    gutter: str = "0",
    title: str = "",
    backs: bool = False,
    back_offset: str = "0,0",
    png: int | str | None = None,
    tts: bool = False,
    theme: Theme | None = None,
    preset: str | None = None,
    fold: bool = False,
) -> PrintOptions:
    """What the options typed mean. ``fold``: fold-over sheets, whose backs are printed beside
    the fronts (so ``backs`` is true); ``--backs`` (backs pages for duplex printing) and
    ``--back-offset`` (which moves those pages) are refused with it, in one line.

    >>> o = print_options(fold=True)
    >>> o.fold, o.backs
    (True, True)
    >>> print_options(fold=True, backs=True)
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: --fold and --backs: choose one: --fold prints each back beside its front (one-sided, folded), --backs on pages of their own (double-sided)
    """
    if fold and backs:
        raise CardgenError(
            "--fold and --backs: choose one: --fold prints each back beside its front (one-sided, folded), "
            "--backs on pages of their own (double-sided)"
        )
    service = None
    if preset is not None:
        service = preset_for(preset, card=card, bleed=bleed, theme=theme)
        card, bleed = service.card, service.bleed
    size = parse_card(card)
    sheet = parse_paper(paper)
    b = parse_bleed(bleed)
    m = parse_length(margin, what="margin")
    if m * 2 >= min(sheet):
        raise CardgenError(f"margin {margin!r} leaves no printable area on {paper} paper")
    g = parse_length(gutter, what="gutter")
    offset = parse_offset(back_offset)
    if fold and offset != (0.0, 0.0):
        raise CardgenError(
            "--back-offset moves the backs pages of duplex printing: a fold-over sheet needs none "
            "(its fold line lines the halves up)"
        )
    dpi = parse_dpi(png) if png is not None else None
    name = clean_title(title) or (theme.title if theme is not None else "")
    chosen = service if service is not None and service.name != HOME else None
    both = bool(backs or fold)  # a fold-over sheet has backs: beside its fronts
    return PrintOptions(
        size, sheet, paper.strip().lower(), b, m, g, name, both, offset, dpi, bool(tts), theme, chosen, bool(fold)
    )


def preset_for(name: str, *, card: str, bleed: str, theme: Theme | None = None) -> Preset:
    """The preset ``name``, when the options given beside it agree with it: a preset fixes the
    card size and the bleed, so an option that says otherwise is refused (one left at its default
    takes the preset's value); a theme's pictures are refused where the service wants CMYK.

    >>> preset_for("thegamecrafter", card="2.5x3.5in", bleed="3.175mm").service
    'The Game Crafter'
    >>> preset_for("thegamecrafter", card="poker", bleed="3mm", theme=None)
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: --bleed 3mm conflicts with --preset thegamecrafter, whose bleed is 1/8in: give one or the other
    """
    if name.strip().lower() == "list":
        raise CardgenError("--preset list shows the presets: name one of them to print with it")
    found = preset(name)
    if card != DEFAULT_CARD and parse_card(card) != found.card_mm:
        raise CardgenError(
            f"--card {card.strip()[:40]} conflicts with --preset {found.name}, whose card is {found.card}: "
            "give one or the other"
        )
    given = parse_length(bleed, what="bleed")
    if given and not math.isclose(given, found.bleed_mm, abs_tol=1e-9):
        raise CardgenError(
            f"--bleed {bleed.strip()[:40]} conflicts with --preset {found.name}, whose bleed is {found.bleed}: "
            "give one or the other"
        )
    if found.kind.cmyk and theme is not None and (theme.logo_picture or theme.back_picture):
        raise CardgenError(
            f"--preset {found.name} writes CMYK, and a theme's pictures are RGB: use a theme without pictures"
        )
    return found
