"""Freeze tokens (seed 002, §11): a sheet to cut or punch, one colour and symbol per player.

``build_tokens(players=4)`` writes ``<out>/freeze-tokens-4-players/`` (``-5-each`` when the
tokens per player are not 7; print options other than the defaults are added as for decks):
``tokens/p1-01.svg`` … one standalone SVG per token, the tokens imposed with crop marks in
``freeze-tokens-4-players.pdf`` (the square cells are cut apart on the marks; each disc then
cut round its colour's edge, or punched with a 1 inch craft punch), ``tokens.csv`` and ``pack.json``.
Before anything is moved into place the
SVGs and the PDF are read back and checked (``check_tokens_folder``), and ``cardgen check``
does the same later.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.files import read_file
from cardgen.impose.sheets import impose
from cardgen.layout.got.freeze_tokens import CELL, CUT, style, token_face
from cardgen.manifest import DECK, MANIFEST, Field, plan_from_manifest, read_manifest, validate
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product
from cardgen.proof import FolderCheck
from cardgen.proof.exports import Drawn, check_exports
from cardgen.proof.pages import PageObjects
from cardgen.proof.pdfread import read_pages
from cardgen.proof.rebuilt import Make, redrawn_folder
from cardgen.proof.tokens import FOLDER, check_token_pdf, read_token_svgs
from cardgen.render import render, subject_of
from cardgen.rules.got.freeze_tokens import (
    DEFAULT_PER_PLAYER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TOKEN_CHECKS,
    Token,
    check_tokens,
    token_set,
)
from cardgen.rules.shared import Violation
from cardgen.write.deck import BuildResult, Progress, sheet_plan, write_deck, write_sheets

NAME = "tokens"
TABLE = "tokens.csv"
TABLE_LIMIT = 100_000
KEYS = {
    "players": Field("int", MIN_PLAYERS, MAX_PLAYERS),
    "per_player": Field("int", 1, 26),
}


def tokens_slug(players: int, per_player: int) -> str:
    """The folder's name before the print options.

    >>> tokens_slug(4, 7), tokens_slug(6, 5)
    ('freeze-tokens-4-players', 'freeze-tokens-6-players-5-each')
    """
    return f"freeze-tokens-{players}-players" + ("" if per_player == DEFAULT_PER_PLAYER else f"-{per_player}-each")


def _set_name(players: int) -> str:
    return f"freeze tokens, {players} players"


def tokens_table(order: Sequence[Token]) -> bytes:
    """``player,colour,symbol,tokens``: what each player's tokens look like, and how many."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["player", "colour", "symbol", "tokens"])
    for p in sorted({t.player for t in order}):
        look = style(p)
        w.writerow([p, look.name, look.symbol, sum(1 for t in order if t.player == p)])
    return buf.getvalue().encode("utf-8")


def pdf_words(players: int, title: str) -> dict[str, str]:
    """The PDF's title and subject, for people: "Game of Trains — freeze tokens, 4 players"."""
    return {
        "pdf_title": f"{title or 'Game of Trains'} — {_set_name(players)}",
        "subject": subject_of("Game of Trains freeze tokens to cut or punch"),
    }


def draw_sheets(order: list[Token], opts: PrintOptions, plan: Any, slug: str, path: Path) -> list[PageObjects]:
    """The sheet's PDF, in a worker process: the tokens drawn again, imposed, written, read back."""
    players = max(t.player for t in order)
    faces = [token_face(t.player, set_name=_set_name(players)) for t in order]
    write_sheets(path, faces, None, plan, label=slug, title=opts.title, **pdf_words(players, opts.title))
    return read_pages(path)


def build_tokens(
    *,
    players: int = 4,
    per_player: int = DEFAULT_PER_PLAYER,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
    progress: Progress | None = None,
) -> BuildResult:
    """Write a sheet of freeze tokens: one SVG per token, the imposed PDF, the table, the manifest.

    Of the print options a sheet uses the paper, margin, gutter and title."""
    order = token_set(players, per_player)
    opts = opts or print_options()
    slug = tokens_slug(players, per_player)
    plan = sheet_plan(opts, size=(CELL, CELL))
    faces = [(t.stem, token_face(t.player, set_name=_set_name(players))) for t in order]
    result = write_deck(
        slug=slug,
        faces=faces,
        back=None,
        sheets=partial(draw_sheets, order, opts, plan, slug),
        opts=opts,
        plan=plan,
        manifest={"game": NAME, "players": players, "per_player": per_player, "cardgen_version": __version__},
        extra={TABLE: tokens_table(order)},
        check=lambda folder, read: check_tokens_folder(folder, pages=list(read()), redraw=False).violations,
        out=out,
        kind=PRODUCT.kind,
        folder_name=FOLDER,
        noun="tokens",
        progress=progress,
    )
    result.notes.append(
        f"{per_player} tokens for each of {players} players: cut the squares apart on the marks, then each disc "
        f"round its colour's edge, or punch it with a {CUT:g} mm (1 inch) circle punch"
    )
    return result


def check_tokens_folder(
    folder: Path,
    data: dict[str, Any] | None = None,
    *,
    pages: Sequence[PageObjects] | None = None,
    redraw: bool = True,
) -> FolderCheck:
    """Every way the tokens written in ``folder`` differ from their sheet, read from the SVGs and
    the PDF (``pages``: as the process that wrote it read them back; None: read here). ``redraw``
    (``cardgen check``; a build has just drawn them): also the folder against what this version
    writes for the sheet, byte for byte, and nothing in it that cardgen does not write, as for
    packs and tiles."""
    data = data if data is not None else validate(read_manifest(folder), {**DECK, **KEYS})
    players, per_player = data["players"], data["per_player"]
    order = token_set(players, per_player)
    out: list[Violation] = []
    docs = read_token_svgs(folder, order, out)
    svg_players = [int(doc.role("token-player")[0].text) for doc in docs.values()]
    out += [
        Violation(v.check, f"svg: {v.message}")
        for v in check_tokens(svg_players, players=players, per_player=per_player)
    ]
    if data["cards"] != len(order):
        out.append(
            Violation("files", f"pack.json says {data['cards']} tokens, but the sheet it describes has {len(order)}")
        )
    pdf_problems, pdf_players = check_token_pdf(folder, data, order, docs, pages)
    out += pdf_problems
    if len(pdf_players) == len(order):
        found = check_tokens(pdf_players, players=players, per_player=per_player)
        out += [Violation(v.check, f"pdf: {v.message}") for v in found]
    try:
        if read_file(folder / TABLE, limit=TABLE_LIMIT, what=TABLE) != tokens_table(order):
            why = f"{TABLE} does not list {per_player} tokens for each of players 1 to {players}"
            out.append(Violation("files", why))
    except CardgenError as e:
        out.append(Violation("files", str(e) if (folder / TABLE).exists() else f"{TABLE} is missing"))
    if redraw:
        out += tokens_redrawn(folder, data, order)
        same = data.get("cardgen_version") == __version__
        faces = {t.stem: token_face(t.player, set_name=_set_name(players)) for t in order}
        out += check_exports(folder, data, FOLDER, Drawn(faces, None) if same else None)  # png/, as recorded
    what = f"freeze tokens for {players} players, {per_player} each ({len(order)} tokens)"
    return FolderCheck(what, len(docs), out, noun="tokens", checks=(*TOKEN_CHECKS, "files"))


def tokens_redrawn(folder: Path, data: dict[str, Any], order: list[Token]) -> list[Violation]:
    """What differs from what this version writes for the sheet (``proof.rebuilt``): every token
    SVG, the table, the PDF; and every file cardgen does not write."""
    players, per_player = data["players"], data["per_player"]
    name, slug = data["name"], tokens_slug(players, per_player)
    files = {f"{FOLDER}/{t.stem}.svg" for t in order}

    def drawn() -> dict[str, Make]:
        faces = [token_face(t.player, set_name=_set_name(players)) for t in order]
        made: dict[str, Make] = {f"{FOLDER}/{t.stem}.svg": partial(render, "svg", [f]) for t, f in zip(order, faces)}
        made[TABLE] = partial(tokens_table, order)
        made = dict(sorted(made.items()))
        pages = partial(impose, faces, plan_from_manifest(data), back=None, label=slug, title=data["title"])
        words = pdf_words(players, data["title"])
        made[f"{name}.pdf"] = lambda: render("pdf", pages(), title=words["pdf_title"], subject=words["subject"])
        return made

    return redrawn_folder(folder, data, files | {f"{name}.pdf", TABLE, MANIFEST}, drawn, "this sheet")


PRODUCT = Product(
    NAME, "freeze tokens", build_tokens, command="tokens", check=check_tokens_folder, keys=KEYS, folder=FOLDER
)
