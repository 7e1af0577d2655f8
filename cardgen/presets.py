"""Print-service presets, declared once as data: ``--preset NAME`` sets the card size and the
service's bleed, holds the text out of its safe zone, and names the files the service asks for.
Pure: no files (the writers are ``write.services``, the proofs ``proof.services``).

Each ``Preset`` carries the service's published figures for a poker card at 300 dpi as the
service states them (``image_px``: the picture with its bleed; ``safe_px``: the box text must
stay in) and where they come from; ``consistent`` proves the millimetres cardgen draws with
give exactly those pixels. None of the figures could be checked against the services' own pages
when this was written (no web access): ``verified`` says so for each, and docs/print-services.md repeats it.

>>> p = preset("thegamecrafter")
>>> p.card_mm, p.bleed_mm, p.safe_mm, p.folder, p.files
((63.5, 88.9), 3.175, 3.175, 'thegamecrafter', 'png')
>>> preset("makeplayingcards").bleed_mm, preset("makeplayingcards").image_px
(3.048, (822, 1122))
>>> [p.name for p in PRESETS.values()]
['home', 'makeplayingcards', 'drivethrucards', 'thegamecrafter', 'printerstudio']
>>> all(p.consistent() for p in PRESETS.values())
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from cardgen.errors import CardgenError
from cardgen.layout.shapes import Drawing, Text, walk
from cardgen.units import parse_card, parse_length

MM_PER_INCH = 25.4
HOME = "home"  # the defaults, restated: ``--preset home`` is the plain build
CHECKED = "2026-11-25"  # the day the figures below were last looked for (and could not be checked)
UNVERIFIED = f"commonly cited; not verified against the service's page on {CHECKED}"
# The printing condition a CMYK service PDF's colours are meant for, named in its OutputIntent
# (``render.pdfx`` writes it, ``proof.services`` holds the file to it): SWOP coated, as
# registered with the ICC.
OUTPUT_CONDITION = "CGATS TR 001"


@dataclass(frozen=True)
class FileKind:
    """A kind of file a print service asks for, as words and facts: one entry of ``FILE_KINDS``,
    whose writer is ``write.services.WRITERS[name]`` and whose proof is
    ``proof.services.PROVERS[name]``. The words are patterns filled in with ``{folder}`` (the
    service's folder in the deck's), ``{deck}`` (the deck's name), ``{upload}`` (what to send:
    ``upload`` filled in), ``{service}``, ``{dpi}``, ``{one}`` (a card, a tile), ``{w}`` × ``{h}``
    (a component with its bleed, in pixels at the dpi) and ``{side}`` (the same in inches)."""

    name: str  # as a preset's ``files`` names it
    upload: str  # the file or folder to send the service
    files: str  # what is written, for ``--preset list`` and docs/print-services.md
    note: str  # what a build says of them
    images: bool = False  # a picture a component at the preset's dpi: counted in how long a build takes
    cmyk: bool = False  # CMYK colours: a theme's (RGB) pictures cannot go


FILE_KINDS: dict[str, FileKind] = {
    k.name: k
    for k in (
        FileKind("", upload="", files="the sheets PDF only", note=""),
        FileKind(
            "png",
            upload="{folder}",
            files="{folder}/001.png … and back.png, {dpi} dpi",
            note="{upload}/: for {service}, a PNG a {one} and back.png, {w} × {h} px at {dpi} dpi, bleed included",
            images=True,
        ),
        FileKind(
            "pdf",
            upload="{folder}/{deck}-upload.pdf",
            files="{upload}: a page a card side, back then front, CMYK",
            note="{upload}: for {service}, a page a {one} side ({side} with its bleed), back then front, CMYK "
            "(not certified PDF/X-1a: see docs/print-services.md)",
            cmyk=True,
        ),
    )
}


@dataclass(frozen=True)
class Preset:
    """One print service: its card, bleed and safe zone as the options spell them, the files it
    asks for (a ``FILE_KINDS`` name: ``""``: none beyond cardgen's own sheets; ``"png"``: one PNG
    a card and ``back.png``; ``"pdf"``: one PDF a deck, a page a card side, back then front,
    CMYK), and the published figures for a poker card, with their source."""

    name: str  # as --preset takes it; also the folder its files go to
    service: str
    card: str  # as --card takes it
    bleed: str  # as --bleed takes it
    safe: str  # how far inside the cut text keeps
    files: str  # a name of FILE_KINDS
    dpi: int = 300
    image_px: tuple[int, int] | None = None  # a poker card with its bleed, as published
    safe_px: tuple[int, int] | None = None  # the safe box of a poker card, as published
    source: str = ""
    verified: str = UNVERIFIED  # "" once checked against the service's own page

    @property
    def card_mm(self) -> tuple[float, float]:
        return parse_card(self.card)

    @property
    def bleed_mm(self) -> float:
        return parse_length(self.bleed, what="bleed")

    @property
    def safe_mm(self) -> float:
        return parse_length(self.safe, what="safe zone")

    @property
    def folder(self) -> str:
        """Where the service's own files go in a deck's folder."""
        return self.name

    @property
    def kind(self) -> FileKind:
        """What the files it asks for are (``FILE_KINDS``)."""
        return FILE_KINDS[self.files]

    def upload(self, deck: str) -> str:
        """The file or folder (in the deck's folder) to send the service, for a deck named
        ``deck`` (its folder's name). A PDF is named apart from the deck's sheets
        (``<deck>.pdf``), so that gathered in one place for a print shop, the two never collide.

        >>> PRESETS["drivethrucards"].upload("got-pattern-one-census-2-preset-drivethrucards")
        'drivethrucards/got-pattern-one-census-2-preset-drivethrucards-upload.pdf'
        >>> PRESETS["thegamecrafter"].upload("got-pattern-one-census-7")
        'thegamecrafter'
        """
        return self.kind.upload.format(folder=self.folder, deck=deck)

    def note(self, deck: str, one: str, px: tuple[int, int], mm: tuple[float, float]) -> str:
        """What a build of the deck ``deck`` says of the service's files: ``one`` names a
        component ("card"), ``px`` and ``mm`` its size with its bleed, in pixels and millimetres."""
        side = f"{mm[0] / MM_PER_INCH:.3g} × {mm[1] / MM_PER_INCH:.3g} in"
        return self.kind.note.format(
            upload=self.upload(deck), service=self.service, one=one, w=px[0], h=px[1], dpi=self.dpi, side=side
        )

    def px(self, mm: float) -> float:
        """``mm`` in pixels at the preset's dpi."""
        return mm / MM_PER_INCH * self.dpi

    def consistent(self) -> bool:
        """Whether the card, bleed and safe zone cardgen draws with give the published pixels
        exactly (no figure published: nothing to hold them to)."""
        w, h = self.card_mm
        b, s = self.bleed_mm, self.safe_mm
        sizes = [(self.image_px, (w + 2 * b, h + 2 * b)), (self.safe_px, (w - 2 * s, h - 2 * s))]
        return all(
            want is None or all(math.isclose(self.px(mm), px, abs_tol=1e-6) for mm, px in zip(size, want))
            for want, size in sizes
        )

    def describe_files(self, deck: str = "<deck>") -> str:
        """What files the preset writes, in words (``--preset list``, docs/print-services.md).

        >>> PRESETS["drivethrucards"].describe_files()
        'drivethrucards/<deck>-upload.pdf: a page a card side, back then front, CMYK'
        """
        return self.kind.files.format(folder=self.folder, upload=self.upload(deck), dpi=self.dpi)

    def text_outside(self, drawing: Drawing) -> Iterator[str]:
        """Every text of ``drawing`` (a card or tile with its bleed: origin at minus the bleed)
        that reaches into the safe zone, ``safe_mm`` inside the cut, in words."""
        bleed = -drawing.origin[0]
        w, h = drawing.width - 2 * bleed, drawing.height - 2 * bleed
        s = self.safe_mm - 1e-6
        for shape, dx, dy in walk(drawing.shapes):
            if isinstance(shape, Text) and shape.text.strip():
                x0, y0, x1, y1 = shape.bounds()
                x0, y0, x1, y1 = x0 + dx, y0 + dy, x1 + dx, y1 + dy
                room = min(x0, y0, w - x1, h - y1)
                if room < s:
                    yield (
                        f"the text {shape.text[:30]!r} comes {max(room, 0.0):.2f}mm from the cut, inside "
                        f"{self.service}'s safe zone of {self.safe} ({self.safe_mm:g}mm)"
                    )


POKER = "2.5 × 3.5 in"
PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            HOME,
            "home printing (cardgen's defaults)",
            "poker",
            "0",
            "1/8in",
            "",
            source="cardgen's own defaults: cards share cut lines, text 1/8 in inside the cut",
            verified="",
        ),
        Preset(
            "makeplayingcards",
            "MakePlayingCards",
            "poker",
            "0.12in",  # 36 px at 300 dpi
            "0.12in",  # 36 px further in than the cut
            "png",
            image_px=(822, 1122),
            safe_px=(678, 978),
            source="MakePlayingCards' poker-size template and image FAQ (makeplayingcards.com/faq-photo.aspx): "
            "822 × 1122 px at 300 dpi, 36 px bleed a side, a safe area 36 px inside the cut",
        ),
        Preset(
            "drivethrucards",
            "DriveThruCards",
            "poker",
            "1/8in",
            "1/8in",
            "pdf",
            image_px=(825, 1125),
            safe_px=(675, 975),
            source="DriveThruCards' publisher help, 'Common Card Prep Issues & Solutions' "
            "(onebookshelfpublisherservice.zendesk.com, article 227867607): text 1/8 in inside the cut, a 1/8 in "
            "bleed on all four sides (2.75 × 3.75 in for poker), the PDF to be PDF/X-1a:2003; and its card "
            "creation guide: a page a card side, back then front, 300 dpi, CMYK",
            verified="bleed, page size and safe zone checked against DriveThruCards' publisher help page "
            "(a stored copy read on 2026-11-27); page order and CMYK as commonly cited",
        ),
        Preset(
            "thegamecrafter",
            "The Game Crafter",
            "poker",
            "1/8in",
            "1/8in",
            "png",
            image_px=(825, 1125),
            safe_px=(675, 975),
            source="The Game Crafter's poker deck template (help.thegamecrafter.com, Templates): 825 × 1125 px at "
            "300 dpi, cut 1/8 in in, safe 1/4 in in from the image's edge; a PNG a card and one back",
        ),
        Preset(
            "printerstudio",
            "PrinterStudio",
            "poker",
            "0.12in",
            "0.12in",
            "png",
            image_px=(822, 1122),
            safe_px=(678, 978),
            source="PrinterStudio's playing-card template (printerstudio.com; run by the company that runs "
            "MakePlayingCards, with the same templates): 822 × 1122 px at 300 dpi, 36 px bleed",
        ),
    )
}


def preset(name: str) -> Preset:
    """The preset called ``name`` (any case); one line naming them all when there is none.

    >>> preset("TheGameCrafter").service
    'The Game Crafter'
    >>> preset("kinkos")
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: unknown preset 'kinkos': choose home, makeplayingcards, drivethrucards, thegamecrafter or printerstudio (cardgen pack --preset list)
    """
    key = name.strip().lower()
    if key not in PRESETS:
        names = list(PRESETS)
        raise CardgenError(
            f"unknown preset {name[:40]!r}: choose {', '.join(names[:-1])} or {names[-1]} (cardgen pack --preset list)"
        )
    return PRESETS[key]


def preset_rows(size: tuple[float, float] | None = None, noun: str = "card") -> list[tuple[str, str, str, str, str]]:
    """What ``--preset list`` shows, a row a preset: name, service, card with its bleed, safe zone,
    files; for components of another ``size`` (mm: tiles keep their own), their figures instead.

    >>> preset_rows()[3]
    ('thegamecrafter', 'The Game Crafter', 'poker 2.5 × 3.5 in + 1/8in bleed (825 × 1125 px)', '1/8in inside the cut (675 × 975 px)', 'thegamecrafter/001.png … and back.png, 300 dpi')
    >>> preset_rows((50.8, 25.4), "tile")[3][2:4]
    ('a 2 × 1 in tile + 1/8in bleed (675 × 375 px)', '1/8in inside the cut (525 × 225 px)')
    """
    rows = []
    for p in PRESETS.values():
        if size is None:
            card = f"{p.card} {POKER}" + (f" + {p.bleed} bleed" if p.bleed_mm else ", no bleed")
            card += f" ({p.image_px[0]} × {p.image_px[1]} px)" if p.image_px else ""
            safe = f"{p.safe} inside the cut" + (f" ({p.safe_px[0]} × {p.safe_px[1]} px)" if p.safe_px else "")
        else:
            w, h = size
            inches = f"{w / MM_PER_INCH:g} × {h / MM_PER_INCH:g} in"
            b, z = p.bleed_mm, p.safe_mm
            card = f"a {inches} {noun}" + (f" + {p.bleed} bleed" if b else ", no bleed")
            card += f" ({round(p.px(w + 2 * b))} × {round(p.px(h + 2 * b))} px)"
            safe = f"{p.safe} inside the cut ({round(p.px(w - 2 * z))} × {round(p.px(h - 2 * z))} px)"
        rows.append((p.name, p.service, card, safe, p.describe_files()))
    return rows


def boxed(drawing: Drawing) -> Drawing:
    """A card (or tile) as a page of its own: its TrimBox the cut, its BleedBox the whole page.

    >>> boxed(Drawing(10, 20, (), origin=(-1, -1))).boxes
    {'TrimBox': (0.0, 0.0, 8.0, 18.0), 'BleedBox': (-1.0, -1.0, 9.0, 19.0)}
    """
    bx, by = -drawing.origin[0], -drawing.origin[1]
    w, h = drawing.width - 2 * bx, drawing.height - 2 * by
    boxes = {"TrimBox": (0.0, 0.0, w, h), "BleedBox": (-bx, -by, w + bx, h + by)}
    return replace(drawing, boxes={k: tuple(float(v) for v in box) for k, box in boxes.items()})  # type: ignore[misc]


def service_title(faces: Sequence[Drawing], service: str) -> str:
    """A service's deck PDF's title, for people: what set its cards are (their sheets' label) and
    for whom: "pattern two, census 7 — for DriveThruCards"; the same when ``cardgen check`` draws
    it again from the same faces.

    >>> service_title([Drawing(1, 1, (), meta={"set": "pattern two, census 7"})], "DriveThruCards")
    'pattern two, census 7 — for DriveThruCards'
    """
    named = faces[0].meta.get("set", "") if faces else ""
    return f"{named or f'{len(faces)} cards'} — for {service}"


def service_subject(service: str) -> str:
    """What a service's deck PDF holds, for its metadata's subject."""
    return f"To upload to {service}: each card's back, then its front, a page each, in CMYK"


def service_pages(faces: Sequence[Drawing], back: Drawing) -> list[Drawing]:
    """The pages of a service's deck PDF: for each card, its back, then its front."""
    page_back = boxed(back)
    return [page for face in faces for page in (page_back, boxed(face))]
