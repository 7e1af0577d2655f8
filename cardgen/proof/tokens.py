"""A sheet of freeze tokens read back: each ``tokens/pN-KK.svg`` a drawing cardgen writes, of
the token's size, whose disc, symbol and number are its player's (``layout.got.freeze_tokens.STYLES``);
each token's place on the PDF's sheets showing exactly its SVG (texts, shapes, paint); and the
players read from both counted (``rules.got.freeze_tokens.check_tokens``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.files import is_litter, read_file
from cardgen.layout.got.freeze_tokens import CELL, Style, ink_on, style
from cardgen.manifest import MANIFEST, plan_from_manifest
from cardgen.proof.audit import pdf_damage
from cardgen.proof.pages import PageObjects
from cardgen.proof.pdfread import read_pages
from cardgen.proof.sheets import (
    PDF_LIMIT,
    compare_slot,
    crop_mark_problems,
    page_problems,
    paper_fits,
    sheet_slots,
    single_pdf,
)
from cardgen.proof.svg import SvgDoc, read_svg, size_problem
from cardgen.rules.got.freeze_tokens import MAX_PLAYERS, Token
from cardgen.rules.shared import Violation, capped

FOLDER = "tokens"
MAX_REPORTED = 40


def read_token(doc: SvgDoc) -> int | str:
    """The player a token SVG is for, or what is wrong with it: one number, one disc and one
    symbol, all of one player's style."""
    numbers = [t.text for t in doc.role("token-player")]
    if len(numbers) != 1 or not numbers[0].isascii() or not numbers[0].isdigit():
        return f"{doc.name} shows {len(numbers)} player numbers ({', '.join(numbers)}): wanted one"
    player = int(numbers[0])
    if not 1 <= player <= MAX_PLAYERS:
        return f"{doc.name}: player {player} has no colour (players 1 to {MAX_PLAYERS})"
    look: Style = style(player)
    discs = [s for s in doc.shapes if s.role == "token-disc"]
    symbols = [s for s in doc.shapes if s.role.startswith("symbol-")]
    if len(discs) != 1 or discs[0].fill != look.colour:
        shown = ", ".join(str(s.fill) for s in discs) or "none"
        return f"{doc.name}: player {player}'s disc is {shown}, wanted {look.colour} ({look.name})"
    names = sorted({s.role.removeprefix("symbol-") for s in symbols})
    if names != [look.symbol]:
        return f"{doc.name}: player {player}'s symbol is {', '.join(names) or 'missing'}, wanted a {look.symbol}"
    ink = ink_on(look.colour)
    if any((s.fill or ink) != ink for s in symbols) or doc.role("token-player")[0].fill != ink:
        return f"{doc.name}: player {player}'s symbol and number are not in {ink}"
    return player


def read_token_svgs(folder: Path, order: Sequence[Token], out: list[Violation]) -> dict[str, SvgDoc]:
    """Each token's SVG, read and checked against the token its name says it is."""
    docs: dict[str, SvgDoc] = {}
    wanted = {t.stem: t for t in order}
    tokens = folder / FOLDER
    if not tokens.is_dir():
        out.append(Violation("files", f"svg: the {FOLDER} folder is missing"))
        return docs
    problems: list[Violation] = []
    for path in sorted(p for p in tokens.glob("*.svg") if not is_litter(p.name)):
        token = wanted.get(path.stem)
        if token is None:
            out.append(Violation("files", f"svg: {FOLDER}/{path.name} is not a file cardgen writes for this sheet"))
            continue
        doc, _ = read_svg(path, f"{FOLDER}/{path.name}")
        if isinstance(doc, str):
            problems.append(Violation("files", f"svg: {doc}"))
            continue
        why = doc.problems[0] if doc.problems else size_problem(doc, (CELL, CELL), 0.0)
        got = read_token(doc)
        if why:
            problems.append(Violation("files", f"svg: {doc.name}: {why}"))
        elif isinstance(got, str):
            problems.append(Violation("files", f"svg: {got}"))
        elif got != token.player:
            problems.append(Violation("files", f"svg: {doc.name} is a token of player {got}, not {token.player}"))
            docs[path.stem] = doc
        else:
            docs[path.stem] = doc
    missing = [t.stem for t in order if not (tokens / f"{t.stem}.svg").exists()]
    if missing:
        problems.append(
            Violation("files", f"svg: no SVG for tokens {', '.join(missing[:10])}{' …' if len(missing) > 10 else ''}")
        )
    out += capped(problems, MAX_REPORTED, lambda k, c: Violation("files", f"svg: and {k} more token problems"))
    return docs


def check_token_pdf(
    folder: Path,
    data: dict[str, object],
    order: Sequence[Token],
    docs: dict[str, SvgDoc],
    pages: Sequence[PageObjects] | None,
) -> tuple[list[Violation], list[int]]:
    """The PDF's sheets, each token's place against its SVG; and the players read from them."""
    pdf = single_pdf(folder)
    if isinstance(pdf, Violation):
        return [pdf], []
    plan = plan_from_manifest(data)
    if pages is None:  # read here (``cardgen check``): undamaged first, as a pack's PDF is
        try:
            raw = read_file(pdf, limit=PDF_LIMIT, what="PDF")
            damage = pdf_damage(raw)
            if damage:
                return [Violation("files", f"pdf: {pdf.name} is damaged: {d}") for d in damage[:5]], []
            pages = read_pages(raw)
        except CardgenError as e:
            return [Violation("files", f"pdf: {pdf.name}: {e}")], []
    out: list[Violation] = []
    problems, paper_ok = page_problems([replace(p, texts=[], paths=[]) for p in pages], plan, len(order), False)
    out += [Violation("files", f"pdf: {pdf.name}: {p}") for p in problems]
    if not paper_ok or not all(paper_fits(p, plan) for p in pages):
        return out, []
    players: list[int] = []
    slot_problems: list[Violation] = []
    for page in pages:
        chunk = order[(page.number - 1) * plan.per_page : page.number * plan.per_page]
        for problem in crop_mark_problems(page, plan, len(chunk)):
            slot_problems.append(Violation("files", f"pdf: page {page.number}: {problem}"))
        for slot in sheet_slots(page, plan)[0]:
            where = f"pdf: page {slot.page}, slot {slot.index + 1}"
            if slot.index >= len(chunk):
                if any(t.bold for t in slot.texts):
                    slot_problems.append(Violation("files", f"{where}: a token is drawn where no token belongs"))
                continue
            token = chunk[slot.index]
            doc = docs.get(token.stem)
            if doc is None:
                continue  # its SVG is reported
            found, texts = compare_slot(slot, doc, plan.paper[1])
            read = [" ".join(t.text.split()) for t in texts.get("token-player", [])]
            if read and read[0].isdigit():
                players.append(int(read[0]))
            else:
                found.append("no player number can be read there")
            if found:
                slot_problems.append(Violation("files", f"{where} (token {token.stem}): {'; '.join(found[:4])}"))
    out += capped(
        slot_problems, MAX_REPORTED, lambda k, c: Violation("files", f"pdf: and {k} more token places differ")
    )
    if int(str(data.get("per_page", 0))) != plan.per_page:
        out.append(
            Violation(
                "files", f"{MANIFEST} says {data.get('per_page')} tokens a sheet, but its sizes give {plan.per_page}"
            )
        )
    return out, players
