"""SuperTrain's play commands: ``supertrain lineup``, ``supertrain can-play``, and what ``cardgen
simulate supertrain`` runs (``simulate_supertrain``, called by ``cli/simulate.py``). Parse, call, print.
"""

# (annotations evaluated as the commands are defined, not kept as strings: Typer reads every
# command's when it builds the app)

from pathlib import Path
from typing import Optional

import typer

from cardgen.cli.app import Grouped, declared, err, examples, out
from cardgen.cli.games import supertrain


@supertrain.command(
    "lineup",
    cls=Grouped,
    epilog=examples('cardgen supertrain lineup --engine 12 "12-5 5-7 7-8 3-Train A-Train 9-9 2-4"'),
    short_help="Line up a hand: the longest line from the engine, and the extras",
)
@declared("supertrain lineup")
def supertrain_lineup(*, hand: str, engine: str, as_json: bool) -> None:
    """The seed's line-up: the longest line of end-matching tiles laid from the engine's number (wild
    tiles filling the gaps), or with no tile matching it the longest line from any tile; then the
    extras. Exact. Equal line-ups: the one laying the highest number tiles first and its wild tiles
    last (tile by tile in the set's order), a wild tile leaving its Red Train exposed."""
    from cardgen.reports import supertrain_lineup_text

    out.print(supertrain_lineup_text(hand=hand, engine=engine, as_json=as_json), markup=False, soft_wrap=True)


@supertrain.command(
    "can-play",
    cls=Grouped,
    epilog=examples(
        "cardgen supertrain can-play --end 3 --tile 3-Train",
        "cardgen supertrain can-play --end A --tile 12-5",
        "cardgen supertrain can-play --end 5 --tile Train-Train --double-open",
    ),
    short_help="Whether a tile may be laid on an exposed end, which way round, and why (exit 0 yes, 1 no)",
)
@declared("supertrain can-play")
def supertrain_can_play(*, end: str, tile: str, double_open: bool, as_json: bool) -> None:
    """Exit 0 with the seed's reason when the tile may be laid (each way round it can go), 1 when not."""
    from cardgen.reports import supertrain_verdict

    legal, text = supertrain_verdict(end=end, tile=tile, double_open=double_open, as_json=as_json)
    out.print(text, markup=False, soft_wrap=True)
    if not legal:
        raise typer.Exit(1)


def simulate_supertrain(
    options: dict[str, object],
    sweep: list[str],
    games: Optional[int],
    seed: int,
    as_json: bool,
    report: Optional[Path],
    trace: Optional[Path],
    replay: Optional[Path],
    workers: Optional[int],
    cluster: Optional[str] = None,
) -> None:
    """``cardgen simulate supertrain …``: the options as ``cli/simulate.py`` collected them."""
    import json

    from cardgen.cli.simulate import _progress
    from cardgen.errors import CardgenError
    from cardgen.files import show_path
    from cardgen.simulate import supertrain as st

    if replay is not None:
        if options or sweep or report or trace or games is not None:
            raise CardgenError("--replay FILE checks a trace: it takes no other option but --json")
        found = st.replay_file(replay)
        out.print(json.dumps(found.to_dict()) if as_json else found.text(), markup=False, soft_wrap=True)
        if not found.legal:
            raise typer.Exit(1)
        return
    if workers is not None and not 1 <= workers <= 256:
        raise CardgenError(f"workers {workers} is out of range: allowed 1 to 256")
    if trace is not None and (games not in (None, 1) or sweep):
        raise CardgenError("--trace writes one game: give --games 1 (or leave --games out), and no --sweep")
    req = st.request(options, sweep, games=1 if trace is not None else games or st.DEFAULT_GAMES, seed=seed)
    if report is not None:
        from cardgen.simulate.supertrain_page import check_report

        check_report(report)
    if trace is not None:
        outcome, lines = st.write_trace(trace, req)
        if lines:
            err.print(f"wrote {lines} lines to {show_path(trace)}", markup=False)
    else:
        with _progress("games") as step:
            outcome = st.run(req, workers=workers, progress=step, cluster=cluster)
    out.print(st.report_json(outcome) if as_json else st.report_text(outcome), markup=False, soft_wrap=True)
    if report is not None:
        from cardgen.simulate.supertrain_page import write_report

        err.print(f"wrote {show_path(write_report(outcome, report))}", markup=False)
    if outcome.interrupted:
        import signal

        signum = outcome.stopped_by or signal.SIGINT
        how = "interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}"
        err.print(f"{how}: {outcome.played:,} of {outcome.asked:,} games played", markup=False, style="yellow")
        raise typer.Exit(128 + signum)
