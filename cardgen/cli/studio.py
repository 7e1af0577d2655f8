"""``cardgen studio``: start the web studio on this machine (``cardgen.studio``), say where it
is, open it in the browser, stop on Ctrl-C. Its web stack is an optional install: without it,
one line says how to get it (exit 2).
"""

# (annotations evaluated as the commands are defined, not kept as strings: Typer reads every
# command's when it builds the app)

from pathlib import Path

from cardgen.cli.app import Grouped, app, declared, examples, out
from cardgen.errors import CardgenError

EXTRAS = "the studio needs its web server: pip install 'cardgen[studio]'"


@app.command(
    cls=Grouped,
    epilog=examples("cardgen studio", "cardgen studio --port 8765 --no-browser --out prints"),
    rich_help_panel="Every game",
    short_help="A web page on this machine: choose, see what will print, build",
)
@declared("studio")
def studio(*, port: int | None, browser: bool, out_dir: Path) -> None:
    """Start the studio: a web page on this computer (127.0.0.1 only) to choose a game and its
    options, see the cards and the first sheet as they will print, try how it plays, and build
    the files into FOLDER. Ctrl-C stops it."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise CardgenError(EXTRAS) from None
    from cardgen.studio import serve

    def started(url: str) -> None:
        out.print(f"cardgen studio: {url} (writing into {out_dir}/; Ctrl-C stops it)", markup=False)
        if browser:
            import webbrowser

            webbrowser.open(url)

    serve(out_dir, port or 0, started=started)
    out.print("cardgen studio stopped", markup=False)
