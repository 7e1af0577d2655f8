"""Kits: a whole game for N players in one folder and one PDF to print, in print order
(``cardgen kit GAME --players N``; issue #31).

``build_kit(game="got", players=3)`` writes ``<out>/kit-got-3-players-pattern-two-census-7/``:

- each part (``products.kits``: the rules handout, the pack, placemats, tokens, tiles, a score
  sheet, the deck …) built by its own product's build function into a folder of its own inside
  the kit's (its SVGs, CSVs and PDF as its command writes them, and its own marker), so that
  ``cardgen check`` proves each part as it proves that product's folders;
- ``kit-….pdf``: a cover page (``layout.kit_cover``: what is inside page by page, how to print
  it, what else is needed, the steps to make it and about how long they take), then the rules,
  then every component, each page taken whole from its part's PDF (``render.compose``), with
  bookmarks, page labels, a title and subject naming the kit, and viewer preferences that
  start a print dialog at actual size.

Printed double-sided (``--backs``), a page printed on one side only (a mat's, a sheet of tokens)
is followed by a blank page, and every part starts on the front of a sheet, so that the backs
of the cards fall behind their fronts and nothing is printed on the back of a mat; ``--fold``
prints fold-over sheets, the whole kit one-sided.

``cardgen check KIT`` proves every part (``check.check_written``), builds the kit again and holds
its PDF to its parts: each page is its part's page, in order, byte for byte once read (the
pages' digests, ``proof.pdfshape.page_digests``), and the cover the one this version draws.
"""

from __future__ import annotations

import difflib
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cardgen.commands import KITS, read_names
from cardgen.errors import CardgenError
from cardgen.files import read_file
from cardgen.impose.printing import Sides, how_to_print
from cardgen.layout.kit_cover import COVER_PAGES, Cover, Row, cover
from cardgen.options import PrintOptions, print_options, title_name
from cardgen.products import Product, product, recipe
from cardgen.products.handout import MIN_MARGIN
from cardgen.products.kits import ASSUMPTIONS, GAMES, KitGame, Part, Setup, minutes_said, part_options
from cardgen.products.placemat import mat_pages
from cardgen.proof.pdfshape import page_digests
from cardgen.render import render, subject_of, writer
from cardgen.render.compose import Page, compose_pdf, page_count
from cardgen.rules.shared import Violation, capped
from cardgen.units import PAPER_NAMES
from cardgen.write.built import Built
from cardgen.write.deck import Progress
from cardgen.write.staging import Staging

NAME = "kit"
PDF_LIMIT = 400_000_000  # bytes of a kit's PDF read back: its parts' PDFs together
CARD_STOCK = "160–250 g/m²"
BLANK, COVER = "blank", "Cover"


@dataclass
class KitResult(Built):
    """What ``build_kit`` wrote: ``parts`` (each as its product's build said, moved to where it is
    in the kit) and ``layout``, the kit PDF's pages: source 0 is the cover, source i the i-th part."""

    game: str = ""
    layout: list[Page] = field(default_factory=list)
    redrawn: tuple[int, ...] = ()  # the sources drawn for the kit, not taken from their part's PDF (numbered mats)
    picture: str = ""  # the file in its folder that pictures it best, if a part names one (the deck's King)


def read_setup(game: str, players: int | None, names: str | None, given: dict[str, Any], opts: PrintOptions) -> Setup:
    """The kit asked for, each value read by the game's own declaration (``commands.KITS``): its
    range of players, its options, no option another game takes. One line when it is not one."""
    kit = GAMES.get(game.strip().lower() if isinstance(game, str) else "")
    if kit is None:
        raise CardgenError(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    params = KITS[kit.name]
    others = [k for k, v in given.items() if v not in (None, False) and k not in params]
    if others:
        takes = ", ".join(p.option for p in params if p.name not in ("players", "names"))
        raise CardgenError(
            f"the {kit.name} kit takes no {others[0].replace('_', '-').join(('--', ''))}: "
            + (f"besides --players and --names it takes {takes}" if takes else "it takes --players and --names only")
        )
    listed = tuple(read_names(names).split(",")) if names is not None else ()
    try:
        count = params["players"].parse(players if players is not None else len(listed) or params["players"].default)
    except CardgenError as e:
        raise CardgenError(f"the {kit.name} kit: {e}") from None
    if listed and count != len(listed):
        raise CardgenError(
            f"players {count} does not match the {len(listed)} names given: give one name a player, or leave --players out"
        )
    options = {p.name: p.default for p in params if p.name not in ("players", "names")}
    options |= {k: params[k].parse(v) for k, v in given.items() if v is not None and k in params}
    return Setup(kit.name, count, listed, options, opts)


def kit_slug(kit: KitGame, setup: Setup) -> str:
    """The kit's folder name: its game, players, options and names, then the print options'.

    >>> s = Setup("got", 3, ("Ann", "Bob"), {"pattern": "two", "census": 7, "numbers": False, "packs": 1,
    ...           "wilds": 0, "win": "ascending", "freeze": 0}, print_options(paper="letter"))
    >>> kit_slug(GAMES["got"], s)
    'kit-got-3-players-pattern-two-census-7-ann-bob-letter'
    """
    names = f"-{title_name(' '.join(setup.names))}" if setup.names else ""
    players = "solo" if setup.players == 1 else f"{setup.players}-players"
    return f"kit-{kit.name}-{players}{kit.slug(setup)}{names}{setup.opts.suffix}"


def build_kit(
    *,
    game: str,
    players: int | None = None,
    names: str | None = None,
    pattern: str | None = None,
    census: int | None = None,
    numbers: bool = False,
    packs: int | None = None,
    wilds: int | None = None,
    win: str | None = None,
    freeze: int | None = None,
    categories: str | None = None,
    set: str | None = None,  # the tiles' own word: --set, and the key of a cardgen.toml item
    four_colour: bool = False,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
    progress: Progress | None = None,
) -> KitResult:
    """Write the kit of ``game`` for ``players`` (or one a name of ``names``): every part in a
    folder of its own, and the one PDF to print, in print order."""
    opts = opts or print_options()
    given = {"pattern": pattern, "census": census, "numbers": numbers, "packs": packs, "wilds": wilds, "win": win,
             "freeze": freeze, "categories": categories, "four_colour": four_colour, "set": set}  # fmt: skip
    setup = read_setup(game, players, names, given, opts)
    kit = GAMES[setup.game]
    parts = [p for p in kit.parts if p.when(setup)]
    folder = out / kit_slug(kit, setup)
    made = {"game": setup.game, "players": setup.players, "names": ",".join(setup.names) or None, **setup.options}
    with Staging(folder, opts.made_with, recipe(NAME, made, opts), kind=PRODUCT.kind) as stage:
        built: list[Built] = []
        for i, part in enumerate(parts, 1):
            if progress is not None:
                progress(i - 1, len(parts) + 1)
            built.append(
                product(part.product).build(**part.options(setup), opts=part_options(opts, part), out=stage.tmp)
            )
        if len({b.folder.name for b in built}) != len(built):
            raise CardgenError("two parts of this kit make the same folder")  # (a kit's parts are of different kinds)
        sources = [_part_pdf(b) for b in built]
        counts = [page_count(data) for data in sources]
        layout = page_layout(setup, parts, counts)
        redrawn = tuple(i for i, part in enumerate(parts, 1) if part.product == "placemat" and not _duplexed(setup))
        for i in redrawn:  # the mats' pages numbered as the kit's, their tabs naming the kit's pages
            first = next(k for k, page in enumerate(layout, 1) if page.source == i)
            sources[i - 1] = _numbered_mats(setup, parts[i - 1], first, len(layout), counts[i - 1])
        cover_pdf = draw_cover(kit, setup, parts, built, layout)
        title, subject = document_words(kit, setup, parts, built)
        outline = [(COVER, 0)] + [
            (_capital(part.what(setup, b)), next(k for k, p in enumerate(layout) if p.source == i))
            for i, (part, b) in enumerate(zip(parts, built), 1)
        ]
        pdf = compose_pdf([cover_pdf, *sources], layout, outline=outline, title=title, subject=subject,
                          duplex=_duplex(setup, parts, built))  # fmt: skip
        name = f"{folder.name}.pdf"
        stage.write(name, pdf)
        for b in built:  # each part's files, its marker too: the kit's marker proves them all
            for path in sorted(b.folder.rglob("*")):
                if path.is_file():
                    stage.place(path.relative_to(stage.tmp).as_posix())
        files = stage.commit()
        if progress is not None:
            progress(len(parts) + 1, len(parts) + 1)
        moved = [  # each part titled as the kit says it, for the index and the bookmarks
            replace(b.moved(stage.tmp, folder), title=_capital(p.what(setup, b))) for p, b in zip(parts, built)
        ]
    pages = len(layout)
    notes = [
        f"{pages} pages: " + ", ".join(_said(p, setup, b, layout, i) for i, (p, b) in enumerate(zip(parts, moved), 1))
    ]
    notes += [f"warning: {p.word.lower()}: {n.removeprefix('warning: ')}" for p, b in zip(parts, moved)
              for n in b.notes if n.startswith("warning")]  # fmt: skip
    return KitResult(
        folder=folder,
        files=files,
        notes=notes,
        printing=_how(setup, parts, moved),
        to_print=folder / name,
        cards=sum(b.cards for b in moved),
        noun="cards and tiles",
        pages=pages,
        title=title,
        parts=moved,
        game=kit.title,
        layout=layout,
        redrawn=redrawn,
        picture=next((f"{b.folder.name}/{p.picture}" for p, b in zip(parts, moved) if p.picture), ""),
    )


def _numbered_mats(setup: Setup, part: Part, first: int, total: int, count: int) -> bytes:
    """The placemats' pages as the kit prints them: the part's own mats, drawn again numbered as
    pages ``first`` … of the kit's ``total`` (in their captions and on their tabs). Printed
    double-sided, the kit keeps the part's own pages: a blank page follows each, so the kit's
    numbers would skip (the page labels "Mats 1" … then match the mats' own numbers)."""
    made = mat_pages(**part.options(setup), opts=part_options(setup.opts, part), numbering=(first, total))
    if len(made.pages) != count:
        raise CardgenError("the placemats' pages changed in number: this is cardgen's fault, please report it")
    return render("pdf", made.pages, title=setup.opts.title or made.slug)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _part_pdf(built: Built) -> bytes:
    if built.to_print is None:
        raise CardgenError(f"{built.folder.name} has no PDF to print")  # (every part's product writes one)
    return read_file(built.to_print, limit=PDF_LIMIT, what="PDF")


def _said(part: Part, setup: Setup, built: Built, layout: list[Page], source: int) -> str:
    own = [k for k, p in enumerate(layout, 1) if p.source == source]
    return f"{part.word.lower()} {_span(own)}"


def _pages(pages: Sequence[int]) -> str:
    """Pages 4 to 10 as "pages 4–10", one page as "page 4"."""
    return f"page{'s' if len(pages) > 1 else ''} {_span(pages)}"


def _span(pages: Sequence[int]) -> str:
    """Pages 4 to 10 as "4–10", one page as "4"."""
    return f"{pages[0]}–{pages[-1]}" if len(pages) > 1 else str(pages[0])


def _duplexed(setup: Setup) -> bool:
    """Whether the kit is printed double-sided: with --backs (not --fold, which is one-sided)."""
    return setup.opts.backs and not setup.opts.fold


def page_layout(setup: Setup, parts: Sequence[Part], counts: Sequence[int]) -> list[Page]:
    """The kit PDF's pages: the cover, then each part's pages (those printed a part a player,
    as often), labelled by the part's word. Printed double-sided, each part starts on the front
    of a sheet, and a page printed on one side only is followed by a blank one."""
    duplex = _duplexed(setup)
    pages = [Page(0, 0, COVER, None)]
    for i, (part, count) in enumerate(zip(parts, counts), 1):
        if duplex and len(pages) % 2:
            pages.append(Page(None, 0, BLANK, None))
        for n in range(count):
            pages.append(Page(i, n, part.word, n + 1))
            if duplex and part.sides == "one":
                pages.append(Page(None, 0, BLANK, None))
    return pages


def _duplex(setup: Setup, parts: Sequence[Part], built: Sequence[Built]) -> Any:
    """The print dialog's default: one-sided, or double-sided flipped as the cards' backs want."""
    if not _duplexed(setup):
        return "simplex"
    return "long" if _orientation(parts, built) == "portrait" else "short"


def _orientation(parts: Sequence[Part], built: Sequence[Built]) -> str:
    """The orientation of the sheets whose backs decide the flip (the cards', the tiles')."""
    for part, b in zip(parts, built):
        plan = getattr(b, "plan", None)
        if part.sides == "backs" and plan is not None:
            return str(plan.orientation)
    return "portrait"


def _how(setup: Setup, parts: Sequence[Part], built: Sequence[Built]) -> str:
    sides: Sides = "fold" if setup.opts.fold else "duplex" if _duplexed(setup) else "one"
    return how_to_print(paper=setup.opts.paper_name, orientation=_orientation(parts, built), sides=sides)


def document_words(kit: KitGame, setup: Setup, parts: Sequence[Part], built: Sequence[Built]) -> tuple[str, str]:
    """The PDF's title ("Game of Trains kit — 3 players, pattern two, census 7") and subject
    (what it holds)."""
    said = kit.describe(setup)
    players = "solo" if setup.players == 1 else f"{setup.players} players"
    title = f"{kit.title} kit — {players}" + (f", {said}" if said and said != "solo" else "")
    held = ", ".join(p.what(setup, b) for p, b in zip(parts, built))
    who = "alone" if setup.players == 1 else f"with {setup.players} players"
    return title, subject_of(f"Everything to print to play {kit.title} {who}: a cover, {held}")


def draw_cover(kit: KitGame, setup: Setup, parts: Sequence[Part], built: Sequence[Built], layout: list[Page]) -> bytes:
    """The cover's PDF: one page on the kit's paper (one line when it would take more)."""
    opts = setup.opts
    doc = cover(cover_facts(kit, setup, parts, built, layout))
    pdf = writer("document")(doc, paper=opts.paper, margin=max(opts.margin, MIN_MARGIN))
    if page_count(pdf) != COVER_PAGES:
        raise CardgenError(
            f"the {kit.name} kit's cover takes more than one page: this is cardgen's fault, please report it"
        )
    return pdf


def cover_facts(kit: KitGame, setup: Setup, parts: Sequence[Part], built: Sequence[Built], layout: list[Page]) -> Cover:
    """What the cover says, from what the kit holds."""
    opts = setup.opts
    duplex = _duplexed(setup)
    paper = PAPER_NAMES.get(opts.paper_name, opts.paper_name)
    total = len(layout)
    rows = [Row("1", "this cover", "read it first")]
    steps = [f"Print the PDF as said above ({total} pages)."]
    last: list[str] = []
    minutes = 0.0
    tools: list[str] = []
    cards: list[int] = []
    noun = "cards"
    for i, (part, b) in enumerate(zip(parts, built), 1):
        own = [k for k, p in enumerate(layout, 1) if p.source == i]
        span = range(own[0], own[-1] + 1)
        blanks = sum(1 for k in span if layout[k - 1].source is None)
        making = part.make(setup, b, len(own))
        rows.append(Row(_span(own), part.what(setup, b), _then(part, setup, blanks)))
        if part.sides == "backs":
            cards += own
            noun = part.word.lower()
        if part.sides == "either":  # (the rules: read last, once the kit is made)
            last.append(making.step)
        else:
            steps.append(making.step)
        minutes += making.minutes
        tools += [t for t in making.tools if t not in tools]
    steps += last
    sheets = (total + 1) // 2 if duplex else total
    printing = (
        f"Print all {total} pages on {paper} paper at **100 % (actual size)**, never 'fit to page': what you cut "
        "out is drawn to size. "
    )
    if duplex:
        edge = "long" if _orientation(parts, built) == "portrait" else "short"
        printing += (
            f"Print **double-sided, flipping on the {edge} edge** ({sheets} sheets): each backs page lands behind its "
            "cards, and the blank pages keep the back of every one-sided page clear. To line the backs up, print "
            "`cardgen testpage` first."
        )
    elif opts.fold:
        printing += (
            f"Print **one-sided** ({sheets} sheets): {_pages(cards)} are fold-over sheets, each {noun[:-1]}'s back "
            "beside it."
        )
    else:
        printing += f"Print **one-sided** ({sheets} sheets)."
    if cards:
        printing += f" The {noun} last longer on card stock ({CARD_STOCK}), if your printer takes it: {_pages(cards)}."
    needs = [f"{sheets} sheets of {paper} paper", *tools, *kit.needs(setup)]
    who = "one player (solo)" if setup.players == 1 else f"{setup.players} players"
    names = f" ({', '.join(setup.names)})" if setup.names else ""
    said = kit.describe(setup)
    subtitle = " · ".join(
        w for w in (opts.title, f"print-and-play kit for {who}{names}", said if said != "solo" else "") if w
    )
    notes: list[str] = []
    pictures, caption = kit.picture(setup)
    return Cover(
        kit.title,
        subtitle,
        kit.accent(setup),
        tuple(rows),
        printing,
        tuple(needs),
        tuple(steps),
        minutes_said(minutes),
        ASSUMPTIONS,
        tuple(notes),
        tuple(pictures),
        caption,
        slug=f"kit-cover-{kit.name}",
    )


def _then(part: Part, setup: Setup, blanks: int) -> str:
    """What to do with a part's pages, in the contents."""
    words = {
        "Rules": "read before playing",
        "Cards": "cut out",
        "Tiles": "cut out",
        "Mats": "trim and join",
        "Tokens": "cut out, punch",
        "Score": "keep by the table",
        "Setup": "cut out",
    }
    then = words.get(part.word, "")
    if part.sides == "backs" and setup.opts.fold:
        then = "fold, glue, then cut out"
    elif part.sides == "backs" and _duplexed(setup):
        then += " (backs pages behind)"
    if blanks:
        then += ", blank backs"
    return then


# --- proving a kit's PDF (``cardgen check``) ---------------------------------------------------


def kit_problems(folder: Path, names: Sequence[str], fresh: Built, failed: set[str]) -> list[Violation]:
    """What is wrong with the kit in ``folder`` beyond its parts' own faults (``failed``: the parts
    whose own checks found some, not compared again here), against ``fresh``, the same kit built
    again by this version: its PDF's pages are its parts' pages, in order (the cover and the blank
    pages the ones this version writes), its document is what this version writes, and each part
    is the part this kit makes."""
    if not isinstance(fresh, KitResult) or fresh.to_print is None:
        return [Violation("files", "cardgen cannot build this kit again to compare it")]
    out = [Violation("files", why) for why in _parts_differ(folder, names, fresh, failed)]
    name = fresh.to_print.name
    path = folder / name
    if not path.is_file() or path.is_symlink():
        return out  # (the marker's check names it missing)
    try:
        got = read_file(path, limit=PDF_LIMIT, what=name)
        want = fresh.to_print.read_bytes()
        found = page_digests(got)
    except (CardgenError, ValueError) as e:
        return [*out, Violation("files", f"{name}: {e}")]
    if got == want:
        return out
    expected = _expected_pages(folder, fresh, page_digests(want))
    if len(found) != len(expected):
        out.append(Violation("files", f"{name} has {len(found)} pages, where this kit has {len(expected)}"))
    wrong = [Violation("files", f"{name}: {why}") for why in _pages_wrong(found, expected)]
    out += capped(wrong, 10, lambda n, _: Violation("files", f"{name}: and {n} more pages are not their parts'"))
    if not wrong and len(found) == len(expected):
        from cardgen.proof.pdfshape import pdf_differences

        out += [Violation("files", f"{name}: {d}") for d in pdf_differences(got, want)[:5]]
    return out


def _pages_wrong(found: Sequence[str], expected: Sequence[tuple[Page, str | None, str]]) -> list[str]:
    """Each page of the kit's PDF that is not what this kit has there (and, when it is another of
    its pages, which), and each page it lacks. With as many pages as the kit has, page by page;
    with more or fewer, the pages found lined up with those expected by their digests
    (``difflib``), so that a page taken out or put in is named once, not as every page after it."""
    wanted = [w if w is not None else f"unknown {k}" for k, (_, w, _) in enumerate(expected)]
    where = {w: k for k, w in reversed(list(enumerate(wanted)))}

    def wrong(j: int, i: int) -> str:
        page, _, what = expected[i]
        k = where.get(found[j])
        said = f"page {j + 1} ({_label(page)}) is not {what}"
        return said if k is None else f"{said}: it is the kit's page {k + 1} ({_label(expected[k][0])})"

    if len(found) == len(expected):
        return [
            wrong(k, k) for k, (digest, (_, want, _)) in enumerate(zip(found, expected)) if want not in (None, digest)
        ]
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, wanted, list(found), autojunk=False).get_opcodes():
        for i in range(i1, i2) if op in ("replace", "delete") else ():
            page, want, what = expected[i]
            if op == "delete" or i - i1 >= j2 - j1:
                out.append(f"page {i + 1} of this kit ({_label(page)}, {what}) is missing")
            elif want is not None:  # (None: its part's PDF cannot be read, which its own check names)
                out.append(wrong(j1 + i - i1, i))
        extra = range(j1 + i2 - i1, j2) if op == "replace" else range(j1, j2) if op == "insert" else range(0)
        out += [
            f"page {j + 1} is not a page of this kit"
            if where.get(found[j]) is None
            else f"page {j + 1} is the kit's page {where[found[j]] + 1} ({_label(expected[where[found[j]]][0])}) again"
            for j in extra
        ]
    return out


def _label(page: Page) -> str:
    return page.label + (f" {page.number_shown}" if page.number_shown is not None else "")


def _expected_pages(folder: Path, fresh: KitResult, fresh_digests: list[str]) -> list[tuple[Page, str | None, str]]:
    """Each page of the kit's PDF: what it is, the digest it must have (None: its part's PDF
    cannot be read, which that part's own check names) and what it is in words."""
    digests: dict[int, list[str] | None] = {}
    for i, part in enumerate(fresh.parts, 1):
        assert part.to_print is not None
        rel = part.to_print.relative_to(fresh.folder)
        try:
            digests[i] = page_digests(read_file(folder / rel, limit=PDF_LIMIT, what="PDF"))
        except (CardgenError, ValueError):
            digests[i] = None
    out: list[tuple[Page, str | None, str]] = []
    for k, page in enumerate(fresh.layout):
        if page.source is None or page.source == 0:
            what = (
                "the blank page this kit has there" if page.source is None else "the cover cardgen draws for this kit"
            )
            out.append((page, fresh_digests[k] if k < len(fresh_digests) else None, what))
            continue
        part = fresh.parts[page.source - 1]
        assert part.to_print is not None
        where = part.to_print.relative_to(fresh.folder).as_posix()
        if page.source in fresh.redrawn:  # (the mats: their part's pages, numbered as the kit's)
            wanted = fresh_digests[k] if k < len(fresh_digests) else None
            out.append((page, wanted, f"page {page.number + 1} of {where}, numbered as this kit's pages"))
            continue
        own = digests[page.source]
        wanted = own[page.number] if own is not None and page.number < len(own) else None
        out.append((page, wanted, f"page {page.number + 1} of {where}"))
    return out


def _parts_differ(folder: Path, names: Sequence[str], fresh: KitResult, failed: set[str]) -> list[str]:
    """Each part of the kit that is not the part this version makes for it (its own check found
    nothing: another part in its place, signed again), and each part folder this kit does not make."""
    made = {p.folder.name for p in fresh.parts}
    listed = sorted({n.split("/", 1)[0] for n in names if "/" in n})
    out = [f"{p}/ is not a part of this kit" for p in listed if p not in made]
    out += [f"{p}/, a part of this kit, is missing" for p in sorted(made) if p not in listed]
    for part in fresh.parts:
        rel = part.folder.name
        if rel in failed or rel not in listed:
            continue  # (named already: by its own check, or as missing)
        theirs = sorted(n.split("/", 1)[1] for n in names if n.startswith(rel + "/"))
        ours = sorted(p.relative_to(part.folder).as_posix() for p in part.folder.rglob("*") if p.is_file())
        differ = [n for n in ours if n in theirs and _digest(folder / rel / n) != _digest(part.folder / n)]
        differ += [n for n in sorted(set(ours) ^ set(theirs))]
        if differ:
            out.append(f"{rel}/ is not the part cardgen makes for this kit ({differ[0]} differs)")
    return out


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


PRODUCT = Product(NAME, "print-and-play kit", build_kit, command="kit", proves=kit_problems)
