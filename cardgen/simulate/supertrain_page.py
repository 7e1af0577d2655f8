"""``cardgen simulate supertrain --report DIR``: the run as a web page, ``DIR/index.html``, with charts.

The same page as the other games' (``simulate.page``: the template ``templates/simulate.html.j2``, the charts
of ``layout.charts`` set inline, written all or nothing through ``write.staging.Staging``), with
SuperTrain's figures: how long a round lasts with and without the wild tiles, win share by seat,
what the action tiles did; a sweep of the player count shows each count side by side.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from markupsafe import Markup

from cardgen.layout.charts import bars, histogram, value_bars
from cardgen.layout.document import Figure
from cardgen.layout.shapes import Drawing
from cardgen.render.html import inline_svg, page_fonts, render_template
from cardgen.rules.supertrain.lineup import LINEUP_DECISIONS
from cardgen.rules.supertrain.play import DECISIONS
from cardgen.rules.supertrain.simulation import Tally, sentence
from cardgen.simulate.page import Chart, check_report
from cardgen.simulate.supertrain import ORDINAL, StOutcome, StSetting, figures, head, sweep_rows
from cardgen.write.marker import REPORT
from cardgen.write.staging import Staging

__all__ = ["check_report", "page", "write_report"]

PAGE = "index.html"
CHART_MM = 170.0

STRATEGY = {
    "good": (
        "The good bot values every legal play with a careful player's rules of thumb and plays the best: it "
        "sheds high tiles first and keeps its wild tiles for when nothing else plays; on its own train it "
        "prefers a play it can follow with another tile of its hand (and one that lifts its marker), and "
        "leaves the Red Train exposed there; on other trains it avoids leaving a Red Train, which helps "
        "everyone, and likes leaving a Letter, which only a wild tile may follow; it lays a double only when "
        "it holds a tile to satisfy it, saves the S and D-Trains for a next player close to going out, and "
        "plays the T-Train when it has more to play. It sees its own hand and the table, never another hand.",
        "Its figures are what these rules of thumb achieve against themselves, not what the best play could.",
    ),
    "random": (
        "The random bot makes a legal play chosen uniformly at random. It shows how the rules behave when "
        "nobody plans (how often a round blocks, say), and says little about games people play.",
    ),
}

MEANING = (
    "Round length: a round's turns, every player's turn counted (a pass too, a turn missed to an S-Train "
    "not); median, 10th and 90th percentile.",
    "Blocked: rounds that ended with the bone pile empty and nobody able to play, even on an open train.",
    "Score: a player's total over the game's rounds (points left in hand: numbers at face value, 10 for each "
    "Red Train and Letter); the lowest total wins, equal totals share.",
    "Win share: the share of games each seat won, seat 1 leading the first round; going out: the share of "
    "rounds won by going out, by seat counted from the round's leader.",
    "Action tiles: how often each is played a round, and what it did: skips, reversals, tiles drawn because "
    "of a D-Train, the T-Train's turns by how many tiles they laid, where an A-Train went.",
    "Without the wild tiles: every game is played again on the same deals, each wild tile replaced by a "
    "number tile of the bone pile (plain Mexican Train, no Train-Train round); the change is the mean "
    "difference of a round's turns, with less without, with its 95 % interval.",
    "Game i of a run is always seeded from (seed, i): the same command gives the same figures on any machine "
    "and any number of cores.",
)


def _chart(drawing: Drawing, caption: str, role: str, n: int) -> Chart:
    figure = Figure(drawing, caption, CHART_MM, role=role)
    return Chart(Markup(inline_svg(figure, n)), caption, role)


def _marks(t: dict[str, Any]) -> list[tuple[float, str]]:
    return [(t[k], f"{name} {t[k]:g}") for k, name in (("p10", "10th"), ("median", "median"), ("p90", "90th"))]


def _single(setting: StSetting, tally: Tally) -> list[Chart]:
    if not tally.games:
        return []
    s = tally.summary()
    side = tally.wild if tally.wild is not None else tally.plain
    main = s.wild if s.wild is not None else s.plain
    assert side is not None and main is not None
    charts = [
        _chart(
            histogram(
                dict(side.turns),
                title="How long a round lasts",
                x_label="turns",
                y_label="share of rounds",
                marks=_marks(main["turns"]),
            ),
            "Rounds by their turns"
            + (" with the wild tiles" if s.wild is not None else "")
            + "; the dashed lines are the median and the 10th and 90th percentiles.",
            "length",
            1,
        )
    ]
    if tally.plain is not None and s.wild is not None and s.plain is not None:
        charts.append(
            _chart(
                histogram(
                    dict(tally.plain.turns),
                    title="The same deals without the wild tiles",
                    x_label="turns",
                    y_label="share of rounds",
                    marks=_marks(s.plain["turns"]),
                ),
                "Rounds of plain Mexican Train on the same deals, by their turns.",
                "plain",
                2,
            )
        )
    n = setting.players
    charts.append(
        _chart(
            bars(
                [f"{ORDINAL[i]} seat" for i in range(n)],
                list(main["win_share"]),
                title="Win share by seat",
                reference=1 / n,
                reference_label=f"even share {100 / n:.1f} %",
            ),
            "The share of games each seat won (equal lowest totals share); the dashed line is an even share.",
            "seats",
            len(charts) + 1,
        )
    )
    actions = main.get("actions")
    if actions and actions["t_turns_by_tiles"]:
        sizes = actions["t_turns_by_tiles"]
        total = sum(sizes.values())
        charts.append(
            _chart(
                bars(
                    [f"{k} tile{'s' if k != '1' else ''}" for k in sizes],
                    [v / total for v in sizes.values()],
                    title="Tiles laid in a T-Train's turn",
                    y_label="share of T turns",
                ),
                "The T-Train's turns by how many tiles they laid: 2 as a rule, up to 5 with doubles; 1 when the "
                "T was the last tile or the play after it could not be made.",
                "t-train",
                len(charts) + 1,
            )
        )
    return charts


def _sweep(outcome: StOutcome) -> list[Chart]:
    labels = [s.label() for s in outcome.settings]
    medians: list[float | None] = []
    changes: list[float | None] = []
    for t in outcome.tallies:
        if not t.games:
            medians.append(None)
            changes.append(None)
            continue
        s = t.summary()
        main = s.wild if s.wild is not None else s.plain
        assert main is not None
        medians.append(main["turns"]["median"])
        changes.append(s.diff_mean)
    charts = [
        _chart(
            value_bars(labels, medians, title="Median turns a round", x_label="setting", fmt=lambda v: f"{v:g}"),
            "The median length of a round, in turns, for each setting of the sweep.",
            "bars",
            1,
        )
    ]
    if any(c is not None for c in changes):
        charts.append(
            _chart(
                value_bars(
                    labels,
                    changes,
                    title="What the wild tiles change: turns a round",
                    x_label="setting",
                    fmt=lambda v: f"{v:+.1f}",
                ),
                "The mean difference of a round's turns with the wild tiles less without, on the same deals: "
                "below zero the wild tiles shorten a round.",
                "bars",
                2,
            )
        )
    return charts


def command_line(outcome: StOutcome) -> str:
    req = outcome.request
    words = ["cardgen", "simulate", "supertrain"]
    for name, value in req.options:
        words += [f"--{name}"] if value is True else [f"--{name}", str(value)]
    words += ["--games", str(req.games), "--seed", str(req.seed)]
    if req.sweep:
        words += ["--sweep", req.sweep_words()]
    return " ".join(words)


def page(outcome: StOutcome) -> bytes:
    req = outcome.request
    setting, tally = outcome.settings[0], outcome.tallies[0]
    lines = head(outcome)
    interrupted = lines.pop() if outcome.interrupted else ""
    table = None
    said = ""
    shown: list[tuple[str, str]] = []
    if req.sweep:
        header, rows = sweep_rows(outcome)
        table = {"header": header, "rows": rows}
        charts = _sweep(outcome) if outcome.played else []
    else:
        charts = _single(setting, tally)
        shown = [(n, t.replace("   ", " · ")) for n, t in figures(setting, tally) if n != "in a sentence"]
        if tally.games:
            said = sentence(tally.summary())
    context: dict[str, Any] = dict(
        title="SuperTrain, simulated",
        subtitle=lines[0].split(": ", 1)[1],
        head=lines[1:],
        interrupted=interrupted,
        sentence=said,
        figures=shown,
        charts=charts,
        table=table,
        meaning=MEANING,
        strategy=[p for bot in dict.fromkeys(s.bot for s in outcome.settings) for p in STRATEGY[bot]],
        decisions=(*DECISIONS, *LINEUP_DECISIONS),
        game="supertrain",
        command=command_line(outcome),
    )
    words = render_template("simulate.html.j2", fonts="", **context).decode("utf-8")
    return render_template("simulate.html.j2", fonts=page_fonts(words), **context)


def write_report(outcome: StOutcome, dest: Path) -> Path:
    """Write ``dest/index.html`` whole; the page's path."""
    data = page(outcome)
    with Staging(dest, {"command": command_line(outcome)}, kind=REPORT, option="--report") as stage:
        stage.write(PAGE, data)
        stage.commit()
    return dest / PAGE
