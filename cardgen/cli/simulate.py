"""``cardgen simulate``: play many seeded games of a Game of Trains variant or of Amtrak and print
what a designer wants to know. Parses, calls ``cardgen.simulate``, prints; no logic of its own.
"""

# (annotations evaluated as the commands are defined, not kept as strings: Typer reads every
# command's when it builds the app, and evaluating them from strings cost 10-20 ms a run)

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from cardgen.cli.app import app, err, out

HELP = """Play many games by seeded bots and print what a designer wants to know.

GAME is got (the Game of Trains and its variants, the default), amtrak or supertrain.

The Game of Trains: turns each to finish (a won game's turns divided by the
players: median, 10th and 90th percentile), win share by seat in playing order,
games that hit the turn cap or stalled, how the turns were spent and how often
each kind of ability was used, how often the draw pile ran out. Bots: good (plays
what most lowers the disorder of its own sequence: each card's distance from
its ideal space plus the pairs out of order; never looks at the draw pile) or
random (a uniformly random legal move).

Amtrak: --solo (the default) gives the chance of a Full-Staff train before the
deck runs out, with its 95 % interval; --players 2 to 4 the spread of scores,
win share by seat and how often each bonus is won. Strategies: good (looks one
move ahead and counts cards: values a Track by the best Car it could become and
the chance of drawing the card it lacks) or random. The figures are what these
bots achieve, not what perfect play could.

Game i of a run is always seeded from (--seed, i): the same command gives the
same figures on any machine and any number of cores (--workers). Ctrl-C stops
the run at once, games in progress abandoned, and prints the figures of the
games finished (exit 130; SIGTERM 143).

SuperTrain: round length in turns, scores, win share by seat, what the action
tiles did, how often a round blocks, and the same deals played without the 21
wild tiles (--no-wilds plays plain Mexican Train alone); --players 2 to 8,
--rounds 1 to 14 (default 14), --sweep players=2..8. Bots: good (rules of thumb:
sheds high tiles, keeps wilds, follows its own train) or random.

--sweep NAME=VALUES (a range 4..9 or a list 2,3,5; more after it, as in
--sweep census=4..9 players=2..5) plays every combination and prints a table;
--report DIR also writes DIR/index.html with charts. --trace FILE writes one game
as JSON Lines; --replay FILE checks a trace (exit 0 legal, 1 naming the first
illegal line)."""

EPILOG = (
    "Examples: cardgen simulate --pattern two --census 7 --players 4 --games 10000 --seed 1 ; "
    "cardgen simulate --sweep census=4..9 players=2..5 --report sims ; cardgen simulate amtrak --solo --games 10000"
)

Num = Optional[int]
Text = Optional[str]


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
    help=HELP,
    epilog=EPILOG,
    rich_help_panel="Every game",
    short_help="Play a variant thousands of times before you print it",
)
def simulate(
    args: Annotated[
        Optional[list[str]],
        typer.Argument(
            metavar="[GAME] [NAME=VALUES]...",
            help="got (default), amtrak or supertrain; then more --sweep settings, if any.",
        ),
    ] = None,
    pattern: Annotated[Text, typer.Option("--pattern", "-p", help="one, two (default) or three.")] = None,
    census: Annotated[Num, typer.Option("--census", "-n", help="Cards in a sequence (default 7).")] = None,
    players: Annotated[Num, typer.Option(help="Game of Trains: 2 to 6 (default 4); Amtrak: 1 to 4.")] = None,
    copies: Annotated[Num, typer.Option(help="Blocks of the pack (default: the pattern's, for the players).")] = None,
    packs: Annotated[Num, typer.Option(help="Identical packs combined, numbers repeated.")] = None,
    wilds: Annotated[Num, typer.Option(help="Wild cards in the whole pack.")] = None,
    freeze: Annotated[Num, typer.Option(help="Freeze tokens per player.")] = None,
    win: Annotated[Text, typer.Option(help="ascending (default) or never-descending.")] = None,
    apply: Annotated[
        Text, typer.Option(help="own (default): abilities on one's own sequence; any: on anyone's.")
    ] = None,
    numbers: Annotated[bool, typer.Option("--numbers", help="Add the number abilities to the pack.")] = False,
    same_sequence: Annotated[
        Optional[bool],
        typer.Option(
            "--same-sequence/--no-same-sequence",
            help="Pattern three: a swap may stay within one sequence (the default) or must cross two.",
        ),
    ] = None,
    three_party: Annotated[
        bool, typer.Option("--three-party", help="Pattern three: a player may direct a swap between two others.")
    ] = False,
    grid: Annotated[bool, typer.Option("--grid", help="The 3×3 game instead of a row.")] = False,
    categories: Annotated[Text, typer.Option(help="With --grid: its ability categories, as for pack2d.")] = None,
    solo: Annotated[bool, typer.Option("--solo", help="Amtrak alone: the chance of a Full-Staff train.")] = False,
    jokers: Annotated[Num, typer.Option(help="Amtrak: Jokers in the deck (default 2).")] = None,
    rounds: Annotated[Num, typer.Option(help="SuperTrain: play the first N rounds of a game (1 to 14).")] = None,
    no_wilds: Annotated[
        bool, typer.Option("--no-wilds", help="SuperTrain: plain Mexican Train, without the 21 wild tiles.")
    ] = False,
    bot: Annotated[Text, typer.Option(help="good (default) or random, in every seat.")] = None,
    max_turns: Annotated[Num, typer.Option(help="Stop a game after this many turns (default 2000, at most 100,000).")] = None,
    games: Annotated[Num, typer.Option(help="Games to play (a sweep: per setting). Default 1000.")] = None,
    seed: Annotated[int, typer.Option(help="The run's seed: game i is seeded from (seed, i).")] = 1,
    sweep: Annotated[
        Optional[list[str]], typer.Option(help="NAME=VALUES: play every value, e.g. census=4..9 or players=2,3.")
    ] = None,
    json_: Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of text.")] = False,
    report: Annotated[Optional[Path], typer.Option(help="Also write a web page with charts: DIR/index.html.")] = None,
    trace: Annotated[Optional[Path], typer.Option(help="Write the game (--games 1) to FILE as JSON Lines.")] = None,
    replay: Annotated[
        Optional[Path], typer.Option(help="Check a trace file by replaying it: exit 0 legal, 1 illegal.")
    ] = None,
    workers: Annotated[
        Num, typer.Option(help="Processes to play on (default: every core); figures never change.")
    ] = None,
) -> None:
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
    options: dict[str, object] = {
        name: value
        for name, value in (
            ("pattern", pattern),
            ("census", census),
            ("players", players),
            ("copies", copies),
            ("packs", packs),
            ("wilds", wilds),
            ("freeze", freeze),
            ("win", win),
            ("apply", apply),
            ("numbers", numbers or None),
            ("same-sequence", same_sequence),
            ("three-party", three_party or None),
            ("grid", grid or None),
            ("categories", categories),
            ("solo", solo or None),
            ("jokers", jokers),
            ("rounds", rounds),
            ("no-wilds", no_wilds or None),
            ("bot", bot),
            ("max-turns", max_turns),
        )
        if value is not None
    }
    if game == "supertrain":
        from cardgen.cli.supertrain import simulate_supertrain

        simulate_supertrain(options, [*(sweep or []), *words], games, seed, json_, report, trace, replay, workers)
        return
    if replay is not None:
        if options or words or sweep or report or trace or games is not None or game != "got":
            raise CardgenError("--replay FILE checks a trace: it takes no other option but --json")
        _replay(replay, json_)
        return
    if workers is not None and not 1 <= workers <= 256:
        raise CardgenError(f"workers {workers} is out of range: allowed 1 to 256")
    if trace is not None:
        if games not in (None, 1) or sweep:
            raise CardgenError("--trace writes one game: give --games 1 (or leave --games out), and no --sweep")
        games = 1
    _run(game, options, [*(sweep or []), *words], 1000 if games is None else games, seed, json_, report, trace, workers)


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
        from cardgen.simulate.traces import traced_run, write_trace

        outcome, events = traced_run(req)
        if events:
            lines = write_trace(trace, events)
            err.print(f"wrote {lines} lines to {show_path(trace)}", markup=False)
    else:
        with _progress("games") as step:
            outcome = run(req, workers=workers, progress=step)
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
