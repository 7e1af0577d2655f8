"""Text reports: what ``cardgen seq``, ``amtrak score``/``compare``, ``supertrain score``,
``train can-play`` and the ``--list`` options print, laid out from what the rules engines
work out. One home for them, so the command line only parses, calls and prints.

>>> print(amtrak_score_text(train="K/7 9/9"))
car  type   fleet         value
K/7  Crew   Single-Level     11
9/9  Coach  Bi-Level         18
cars                         29
bonus  none: not a Full-Staff train
total                        29
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from cardgen.errors import CardgenError
from cardgen.layout.handouts import GAMES
from cardgen.presets import PRESETS, preset_rows
from cardgen.rules.amtrak.scoring import Ranked, compare, parse_train, score_train
from cardgen.rules.got.grid_packs import PACK_CATEGORIES
from cardgen.rules.got.sequence_report import report
from cardgen.rules.supertrain.dominoes import HandScore, parse_hand
from cardgen.rules.train.referee import judge, parse_cards, parse_top

# ------------------------------------------------------------------ seq


def seq_text(*, sequence: str, pack_size: int, packs: int = 1, win: str | None = None, wilds: int | None = None) -> str:
    """What ``cardgen seq`` prints: the sequence's order, disorder and the swaps that sort it;
    with a wild card, whether it can still be ascending in a pack of ``pack_size`` cards; every
    number the pack (``packs`` of them combined) does not print, and wild cards beyond its
    ``wilds``; with ``win``, whether it wins.

    >>> print(seq_text(sequence="5-12-W-40-71", pack_size=50))
    sequence      5-12-W-40-71  (5 cards, dirty: has a wild card)
    can be ascending with numbers 1..50: no
    can be never-descending: no
    not in the pack: 71 (the cards are 1..50)
    """
    if win is None and packs > 1:
        win = "ascending"  # combined packs: say whether it wins, by the stricter definition unless told
    r = report(sequence, pack_size=pack_size, packs=packs, win=win, wilds=wilds)

    def yn(v: bool | None) -> str:
        return "yes" if v else "no"

    lines = [f"sequence      {r.text}  ({r.length} cards, {'clean' if r.clean else 'dirty: has a wild card'})"]
    if r.clean:
        lines.append(f"ascending     {yn(r.ascending)}   never-descending {yn(r.never_descending)}")
        lines.append(f"descending    {yn(r.descending)}   never-ascending  {yn(r.never_ascending)}")
        lines.append(f"inversions    {r.inversions} of at most {r.max_inversions}")
        swaps = ", ".join(r.swaps or ()) or "none"
        lines.append(f"min swaps     {r.min_swaps}: {swaps}")
    else:
        lines.append(f"can be ascending with numbers 1..{r.pack_size}: {yn(r.can_be_ascending)}")
        lines.append(f"can be never-descending: {yn(r.can_be_never_descending)}")
    lines += [f"not in the pack: {why}" for why in r.outside]
    if r.win is not None:
        of = f"{r.packs} packs of 1..{r.pack_size}" if r.packs > 1 else f"a pack of 1..{r.pack_size}"
        lines.append(f"a win ({r.win}, {of}): {yn(r.wins)}")
    return "\n".join(lines)


# ------------------------------------------------------------------ lists and the Train referee


def categories_text() -> str:
    """``cardgen pack2d --list``: the 3×3 game's ability categories, a line each: the seed's 16,
    then cardgen's ``number`` (§9)."""
    lines = []
    for cat in PACK_CATEGORIES.values():
        kind = "specific" if cat.specific else "discretionary"
        lines.append(f"{cat.name:18} {cat.size:2} {kind:13} {cat.description}  e.g. {cat.abilities[0].label}")
    return "\n".join(lines)


def handouts_text() -> str:
    """``cardgen handout --list``: the games with a handout, and the options each takes."""
    lines = []
    for g in GAMES.values():
        takes = " ".join(f"--{o}" for o in g.options)
        lines.append(f"{g.name:11} {g.title}" + (f" ({takes})" if takes else ""))
    return "\n".join(lines)


def presets_text(size: tuple[float, float] | None = None, noun: str = "card") -> str:
    """``--preset list``: each print service's preset, its card with its bleed, its safe zone, its
    files, and whether its figures were checked against the service's own page; for components
    that keep their own ``size`` (tiles), their figures under each service's bleed and safe zone."""
    lines = []
    for (name, service, card, safe, files), p in zip(preset_rows(size, noun), PRESETS.values()):
        lines += [f"{name:17} {service}", f"{'':17} {noun}: {card}", f"{'':17} safe zone: {safe}"]
        lines += [f"{'':17} files: {files}"]
        lines += [f"{'':17} figures: {p.verified}"] if p.verified else []
    if size is None:
        lines.append("A preset fixes the card size and bleed: --card or --bleed saying otherwise is refused.")
    else:
        lines.append(f"A {noun} keeps its own size (--{noun}); a preset fixes its bleed: --bleed otherwise is refused.")
    return "\n".join(lines)


def train_verdict(
    *, play: str, on: str, where: str = "central", hand: str | None = None, open_piles: int | None = None
) -> tuple[bool, str]:
    """``cardgen train can-play``: whether the play is legal, and the referee's line saying why."""
    held = None if hand is None else parse_cards(hand)
    verdict = judge(parse_cards(play), on=parse_top(on), where=where, hand=held, open_piles=open_piles)
    return verdict.legal, f"{'legal' if verdict.legal else 'illegal'}: {verdict.reason}"


# ------------------------------------------------------------------ supertrain


def supertrain_score(*, hand: str) -> HandScore:
    """The points a hand left at the end of a round counts (``12-5 3-Train A-Train``: 50)."""
    return HandScore(tuple(parse_hand(hand)))


def supertrain_lines(result: HandScore) -> list[str]:
    """One line per tile with its points worked out, then the total.

    >>> supertrain_lines(supertrain_score(hand="12-5 A-Train"))
    ['12-5      17  (12 + 5)', 'A-Train   20  (10 + 10)', 'total     37']
    """
    width = max([len(t.name) for t in result.tiles] + [len("total")]) + 2
    lines = []
    for t in result.tiles:
        parts = " + ".join(str(e if isinstance(e, int) else 10) for e in t.ends)
        lines.append(f"{t.name:<{width}}{t.points:>3}  ({parts})")
    lines.append(f"{'total':<{width}}{result.total:>3}")
    return lines


def supertrain_score_text(*, hand: str, as_json: bool = False) -> str:
    """What ``cardgen supertrain score`` prints: the lines above, or ``HandScore.to_dict()`` as JSON."""
    result = supertrain_score(hand=hand)
    return json.dumps(result.to_dict(), indent=2) if as_json else "\n".join(supertrain_lines(result))


# ------------------------------------------------------------------ amtrak


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def amtrak_score_text(*, train: str, as_json: bool = False) -> str:
    """One train's cars (type, fleet, value), its bonus and total, in aligned columns or as JSON."""
    score = score_train(parse_train(train))
    if as_json:
        return json.dumps(score.to_dict(), indent=2, ensure_ascii=False)
    cw = max(len("car"), *(len(c.car) for c in score.cars))
    tw = max(len("type"), *(len(c.kind) for c in score.cars))
    fw = max(len("fleet"), *(len(c.fleet) for c in score.cars))
    vw = max(len("value"), len(str(score.total)))
    width = cw + 2 + tw + 2 + fw + 2 + vw  # the value column's right edge
    lines = [f"{'car':<{cw}}  {'type':<{tw}}  {'fleet':<{fw}}  {'value':>{vw}}"]
    lines += [f"{c.car:<{cw}}  {c.kind:<{tw}}  {c.fleet:<{fw}}  {c.value:>{vw}}" for c in score.cars]
    cars_total = sum(c.value for c in score.cars)

    def row(label: str, value: int) -> str:
        return f"{label}{value:>{max(width - len(label), len(str(value)) + 1)}}"

    lines.append(row("cars", cars_total))
    won = score.bonus
    if won is None:
        lines.append("bonus  none: not a Full-Staff train")
    else:
        lines.append(row(f"bonus  {won.name}", won.points) + f"  ({won.reason})")
    lines.append(row("total", score.total))
    return "\n".join(lines)


def _shared(ranked: Sequence[Ranked]) -> set[int]:
    places = [r.place for r in ranked]
    return {r.train for r in ranked if places.count(r.place) > 1}


def _notes(ranked: Sequence[Ranked]) -> list[str]:
    """What decided each tie: the Rails, or nothing (a shared place); then the winner."""
    notes: list[str] = []
    for total in sorted({r.total for r in ranked}, reverse=True):
        tied = [r for r in ranked if r.total == total]
        if len(tied) < 2:
            continue
        names = [str(r.train + 1) for r in tied]
        rails = ", ".join(f"train {r.train + 1}: {r.tie_break}" for r in tied)
        notes.append(f"trains {_and(names)} tie on {total} points, so the Rails decide ({rails})")
        for value in sorted({r.tie_break for r in tied if r.tie_break is not None}, reverse=True):
            same = [r for r in tied if r.tie_break == value]
            if len(same) > 1:
                who = _and([str(r.train + 1) for r in same])
                notes.append(f"trains {who} are equal on the Rails too ({value}): they share place {same[0].place}")
    first = [r for r in ranked if r.place == 1]
    decided = " after the tie-break" if first[0].tie_break is not None and len(first) == 1 else ""
    if len(first) == 1:
        notes.append(f"winner: train {first[0].train + 1} with {first[0].total} points{decided}")
    else:
        notes.append(f"shared first place: trains {_and([str(r.train + 1) for r in first])}")
    return notes


def amtrak_compare_text(*, trains: Sequence[str], as_json: bool = False) -> str:
    """Trains ranked by total, equal totals by the Rails; shared places where even those are equal."""
    if len(trains) < 2:
        raise CardgenError(f"compare needs at least two trains, got {len(trains)}: e.g. 'K/7 Q/2' '9/9 J/3'")
    parsed = [parse_train(t) for t in trains]
    ranked = compare(parsed)
    shared = _shared(ranked)
    notes = _notes(ranked)
    if as_json:
        rows = [
            {
                "train": r.train + 1,
                "cars": " ".join(c.car for c in r.score.cars),
                "place": r.place,
                "shared": r.train in shared,
                "total": r.total,
                "tie_break": r.tie_break,
                "score": r.score.to_dict(),
            }
            for r in ranked
        ]
        return json.dumps({"trains": rows, "notes": notes}, indent=2, ensure_ascii=False)
    order = sorted(ranked, key=lambda r: (r.place, r.train))
    table = [["place", "train", "total", "rails", "bonus", "cars"]]
    for r in order:
        table.append(
            [
                f"{r.place}{'=' if r.train in shared else ''}",
                str(r.train + 1),
                str(r.total),
                "" if r.tie_break is None else str(r.tie_break),
                r.score.bonus.name if r.score.bonus else "-",
                " ".join(c.car for c in r.score.cars),
            ]
        )
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    right = {1, 2, 3}  # numbers line up on the right
    lines = [
        "  ".join(
            cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths))
        ).rstrip()
        for row in table
    ]
    return "\n".join(lines + notes)


def supertrain_lineup_text(*, hand: str, engine: str, as_json: bool = False) -> str:
    """``cardgen supertrain lineup``: the hand's line-up for the engine, and its extras (or JSON).

    >>> print(supertrain_lineup_text(hand="12-5 5-7 9-9", engine="12"))
    line-up  12-5 5-7
             2 tiles, from the engine (12)
    extras   9-9
    """
    from cardgen.rules.supertrain.lineup import line_up
    from cardgen.rules.supertrain.referee import parse_end

    key = engine.strip()
    if "-" in key:  # the engine named as its tile: 12-12, Train-Train
        a, _, b = key.partition("-")
        if a.strip().lower() != b.strip().lower():
            raise CardgenError(f"the engine {key[:20]!r} is not a double: give its number (12) or Train")
        key = a
    end = parse_end(key)
    if isinstance(end, str) and end != "Train":
        raise CardgenError(f"no engine {engine.strip()[:20]!r}: an engine is a double, 0 to 12, or Train")
    result = line_up(parse_hand(hand), end)
    return json.dumps(result.to_dict(), indent=2) if as_json else result.text()


def supertrain_verdict(*, end: str, tile: str, double_open: bool = False, as_json: bool = False) -> tuple[bool, str]:
    """``cardgen supertrain can-play``: whether ``tile`` may be laid on the exposed ``end``, each way round, why.

    >>> print(supertrain_verdict(end="A", tile="12-5")[1])
    no: 12-5 may not be laid on the Letter A
      by its 12 end: refused, only another wild domino (Red Train or Letter) can ever be played onto a Letter end
      by its 5 end: refused, only another wild domino (Red Train or Letter) can ever be played onto a Letter end
    """
    from cardgen.rules.supertrain.dominoes import parse_tile
    from cardgen.rules.supertrain.referee import judge, parse_end

    verdict = judge(parse_end(end), parse_tile(tile), on_double=double_open)
    text = json.dumps(verdict.to_dict(), indent=2) if as_json else verdict.text()
    return verdict.legal, text
