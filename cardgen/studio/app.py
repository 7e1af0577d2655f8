"""The studio's web app: thin handlers over ``forms`` (the declarations' forms and their one
reading) and ``jobs`` (bounded builds, previews and simulations), the pages from Jinja2
templates and a small script shipped in the package.

Starlette, not FastAPI: a form here is built from the option declarations (``params.Param``),
which already read and check every value with the command line's messages; FastAPI's pydantic
models would be a second declaration of the same options, and its import costs more. Uvicorn
serves it (``serve``).

Safety (see docs/studio.md): the server binds loopback only; a request whose Host is not the
address served is refused (421: DNS rebinding); a POST must carry the page's per-server token
in ``X-Studio-Token`` and come from the page's own origin (``Origin``, ``Sec-Fetch-Site``), else
403; no path comes from the browser (a build writes into the output folder, or a plain folder
name inside it); an error is one short line of JSON, never a traceback.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cardgen import __version__
from cardgen.commands import COMMANDS
from cardgen.errors import CardgenError
from cardgen.products import Product, by_command
from cardgen.studio.forms import FOLDER, LEFT_OUT, STUDIO_HELP, Form, Reading, for_game, form_for, read_form
from cardgen.studio.jobs import Builds, Busy, Previews, Simulations, zip_folder

__all__ = ["GAMES", "Studio", "make_app"]

HERE = Path(__file__).parent
FONTS = HERE.parent / "fonts"
SHEET_WIDTH = 900  # px: the first sheet's picture
MAX_QUERY = 4000  # characters of a query string or form body
KIT = "kit"  # the command that makes a whole game for the table in one PDF, when registered
KIT_NAMES = {"got": "Game of Trains", "got2d": "Game of Trains 3×3", "supertrain": "SuperTrain",
             "amtrak": "Amtrak", "train": "Train"}  # fmt: skip
# The games, as the home page lists them, and the commands whose products belong to each; a
# product command not named here (a new one) is listed under "More" — its page is made all the same.
# A kit (a whole game for N players in one PDF: a kit product and `cardgen kit`, on their way)
# gets its page from the registry like any product; once it lands, it goes first under each game.
GAMES = (
    ("Game of Trains", "Race to put your row of cards in order", ("pack", "pack2d", "placemat", "tokens")),
    ("SuperTrain dominoes", "Double-12 dominoes with 21 wild tiles", ("tiles", "scoresheet")),
    ("Amtrak", "Build the best train of cards", ("deck", "scorecard")),
    ("Train (52 cards)", "Play off the central pile with a standard deck", ("deck",)),
    ("Every game", "Rules handouts and the printer's test page", ("handout", "testpage")),
)

# The commands whose setups "try it" plays (Game of Trains games): the options it passes on to the
# simulator, and (for a kit) the option that must name the Game of Trains
SIMULATED = {
    "pack": ("pattern", "census", "players", "copies", "numbers", "packs", "wilds", "win"),
    KIT: ("pattern", "census", "players", "numbers", "packs", "wilds", "win", "freeze"),
}
SIMULATED_IF = {KIT: ("game", "got")}


def simulated(reading: Reading) -> bool:
    """Whether "try it" plays this setup's games."""
    name = reading.form.name
    option, value = SIMULATED_IF.get(name, ("", None))
    return name in SIMULATED and (not option or reading.own.get(option) == value)


class Studio:
    """What the handlers share: the output folder, the address served, the token, the work."""

    def __init__(self, out: Path, address: str) -> None:
        self.out = out.absolute()
        self.address = address  # host:port as the browser names it
        self.hosts = {address, address.replace("127.0.0.1", "localhost")}
        self.token = secrets.token_urlsafe(24)
        self.products = by_command()
        self.builds = Builds(self.out)
        self.previews = Previews()
        self.simulations = Simulations()
        self.env = Environment(loader=PackageLoader("cardgen.studio", "templates"), autoescape=select_autoescape())

    def close(self) -> None:
        self.builds.close()
        self.previews.close()

    def product(self, command: str) -> tuple[Product, Form]:
        if command not in self.products:
            raise HTTPException(404, f"no product {command!r}: choose one of {', '.join(sorted(self.products))}")
        return self.products[command], form_for(command)

    def reading(self, values: dict[str, str]) -> tuple[Product, Reading]:
        product, form = self.product(values.get("product", ""))
        return product, read_form(form, values)

    def kits(self) -> list[tuple[str, str]]:  # (the game's name, its kit's page)
        """(game, page) for each game a kit is made for: the studio's main path, when kits are registered."""
        if KIT not in self.products:
            return []
        games = COMMANDS[KIT].own["game"].choices
        return [(KIT_NAMES.get(g, g), f"/make/{KIT}?game={g}") for g in games]

    def games(self) -> list[tuple[str, str, list[tuple[str, Product]]]]:
        listed = [KIT, *(c for _, _, cs in GAMES for c in cs)]
        found = [(g, why, [(c, self.products[c]) for c in cs if c in self.products]) for g, why, cs in GAMES]
        more = [(c, p) for c, p in self.products.items() if c not in listed]
        return found + ([("More", "", more)] if more else [])


def _values(text: str) -> dict[str, str]:
    if len(text) > MAX_QUERY:
        raise HTTPException(400, f"the settings are too long: at most {MAX_QUERY:,} characters")
    return dict(parse_qsl(text, keep_blank_values=True))


def _refused(reading: Reading) -> JSONResponse:
    return JSONResponse({"error": next(iter(reading.errors.values())), "errors": reading.errors}, 400)


def make_app(out: Path, address: str) -> Starlette:
    """The studio's app, writing into ``out``, served at ``address`` (``127.0.0.1:PORT``)."""
    studio = Studio(out, address)

    def page(name: str, **context: Any) -> HTMLResponse:
        template = studio.env.get_template(name)
        return HTMLResponse(template.render(token=studio.token, version=__version__, out=studio.out, **context))

    def home(request: Request) -> Response:
        return page("home.html", games=studio.games(), kits=studio.kits())

    def product_page(request: Request) -> Response:
        command = request.path_params["command"]
        product, form = studio.product(command)
        values = _values(request.url.query)
        values["product"] = command
        reading = read_form(form, values)
        given = {**reading.given, **({FOLDER: reading.folder} if reading.folder else {})}
        other = for_game(form, reading.own.get("game"))  # a kit's fields for other games: not shown
        return page("product.html", product=product, form=form, given=given, reading=reading, other=other,
                    simulated=simulated(reading), folder_help=STUDIO_HELP[FOLDER], left_out=LEFT_OUT)  # fmt: skip

    def api_form(request: Request) -> Response:
        _, form = studio.product(request.path_params["command"])
        return JSONResponse({"command": form.name, "fields": [f.as_json() for f in form.fields],
                             "left_out": LEFT_OUT, "studio": STUDIO_HELP})  # fmt: skip

    def api_check(request: Request) -> Response:
        _, reading = studio.reading(_values(request.url.query))
        return JSONResponse({"errors": reading.errors, "command": reading.command_line(), "given": reading.given})

    def api_preview(request: Request) -> Response:
        product, reading = studio.reading(_values(request.url.query))
        if not reading.ok:
            return _refused(reading)
        first = studio.previews.draw(product, reading).component()
        if first is None:
            raise HTTPException(404, f"a {product.title} has no component to show: see its sheet (/api/sheet)")
        name, svg = first
        return Response(svg, media_type="image/svg+xml", headers={"X-Cardgen-File": name})

    def api_sheet(request: Request) -> Response:
        from cardgen.proof.pdfread import page_pictures

        product, reading = studio.reading(_values(request.url.query))
        if not reading.ok:
            return _refused(reading)
        pdf = studio.previews.draw(product, reading).pdf()
        if pdf is None:
            raise HTTPException(404, f"a {product.title} writes no PDF")
        pictures, pages, _ = page_pictures(pdf.read_bytes(), SHEET_WIDTH, 1)
        return Response(pictures[0], media_type="image/png", headers={"X-Cardgen-Pages": str(pages)})

    def api_simulate(request: Request) -> Response:
        _, reading = studio.reading(_values(request.url.query))
        if not simulated(reading):
            raise HTTPException(404, f"{reading.form.name} is not a Game of Trains setup to simulate: try pack")
        if not reading.ok:
            return _refused(reading)
        given = {reading.form.field(n).param.name for n in reading.given}  # type: ignore[union-attr]
        options = {k: reading.own[k] for k in SIMULATED[reading.form.name] if k in given}
        return JSONResponse(studio.simulations.play(options))

    def api_toml(request: Request) -> Response:
        _, reading = studio.reading(_values(request.url.query))
        if not reading.ok:
            return _refused(reading)
        return Response(reading.toml(), media_type="application/toml",
                        headers={"Content-Disposition": 'attachment; filename="cardgen.toml"'})  # fmt: skip

    async def api_build(request: Request) -> Response:
        body = (await request.body())[: MAX_QUERY + 1].decode("utf-8", "replace")
        product, reading = studio.reading(_values(body))
        if not reading.ok:
            return _refused(reading)
        job = studio.builds.start(product, reading)
        url = f"/api/jobs/{job.id}"
        return JSONResponse(job.as_json(), 202, headers={"Location": url})

    def job_of(request: Request) -> Any:
        job = studio.builds.get(request.path_params["job"])
        if job is None:
            raise HTTPException(404, "no such build: builds are remembered while the studio runs")
        return job

    def api_job(request: Request) -> Response:
        return JSONResponse(job_of(request).as_json())

    def api_job_pdf(request: Request) -> Response:
        job = job_of(request)
        if job.built is None or job.built.to_print is None:
            raise HTTPException(404, "this build has no PDF (yet)")
        path = job.built.to_print
        return FileResponse(path, media_type="application/pdf", filename=path.name)

    def api_job_zip(request: Request) -> Response:
        job = job_of(request)
        if job.built is None:
            raise HTTPException(404, "this build has written nothing (yet)")
        name = job.built.folder.name
        return Response(zip_folder(job.built.folder), media_type="application/zip",
                        headers={"Content-Disposition": f'attachment; filename="{name}.zip"'})  # fmt: skip

    routes = [
        Route("/", home),
        Route("/make/{command}", product_page),
        Route("/api/form/{command}", api_form),
        Route("/api/check", api_check),
        Route("/api/preview", api_preview),
        Route("/api/sheet", api_sheet),
        Route("/api/simulate", api_simulate),
        Route("/api/cardgen.toml", api_toml),
        Route("/api/build", api_build, methods=["POST"]),
        Route("/api/jobs/{job}", api_job),
        Route("/api/jobs/{job}/pdf", api_job_pdf),
        Route("/api/jobs/{job}/zip", api_job_zip),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        Mount("/fonts", StaticFiles(directory=FONTS), name="fonts"),
    ]

    async def guard(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        host = request.headers.get("host", "")
        if host not in studio.hosts:
            return JSONResponse({"error": f"this studio serves {studio.address} only, not {host[:60]!r}"}, 421)
        if request.method not in ("GET", "HEAD"):
            origin = request.headers.get("origin")
            site = request.headers.get("sec-fetch-site")
            if origin is not None and origin not in {f"http://{h}" for h in studio.hosts}:
                return JSONResponse({"error": "a request from another site is refused"}, 403)
            if site is not None and site not in ("same-origin", "none"):
                return JSONResponse({"error": "a request from another site is refused"}, 403)
            if not secrets.compare_digest(request.headers.get("x-studio-token", ""), studio.token):
                return JSONResponse({"error": "the studio's token is missing or wrong: reload the page"}, 403)
        response = await call_next(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Cache-Control", "no-store")
        return response

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": exc.detail}, exc.status_code)

    async def busy(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": str(exc)}, 429, headers={"Retry-After": "2"})

    async def refused(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": str(exc)}, 400)

    async def fault(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"the studio failed ({type(exc).__name__}): please report it"}, 500)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        studio.close()

    app = Starlette(
        routes=routes,
        middleware=[Middleware(BaseHTTPMiddleware, dispatch=guard)],
        exception_handlers={HTTPException: http_error, Busy: busy, CardgenError: refused, Exception: fault},
        lifespan=lifespan,
    )
    app.state.studio = studio
    return app
