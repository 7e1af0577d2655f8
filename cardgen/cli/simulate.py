"""``cardgen simulate``: play many seeded games of a Game of Trains variant or of Amtrak and print
what a designer wants to know. Parses, calls ``cardgen.simulate``, prints; no logic of its own.
"""

# (annotations evaluated as the commands are defined, not kept as strings: Typer reads every
# command's when it builds the app, and evaluating them from strings cost 10-20 ms a run)

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import typer

from cardgen.cli.app import Grouped, app, declared, err, examples, out
from cardgen.commands import DEFAULT_GAMES

# What the figures mean and the bots are told in docs/commands/simulate.md; seeds and sweeps in docs/simulating.md.
EXAMPLES = (
    "cardgen simulate --pattern two --census 7 --players 4 --games 10000",
    "cardgen simulate --sweep census=4..9 players=2..5 --report sims",
    "cardgen simulate amtrak --solo --games 10000",
    "cardgen simulate supertrain --players 4 --games 1000",
)


@contextlib.contextmanager
def _progress(label: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on a terminal (nothing when stderr is piped), stopped however the run ends."""
    if not err.is_terminal:
        yield None
        return
    bar: Any = None
    task: Any = None

    def step(done: int, total: int) -> None:
        nonlocal bar, task
        if bar is None:
            from rich.console import Console
            from rich.progress import Progress

            bar = Progress(console=Console(stderr=True), transient=True)
            task = bar.add_task(label, total=total)
            bar.start()
        bar.update(task, completed=done, total=total)

    try:
        yield step
    finally:
        if bar is not None:
            bar.stop()


@app.command(
    cls=Grouped,
    epilog=examples(*EXAMPLES),
    rich_help_panel="Every game",
    short_help="Play a variant thousands of times before you print it",
)
@declared("simulate")
def simulate(
    *,
    args: list[str] | None,
    games: int | None,
    seed: int,
    sweep: list[str] | None,
    workers: int | None,
    cluster: str | None,
    as_json: bool,
    report: Path | None,
    trace: Path | None,
    replay: Path | None,
    **play: Any,
) -> None:
    """Play seeded games of got (the default), amtrak or supertrain by bots and print the figures
    (docs/commands/simulate.md says what they mean)."""
    from cardgen.errors import CardgenError

    words = list(args or [])
    game = "got"
    if words and "=" not in words[0]:
        game = words.pop(0)
    stray = [w for w in words if "=" not in w]
    if stray:
        raise CardgenError(
            f"unexpected {stray[0]!r}: give GAME first (got, amtrak or supertrain), then NAME=VALUES to sweep"
        )
    if words and not sweep:
        raise CardgenError(f"{words[0]!r} is a sweep setting: give it after --sweep")
    # only the options typed (a flag: only when on), by their keys; each game reads its own
    options: dict[str, object] = {
        name.replace("_", "-"): value for name, value in play.items() if value is not None and value is not False
    }
    if play["same_sequence"] is False:  # --no-same-sequence: typed, and off
        options["same-sequence"] = False
    if cluster is not None and (trace is not None or replay is not None):
        raise CardgenError("--cluster plays many games: it takes no --trace or --replay")
    if game == "supertrain":
        from cardgen.cli.supertrain import simulate_supertrain

        simulate_supertrain(
            options, [*(sweep or []), *words], games, seed, as_json, report, trace, replay, workers, cluster
        )
        return
    if replay is not None:
        if options or words or sweep or report or trace or games is not None or game != "got":
            raise CardgenError("--replay FILE checks a trace: it takes no other option but --json")
        _replay(replay, as_json)
        return
    if trace is not None:
        if games not in (None, 1) or sweep:
            raise CardgenError("--trace writes one game: give --games 1 (or leave --games out), and no --sweep")
        games = 1
    _run(
        game,
        options,
        [*(sweep or []), *words],
        DEFAULT_GAMES if games is None else games,
        seed,
        as_json,
        report,
        trace,
        workers,
        cluster,
    )


def _run(
    game: str,
    options: dict[str, object],
    sweep: list[str],
    games: int,
    seed: int,
    as_json: bool,
    report: Path | None,
    trace: Path | None,
    workers: int | None,
    cluster: str | None = None,
) -> None:
    from cardgen.files import show_path
    from cardgen.simulate.run import run
    from cardgen.simulate.settings import request
    from cardgen.simulate.text import report_json, report_text

    req = request(game, options, sweep, games=games, seed=seed)
    if report is not None:
        from cardgen.simulate.page import check_report

        check_report(report)  # before any game is played
    if trace is not None:
        from cardgen.simulate.traces import traced_run

        outcome, lines = traced_run(req, trace)
        if lines:
            err.print(f"wrote {lines} lines to {show_path(trace)}", markup=False)
    else:
        with _progress("games") as step:
            outcome = run(req, workers=workers, progress=step, cluster=cluster)
    out.print(report_json(outcome) if as_json else report_text(outcome), markup=False, soft_wrap=True)
    if report is not None:
        from cardgen.simulate.page import write_report

        page = write_report(outcome, report)
        err.print(f"wrote {show_path(page)}", markup=False)
    if outcome.interrupted:
        import signal

        signum = outcome.stopped_by or signal.SIGINT
        how = "interrupted" if signum == signal.SIGINT else f"stopped by {signal.Signals(signum).name}"
        err.print(f"{how}: {outcome.played:,} of {outcome.asked:,} games played", markup=False, style="yellow")
        raise typer.Exit(128 + signum)


def _replay(path: Path, as_json: bool) -> None:
    import json

    from cardgen.simulate.traces import replay_file

    found = replay_file(path)
    out.print(json.dumps(found.to_dict()) if as_json else found.text(), markup=False, soft_wrap=True)
    if not found.legal:
        raise typer.Exit(1)
