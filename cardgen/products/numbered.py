"""The base of every pack of numbered cards with an ability each (both Game of Trains packs).

A subclass says what is particular to its pack, at class level (python-chess style: a
variant is a subclass with its facts): its name, title and command, its ``pack.json`` keys,
how its pack is read from them, how a card's face and the back are drawn, and its rules
page. The base does the rest the same way for every such pack: it writes the pack
(``cards/NNN.svg``, the imposed PDF, ``pack.csv``, ``pack.json``, ``rules.html``) through
``write.deck``, and proves a written folder of it with ``proof.numbered``: the card SVGs,
the PDF's sheets, the table and, when the folder records this very version, every file byte
for byte against what this version draws.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.impose.sheets import SheetPlan, sheets
from cardgen.layout.shapes import Drawing
from cardgen.manifest import DECK, MANIFEST, Field, options_from_manifest, plan_from_manifest, read_manifest, validate
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product, TableCheck
from cardgen.proof import FolderCheck
from cardgen.proof.cards import back_stem
from cardgen.proof.exports import Drawn, check_exports
from cardgen.proof.numbered import check_numbered
from cardgen.proof.pdfread import read_packed
from cardgen.proof.rebuilt import Redraw
from cardgen.proof.services import check_services
from cardgen.render import render, subject_of, writer
from cardgen.rules.got.printed import Item, printed_items, table_rows
from cardgen.rules.shared import CardLike, PackSpec
from cardgen.themes.read import picture_files
from cardgen.units import card_at_least
from cardgen.write.deck import BuildResult, Drawings, Progress, sheet_plan, write_deck
from cardgen.write.marker import Kind

S = TypeVar("S", bound=PackSpec)
FILES = ("pack.csv", "rules.html")  # beside the cards and the PDF
GAME = "Game of Trains"  # the name the cards carry when no title is given (``layout.got.back``)


def number_width(size: int) -> int:
    """Digits in a card's file name: ``001.svg`` for packs up to 999 cards."""
    return max(3, len(str(size)))


def pack_table(items: Sequence[Item[CardLike]]) -> bytes:
    """The printed pack as CSV (``rules.got.printed.table_rows``: ``number,ability``, a ``pack``
    column for several packs, ``W,wild`` for a wild), the format ``cardgen check`` reads."""
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(table_rows(items))
    return buf.getvalue().encode("utf-8")


def sheets_pdf(pack: NumberedPack[Any], spec: Any, opts: PrintOptions, plan: SheetPlan) -> bytes:
    """The PDF this version writes for the pack: its faces (and backs: one for all, or each
    pack's own) imposed on ``plan``'s sheets."""
    items = pack.printed(spec)
    faces = Drawings(items, lambda i: pack.face(i, spec, opts))  # (a sheet's drawn as it is laid out)
    back: Drawing | list[Drawing] | None = None
    if opts.backs:
        marks = sorted({i.mark for i in items})
        drawn = {m: pack.back(spec, opts, m) for m in marks}
        back = drawn[""] if marks == [""] else [drawn[i.mark] for i in items]
    pages = sheets(faces, plan, back=back, label=spec.slug, title=opts.title)
    return writer("pdf")(
        pages, title=pack.pdf_title(spec, opts), subject=subject_of(f"{pack.title}: {pack.describe(spec)}")
    )


def draw_sheets(pack: NumberedPack[Any], spec: Any, opts: PrintOptions, plan: SheetPlan, path: Path) -> Iterator[bytes]:
    """A pack's PDF, in a worker process: its faces (and backs) drawn again (cheaper than sending
    them over), imposed and written to ``path``; then read back from that file for the check, a
    page at a time, each packed (``proof.pages.packed``) and handed over as it is read. The same
    bytes ``sheets_pdf`` makes when ``cardgen check`` draws the pack again."""
    path.write_bytes(sheets_pdf(pack, spec, opts, plan))
    yield from read_packed(path)


class NumberedPack(Generic[S]):
    """A pack of numbered cards, each with an ability; a subclass per kind of pack."""

    name: ClassVar[str]  # the product's name, and the ``game`` its pack.json records
    title: ClassVar[str]
    command: ClassVar[str]
    keys: ClassVar[Mapping[str, Field]]  # its own keys in pack.json, in the order they are written
    table_keys: ClassVar[tuple[str, ...]]  # the options of ``cardgen check TABLE`` that select it
    table_hint: ClassVar[str]
    # the smallest card every face and back of the pack is drawn legibly on, whatever its options
    # (tests/test_small_cards.py proves both sides of it); a smaller card is refused in one line
    min_card: ClassVar[tuple[float, float]]

    # ---- what a subclass says

    def record(self, spec: S) -> dict[str, object]:
        """The pack's own keys of ``pack.json`` (``keys``), for ``spec``."""
        raise NotImplementedError

    def from_record(self, data: dict[str, Any]) -> S:
        """The pack a (validated) ``pack.json`` describes."""
        raise NotImplementedError

    def from_table(self, copies: int | None, **options: Any) -> S:
        """The pack a hand-made table is checked against (``table_keys`` and ``copies``)."""
        raise NotImplementedError

    def describe(self, spec: S) -> str:
        """What the pack is, for people: "pattern two, census 7, 3 copies (84 cards)"."""
        raise NotImplementedError

    def named(self, spec: S) -> str:
        """Which pack it is, in a few words: "pattern two, census 7"."""
        raise NotImplementedError

    def pdf_title(self, spec: S, opts: PrintOptions) -> str:
        """Its PDF's title, for people: the name its cards carry (the game's when no title is
        given) and which pack: "Game of Trains — pattern two, census 7"."""
        return f"{opts.title or GAME} — {self.named(spec)}"

    def face(self, item: Item[Any], spec: S, opts: PrintOptions) -> Drawing:
        """One printed card's face, as the build draws it and the checker draws it again."""
        raise NotImplementedError

    def back(self, spec: S, opts: PrintOptions, mark: str = "") -> Drawing:
        """The back of the pack (of pack ``mark``, when several are combined)."""
        raise NotImplementedError

    def printed(self, spec: S) -> list[Item[Any]]:
        """The cards as printed (``rules.got.printed``): by default the pack once, no wilds."""
        return printed_items(spec.cards(), width=number_width(spec.size))

    def handout(self, spec: S, title: str) -> bytes:
        """The pack's ``rules.html``."""
        raise NotImplementedError

    def notes(self, spec: S, opts: PrintOptions) -> list[str]:
        """What the build says about the pack beyond where it went (warnings, say: a title cut short)."""
        return []

    # ---- what the base does

    def write(self, spec: S, *, opts: PrintOptions | None, out: Path, progress: Progress | None = None) -> BuildResult:
        """Write the pack ``spec``: card SVGs, the imposed PDF, the table, the manifest, the rules."""
        opts = opts or print_options()
        card_at_least(opts.card, self.min_card, f"a {self.title}")
        items = self.printed(spec)
        faces = Drawings(items, lambda i: (i.stem, self.face(i, spec, opts)))
        plan = sheet_plan(opts)
        marks = sorted({i.mark for i in items})
        back: Drawing | dict[str, Drawing] | None = None
        if opts.backs:
            backs = {back_stem(m): self.back(spec, opts, m) for m in marks}
            back = backs["back"] if marks == [""] else backs
        result = write_deck(
            slug=spec.slug,
            faces=faces,
            back=back,
            sheets=partial(draw_sheets, self, spec, opts, plan),
            export_back=self.back(spec, opts) if (opts.tts or opts.preset) and marks == [""] else None,
            opts=opts,
            plan=plan,
            manifest={"game": self.name, **self.record(spec), "cardgen_version": __version__},
            extra=self._files(spec, opts),
            check=lambda folder, read: self.check_folder(folder, redraw=False, pages=read).violations,
            out=out,
            kind=Kind.of(self.name, self.title),
            progress=progress,
        )
        result.notes += self.notes(spec, opts)
        return result

    def _files(self, spec: S, opts: PrintOptions) -> dict[str, Callable[[], bytes]]:
        return {
            "pack.csv": lambda: pack_table(self.printed(spec)),
            "rules.html": lambda: self.handout(spec, opts.title),
        }

    def spec_from_manifest(self, data: dict[str, Any]) -> S:
        """The pack a folder's (validated) ``pack.json`` describes; one line when it describes none."""
        try:
            return self.from_record(data)
        except CardgenError as e:
            raise CardgenError(f"pack.json: {e}") from None

    def check_folder(
        self,
        folder: Path,
        data: dict[str, Any] | None = None,
        *,
        redraw: bool = True,
        pages: Callable[[], Iterable[bytes]] | None = None,
    ) -> FolderCheck:
        """Every violation in a written pack folder (``data``: its pack.json, validated; read when
        not given). The pack is the one pack.json describes, drawn in the options and theme it
        records (the theme's pictures and font are the pack's own copies). ``redraw``: also
        compare every file byte for byte with what this version writes, and audit the PDF's
        structure (the build skips both: it has just drawn and written them). ``pages``: the
        PDF's pages as the process that wrote it reads them back (``draw_sheets``: each packed),
        as they come (that process may still be reading them)."""
        data = data if data is not None else validate(read_manifest(folder), {**DECK, **self.keys})
        spec = self.spec_from_manifest(data)
        opts = options_from_manifest(data, folder)
        try:
            card_at_least(opts.card, self.min_card, f"a {self.title}")
        except CardgenError as e:
            raise CardgenError(f"pack.json: {e}") from None
        again = Redraw(
            face=lambda item: render("svg", [self.face(item, spec, opts)]),
            back=lambda mark: render("svg", [self.back(spec, opts, mark)]),
            files=self._files(spec, opts),
            pdf=lambda: sheets_pdf(self, spec, opts, plan_from_manifest(data)),
        )
        items = self.printed(spec)
        found = check_numbered(
            folder,
            data,
            spec,
            items,
            self.describe(spec),
            files=FILES,
            redraw=again if redraw else None,
            audit=redraw,
            theme=opts.theme.font if opts.theme else None,
            pages=pages,
            expected=self.files_of(spec, opts, data["name"]) if redraw else (),  # (for the audit alone)
        )
        if not redraw:  # (a build writes its exports from the very drawings it checked)
            return found
        drawn = None
        if data.get("cardgen_version") == __version__ and len({i.mark for i in items}) == 1:
            faces = {i.stem: self.face(i, spec, opts) for i in items}
            drawn = Drawn(faces, self.back(spec, opts), opts.theme.font if opts.theme else None)
        exports = check_exports(folder, data, "cards", drawn)  # png/ and tts/, as pack.json records them
        exports += check_services(folder, data, "cards", drawn)  # a print service's files (--preset)
        return replace(found, violations=found.violations + exports)

    def files_of(self, spec: S, opts: PrintOptions, name: str) -> set[str]:
        """Every file a folder of the pack named ``name`` holds (its exports and marker aside)."""
        items = self.printed(spec)
        files = {f"cards/{i.stem}.svg" for i in items}
        files |= {f"cards/{back_stem(m)}.svg" for m in {i.mark for i in items}} if opts.backs else set()
        files |= {f"{name}.pdf", MANIFEST, *FILES}
        return files | (set(picture_files(opts.theme)) if opts.theme is not None else set())

    def table_spec(self, copies: int | None = None, **options: Any) -> tuple[PackSpec, str]:
        """The pack a hand-made table is checked against, and how to name it."""
        pack = self.from_table(copies, **options)
        return pack, self.describe(pack)

    def product(self, build: Callable[..., BuildResult]) -> Product:
        """The registry's entry for this pack, built by ``build`` (the command's keyword function)."""
        return Product(
            self.name,
            self.title,
            build,
            command=self.command,
            check=self.check_folder,
            keys=self.keys,
            table=TableCheck(self.table_keys, self.table_hint, self.table_spec),
            min_card=self.min_card,
        )
