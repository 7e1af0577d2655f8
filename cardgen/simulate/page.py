"""``cardgen simulate --report DIR``: the run as a web page, ``DIR/index.html``, with its charts.

The charts are ``cardgen.layout.charts`` drawings, written by the project's SVG writer and
set inline in the page (``render.html.inline_svg``: ids made unique per chart), so the page
is one file with the shipped font in it and looks the same everywhere. The page comes from
``templates/simulate.html.j2`` with autoescaping on; the only markup not escaped is those
SVGs. It holds no date, time or worker count: the same command gives the same bytes.

The folder is written through ``cardgen.write.staging.Staging``: all or nothing, and never
over a folder holding files cardgen did not write, nor over another kind of folder cardgen
wrote (a pack a mistyped ``--report`` names is refused, never replaced). (The command line
imports this module only for ``--report``: jinja2, which the HTML writer brings, costs the
other runs nothing.)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup

from cardgen.layout.charts import bars, heat_map, histogram, value_bars
from cardgen.layout.document import Figure
from cardgen.layout.shapes import Drawing
from cardgen.render.html import inline_svg, page_fonts, render_template
from cardgen.rules.amtrak import play as amtrak_play
from cardgen.rules.amtrak.simulation import ROLE_NAMES, AmtrakTally, amtrak_sentence
from cardgen.rules.got import play
from cardgen.rules.got.figures import sentence
from cardgen.rules.got.tally import Tally
from cardgen.simulate.chance import interval, median_halfwidth, pct, places, scale_of, share_text, unsure
from cardgen.simulate.run import Outcome
from cardgen.simulate.settings import GAMES, Setting
from cardgen.simulate.sweep import Value
from cardgen.simulate.text import ORDINAL, figures, head, sweep_rows
from cardgen.write.marker import REPORT
from cardgen.write.owned import check_named, check_outside_owned
from cardgen.write.staging import Staging, check_replaceable, check_writable

__all__ = ["MAX_MAPS", "check_report", "page", "write_report"]

PAGE = "index.html"
MAX_MAPS = 6  # heat maps for a sweep of three options or more: one per value of the others, at most this many
CHART_MM = 170.0

STRATEGIES = {
    ("got", "good"): (
        "The good bot gives every number an ideal space (card n of N belongs near n/N of the way along, as the rules "
        "remark) and measures a sequence's disorder as the distance of each card from its ideal "
        "space plus the pairs out of order. Each turn it plays what lowers its own disorder most: a face-up "
        "card's ability (a removal valued as the average over the card it might draw), or drawing (valued as the "
        "best placement, averaged over the cards it might draw). A move that wins is played at once; one that "
        "would complete an opponent's sequence never. Where abilities may act on others, it also hinders an "
        "opponent close to winning. It never looks at the order of the draw pile.",
        "The figures are what this bot achieves against itself: players who plan further ahead may finish "
        "sooner, and the first seat's edge depends on how well everyone plays.",
    ),
    ("got", "random"): (
        "The random bot plays a legal move chosen uniformly at random, every turn. It shows how long a game "
        "lasts when nobody plans, and whether a variant can stall; it says little about games people play.",
    ),
    ("amtrak", "good"): (
        "The good strategy looks one move ahead and counts cards: it knows how many cards of each rank nobody "
        "has seen yet, never their order. It values a Track by the best Car it could become and the chance of "
        "drawing the card that Car lacks, and a Car by what it adds: solo, a Full-Staff role not yet filled; "
        "with others, the points it adds to the train (bonus included) plus a little for each Full-Staff role. "
        "Drawing is valued as the average over the cards it might draw.",
        "It is a heuristic, not the best possible play: its figures are what a careful player who counts cards "
        "can expect, not a bound on what perfect play could do.",
    ),
    ("amtrak", "random"): (
        "The random strategy makes a legal move chosen uniformly at random, and does the same with a card it "
        "has drawn. It is a baseline: a game nobody tries to win.",
    ),
}

INTERVALS = (
    "Shares are rounded to what the games support (a whole per cent, short of 10,000 games) and given with "
    "their 95 % interval: given this many games, the true share lies in that range 19 times out of 20. A "
    "difference whose interval holds the value it is compared with (an even share) is grey: these games "
    "cannot tell it from chance; play more to tell."
)
MEANING = {
    "got": (
        "Turns each: a game's turns divided by the number of players, over the games won (the first seats may "
        "have had one turn more than the others); median, 10th and 90th percentile: a tenth of the games were "
        "shorter than the 10th percentile, a tenth longer than the 90th.",
        "Win share: the share of all games each seat won, seats in playing order (the 1st moves first). Games "
        "without a winner count for nobody.",
        INTERVALS,
        "No winner: games stopped at the turn cap, or stalled (every player in turn had no move but to pass).",
        "Abilities: face-up cards used for their ability, per game, by kind: swap (within a sequence), remove, "
        "rotate (3×3), cross-swap (between two sequences, pattern three), number.",
        "Draw pile: the share of games in which the draw pile ran out at least once; the discard pile is then "
        "shuffled into a new one.",
        "Game i of a run is always seeded from (seed, i): the same command gives the same figures on any "
        "machine and any number of cores.",
    ),
    "amtrak-solo": (
        "Full-Staff: the share of games in which the train was Full-Staff (a Coach, the King, the Queen and a "
        "Jack, Substitutes standing in) before the deck ran out, with its 95 % interval: given this many "
        "games, the strategy's true chance lies in that range 19 times out of 20.",
        "Turns to win: the turns a won game took, counting from the first turn after the deal.",
        "Lost games lacked: the share of lost games in which no Car filled each role (a game may lack several).",
        "Game i of a run is always seeded from (seed, i): the same command gives the same figures on any "
        "machine and any number of cores.",
    ),
    "amtrak": (
        "Score: every train's total at the end (cars and bonus, as cardgen amtrak score counts it), each "
        "player's train counted once per game.",
        "Win share: the share of games each seat won, seats in playing order; a first place shared by k "
        "players counts 1/k to each.",
        INTERVALS,
        "Bonus: the share of trains earning each Full-Staff bonus.",
        "Game i of a run is always seeded from (seed, i): the same command gives the same figures on any "
        "machine and any number of cores.",
    ),
}


@dataclass(frozen=True)
class Chart:
    svg: Markup
    caption: str
    role: str


def _chart(drawing: Drawing, caption: str, role: str, n: int) -> Chart:

    figure = Figure(drawing, caption, CHART_MM, role=role)
    return Chart(Markup(inline_svg(figure, n)), caption, role)


def _marks(
    median: float | None, p10: float | None, p90: float | None, fmt: Callable[[float], str]
) -> list[tuple[float, str]]:
    """The median and percentiles as a histogram's marks, labelled as the figures print them
    (``fmt``: turns each to a tenth, a count to a whole number), never ``1.66667``."""
    out = []
    for v, name in ((p10, "10th"), (median, "median"), (p90, "90th")):
        if v is not None:
            out.append((v, f"{name} {fmt(v)}"))
    return out


def _tenths(v: float) -> str:
    return f"{v:.1f}"


def _whole(v: float) -> str:
    """A count's median or percentile: whole, or a half where two games straddle it."""
    return f"{round(v * 2) / 2:g}"


def _seat_bars(shares: Sequence[float], games: int, n: int, caption: str) -> Chart:
    """Win share by seat, each with its 95 % interval; a seat the games cannot tell from an even
    share grey."""
    bounds = [interval(w * games, games) for w in shares]
    drawing = bars(
        [f"{ORDINAL[i]} seat" for i in range(n)],
        list(shares),
        title="Win share by seat",
        reference=1 / n,
        reference_label=f"even share {100 / n:.1f} %",
        intervals=bounds,
        value_fmt=lambda v: pct(v, games),
    )
    grey = " Grey: a seat these games cannot tell from an even share." if any(unsure(b, 1 / n) for b in bounds) else ""
    return _chart(drawing, f"{caption}; the brackets are 95 % intervals.{grey}", "seats", 2)


def charts_of(setting: Setting, tally: Tally | AmtrakTally) -> list[Chart]:
    """The report's charts for one setting's games (the studio's "try it" shows them too)."""
    return _single_charts(setting, tally)


def _single_charts(setting: Setting, tally: Tally | AmtrakTally) -> list[Chart]:
    charts: list[Chart] = []
    if not tally.games:
        return charts
    n = setting.players
    if isinstance(tally, Tally):
        s = tally.summary()
        marks = _marks(s.turns_per_player_median, s.turns_per_player_p10, s.turns_per_player_p90, _tenths)
        charts.append(
            _chart(
                histogram(
                    tally.length_histogram(),
                    title="How long a game lasts",
                    x_label="turns each",
                    marks=marks,
                    continuous=True,
                ),
                "Games won, by turns each (a game's turns ÷ players, rounded down); the dashed lines are the "
                "median and the 10th and 90th percentiles.",
                "length",
                1,
            )
        )
        seats = "The share of all games each seat won, in playing order; the dashed line is an even share"
        charts.append(_seat_bars(s.win_share, s.games, n, seats))
        return charts
    a = tally.summary()
    if n == 1:
        charts.append(
            _chart(
                histogram(
                    tally.histogram(),
                    title="Turns to a Full-Staff train",
                    x_label="turns",
                    marks=_marks(a.turns_median, a.turns_p10, a.turns_p90, _whole),
                ),
                "Games won, by the turns they took; the dashed lines are the median and the 10th and 90th percentiles.",
                "length",
                1,
            )
        )
        lost = a.games - a.capped - a.won
        if lost:
            names = list(ROLE_NAMES)
            missing = dict(a.missing)
            charts.append(
                _chart(
                    bars(
                        [ROLE_NAMES[r] for r in names],
                        [missing.get(r, 0) / lost for r in names],
                        title="What the lost games lacked",
                        y_label="share of lost games",
                    ),
                    "The share of lost games in which no Car filled each Full-Staff role (a game may lack several).",
                    "missing",
                    2,
                )
            )
        return charts
    charts.append(
        _chart(
            histogram(
                tally.histogram(),
                title="Scores",
                x_label="a train's total",
                y_label="share of trains",
                marks=_marks(a.score_median, a.score_p10, a.score_p90, _whole),
            ),
            "Every train's total, by points; the dashed lines are the median and the 10th and 90th percentiles.",
            "length",
            1,
        )
    )
    seats = (
        "The share of games each seat won, in playing order (a shared first place split); the dashed line is an "
        "even share"
    )
    charts.append(_seat_bars(a.win_share, a.games, n, seats))
    return charts


Metric = Callable[[Tally | AmtrakTally], float | None]


def _edge(t: Tally | AmtrakTally) -> float:
    """The first seat's win share less an even share (1 ÷ players): what moving first is worth."""
    share = t.summary().win_share[0]
    return share - 1 / t.players


def _edge_bounds(t: Tally | AmtrakTally) -> tuple[float, float]:
    """The 95 % interval of the first seat's edge: its win share's, less an even share."""
    games = t.summary().games
    lo, hi = interval(t.summary().win_share[0] * games, games)
    return lo - 1 / t.players, hi - 1 / t.players


def points(v: float, games: int = 0) -> str:
    """A difference of shares in percentage points, to the places ``games`` support: ``+5 pts``.

    >>> points(0.05), points(0.0512, 20_000)
    ('+5 pts', '+5.1 pts')
    """
    return f"{v * 100:+.{places(games)}f} pts"


Bounds = Callable[[Tally | AmtrakTally], tuple[float, float] | None]


@dataclass(frozen=True)
class Quantity:
    """What a sweep's chart shows: its title, how to read it (and its 95 % interval) from a
    tally, its format, and its kind: ``number``, ``share`` or ``signed`` (centred on zero, a
    setting whose interval holds zero grey)."""

    title: str
    value: Metric
    bounds: Bounds
    fmt: Callable[[float], str]
    kind: str


def _median_bounds(median: float | None, p10: float | None, p90: float | None, n: int) -> tuple[float, float] | None:
    half = median_halfwidth(p10, p90, n)
    return None if median is None or half is None else (median - half, median + half)


def _metrics(outcome: Outcome) -> list[Quantity]:
    """The quantities a sweep's charts show."""
    games = outcome.request.games
    edge = Quantity(
        "The 1st seat's edge: its win share less an even share",
        _edge,
        _edge_bounds,
        lambda v: points(v, games),
        "signed",
    )
    if outcome.request.game == "got":

        def turns(t: Tally | AmtrakTally) -> tuple[float, float] | None:
            if not isinstance(t, Tally):
                return None
            s = t.summary()
            return _median_bounds(s.turns_per_player_median, s.turns_per_player_p10, s.turns_per_player_p90, s.won)

        median = Quantity(
            "Median turns each",
            lambda t: t.summary().turns_per_player_median if isinstance(t, Tally) else None,
            turns,
            _tenths,
            "number",
        )
        return [median, edge]
    if outcome.settings[0].players == 1:

        def chance(t: Tally | AmtrakTally) -> tuple[float, float] | None:
            a = t.summary() if isinstance(t, AmtrakTally) else None
            return None if a is None or a.chance_low is None or a.chance_high is None else (a.chance_low, a.chance_high)

        full = Quantity(
            "Chance of a Full-Staff train",
            lambda t: t.summary().chance if isinstance(t, AmtrakTally) else None,
            chance,
            lambda v: pct(v, games),
            "share",
        )
        return [full]

    def score(t: Tally | AmtrakTally) -> tuple[float, float] | None:
        if not isinstance(t, AmtrakTally):
            return None
        a = t.summary()
        return _median_bounds(a.score_median, a.score_p10, a.score_p90, a.trains)

    median_score = Quantity(
        "Median score of a train",
        lambda t: t.summary().score_median if isinstance(t, AmtrakTally) else None,
        score,
        _whole,
        "number",
    )
    return [median_score, edge]


def _sweep_charts(outcome: Outcome) -> list[Chart]:
    """The sweep's main figures: for one option, bars; for two, heat maps, the first option down and
    the second across; with more, one map per combination of the others (at most ``MAX_MAPS``). The
    maps of one quantity share one colour scale, never narrower than a typical 95 % interval
    (``chance.scale_of``: what chance alone moves looks alike); a signed one (the 1st seat's edge)
    is centred on 0, and a setting whose interval holds 0 is grey."""
    sweep = outcome.request.sweep
    by_values = {tuple(v for _, v in s.swept): t for s, t in zip(outcome.settings, outcome.tallies)}
    (first, downs), rest = sweep[0], sweep[1:]
    second, across = rest[0] if rest else ("", ())
    others = list(itertools.product(*(values for _, values in sweep[2:])))[:MAX_MAPS]  # [()] for one or two
    charts: list[Chart] = []
    for q in _metrics(outcome):
        signed = q.kind == "signed"

        def cell(*values: Value, q: Quantity = q) -> float | None:
            t = by_values.get(values)
            return q.value(t) if t is not None and t.games else None

        def bounds(*values: Value, q: Quantity = q) -> tuple[float, float] | None:
            t = by_values.get(values)
            return q.bounds(t) if t is not None and t.games else None

        if not rest:  # one option: a bar for each of its values
            values = [cell(v) for v in downs]
            brackets = [bounds(v) for v in downs]
            if signed:  # shares as points
                values = [None if v is None else v * 100 for v in values]
                brackets = [None if b is None else (b[0] * 100, b[1] * 100) for b in brackets]

            def in_points(v: float, q: Quantity = q) -> str:
                return q.fmt(v / 100)

            drawing = value_bars(
                [_value(v) for v in downs],
                values,
                title=q.title,
                x_label=first,
                fmt=in_points if signed else q.fmt,
                y_label="percentage points" if signed else "",
                percent=q.kind == "share",
                intervals=brackets,
                reference=0.0 if signed else None,
            )
            what = "above zero it wins more than an even share, below less" if signed else f"for each value of {first}"
            grey = " Grey: a setting these games cannot tell from an even share." if signed else ""
            caption = f"{q.title}: {what}; the brackets are 95 % intervals.{grey}"
            charts.append(_chart(drawing, caption, "bars", len(charts) + 1))
            continue
        grids = [[[cell(a, b, *more) for b in across] for a in downs] for more in others]
        spans = [[[bounds(a, b, *more) for b in across] for a in downs] for more in others]
        known = [v for grid in grids for row in grid for v in row if v is not None]
        widths = [b[1] - b[0] for grid in spans for row in grid for b in row if b is not None]
        scale = scale_of(known, widths)  # one scale for every map of this quantity, no narrower than chance
        shared = " (one colour scale for all the maps of this figure)" if len(others) > 1 else ""
        key = (
            "blue: the 1st seat wins more than an even share, red: less; grey: a setting these games cannot tell "
            "from an even share (its 95 % interval holds it)"
            if signed
            else "darker is higher; the colours span at least a typical 95 % interval, so that settings only "
            "chance tells apart look alike"
        )
        for more, grid, span in zip(others, grids, spans):
            suffix = ", ".join(f"{name} {_value(v)}" for (name, _), v in zip(sweep[2:], more))
            full = f"{q.title} ({suffix})" if suffix else q.title
            drawing = heat_map(
                [_value(v) for v in downs],
                [_value(v) for v in across],
                grid,
                title=full,
                row_name=first,
                col_name=second,
                fmt=q.fmt,
                scale=scale,
                signed=signed,
                unsure=[[b is not None and unsure(b, 0.0) for b in row] for row in span] if signed else None,
                unsure_label="grey: within chance of an even share",
            )
            caption = f"{full}, for every setting of the sweep{shared}: {key}."
            charts.append(_chart(drawing, caption, "heat-map", len(charts) + 1))
    return charts


def _value(v: object) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


def command_line(outcome: Outcome) -> str:
    """The command that makes this page, in a canonical order (the workers and the cluster left out: they change nothing)."""
    req = outcome.request
    words = ["cardgen", "simulate"] + (["amtrak"] if req.game == "amtrak" else [])
    for name, value in req.options:
        if isinstance(value, bool):
            words += [f"--{name}" if value else f"--no-{name}"]
        else:
            words += [f"--{name}", str(value)]
    words += ["--games", str(req.games), "--seed", str(req.seed)]
    if req.sweep:
        words += ["--sweep", req.sweep_words()]
    return " ".join(words)


def page(outcome: Outcome) -> bytes:
    """The report page's bytes."""

    req = outcome.request
    setting, tally = outcome.settings[0], outcome.tallies[0]
    game = req.game
    solo = game == "amtrak" and setting.players == 1
    lines = head(outcome)
    interrupted = lines.pop() if outcome.interrupted else ""
    title = f"{GAMES[game][:1].upper()}{GAMES[game][1:]}, simulated"
    table = None
    said = ""
    if req.sweep:
        header, rows = sweep_rows(outcome, share_text)
        table = {"header": header, "rows": rows}
        charts = _sweep_charts(outcome) if outcome.played else []
        shown: Sequence[tuple[str, str]] = ()
    else:
        charts = _single_charts(setting, tally)
        # the terminal's columns (three spaces) read as one run of words in a browser: dots instead
        shown = [
            (name, text.replace("   ", " · "))
            for name, text in figures(setting, tally, share_text)
            if name != "in a sentence"
        ]
        if tally.games:
            said = sentence(tally.summary()) if isinstance(tally, Tally) else amtrak_sentence(tally.summary())
    decisions = play.DECISIONS if game == "got" else amtrak_play.DECISIONS
    context: dict[str, Any] = dict(
        title=title,
        subtitle=lines[0].split(": ", 1)[1],
        head=lines[1:],
        interrupted=interrupted,
        sentence=said,
        figures=shown,
        charts=charts,
        table=table,
        meaning=MEANING["amtrak-solo" if solo else game],
        strategy=[para for bot in dict.fromkeys(s.bot for s in outcome.settings) for para in STRATEGIES[(game, bot)]],
        decisions=decisions,
        game=game,
        command=command_line(outcome),
    )
    # the page's own words decide the glyphs it embeds (a first rendering, fonts aside, lists them)
    words = render_template("simulate.html.j2", fonts="", **context).decode("utf-8")
    return render_template("simulate.html.j2", fonts=page_fonts(words), **context)


def check_report(dest: Path) -> None:
    """One line, before any game is played, when ``--report dest`` could not be written: a file, a
    folder not writable, a folder holding files cardgen did not write or another kind of folder
    cardgen wrote (a pack: a report replaces only a report), or a place inside such a folder."""
    check_named(dest, REPORT.holds, "--report")
    check_writable(dest)
    check_outside_owned(dest, REPORT.holds, "--report")
    check_replaceable(dest, REPORT, option="--report")


def write_report(outcome: Outcome, dest: Path) -> Path:
    """Write ``dest/index.html`` whole (see the module docstring); the page's path. Its marker
    records the command that made it: a report of another command replaced is named in one line."""
    data = page(outcome)
    with Staging(dest, {"command": command_line(outcome)}, kind=REPORT, option="--report") as stage:
        stage.write(PAGE, data)
        stage.commit()
    return dest / PAGE
