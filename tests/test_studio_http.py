"""The studio's HTTP API, every route through Starlette's TestClient: status, content type,
the safety rules (Host, cross-site POSTs, paths, bounded builds), messages equal to the command
line's, and what the studio shows and writes equal, byte for byte, to what the CLI writes."""

from __future__ import annotations

import contextlib
import io
import re
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from starlette.testclient import TestClient  # noqa: E402

from cardgen.cli import run  # noqa: E402
from cardgen.studio.app import make_app  # noqa: E402
from cardgen.studio.jobs import QUEUED, WORKERS, Job  # noqa: E402

ADDRESS = "testserver"  # the TestClient's Host


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(list(args))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("studio-out")


@pytest.fixture(scope="module")
def client(out: Path) -> Any:
    with TestClient(make_app(out, ADDRESS), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="module")
def token(client: Any) -> str:
    found = re.search(r'name="studio-token" content="([^"]+)"', client.get("/").text)
    assert found
    return found[1]


@pytest.fixture(scope="module")
def cli_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What ``cardgen pack --pattern one --census 5 --backs`` writes."""
    where = tmp_path_factory.mktemp("cli")
    code, _, err = cli("pack", "--pattern", "one", "--census", "5", "--backs", "--out", str(where))
    assert code == 0, err
    return where / "got-pattern-one-census-5-backs"


def wait(client: Any, url: str) -> dict[str, Any]:
    for _ in range(600):
        job: dict[str, Any] = client.get(url).json()
        if job["state"] in ("done", "failed"):
            return job
        time.sleep(0.05)
    raise AssertionError(f"the build at {url} did not end")


def build(client: Any, token: str, body: str) -> dict[str, Any]:
    r = client.post("/api/build", content=body, headers={"X-Studio-Token": token,
                    "Content-Type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert r.status_code == 202, r.text
    assert r.headers["location"] == r.json()["job"]
    return wait(client, r.json()["job"])


# --- pages


def test_home_lists_every_product_command(client: Any) -> None:
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    for command in (
        "deck",
        "pack",
        "pack2d",
        "placemat",
        "tiles",
        "scoresheet",
        "scorecard",
        "tokens",
        "handout",
        "testpage",
    ):
        assert f'href="/make/{command}"' in r.text


@pytest.mark.parametrize("command", ["pack", "tiles", "handout", "testpage"])
def test_a_product_page_is_a_form_with_a_label_for_every_field(client: Any, command: str) -> None:
    r = client.get(f"/make/{command}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    ids = set(re.findall(r'<(?:input|select) id="([^"]+)"', r.text))
    labelled = set(re.findall(r'<label for="([^"]+)"', r.text))
    assert ids and ids <= labelled


def test_a_page_takes_its_setup_from_the_url(client: Any) -> None:
    r = client.get("/make/pack?census=5&pattern=one")
    assert 'id="f-census" name="census" value="5"' in r.text
    assert "cardgen pack --pattern one --census 5" in r.text


def test_an_unknown_product_is_404_in_one_line(client: Any) -> None:
    for url in ("/make/nothing", "/api/preview?product=nothing", "/api/form/nothing"):
        r = client.get(url)
        assert r.status_code == 404 and r.headers["content-type"] == "application/json"
        assert "no product 'nothing'" in r.json()["error"]


def test_static_files_and_fonts_are_served_and_nothing_beside_them(client: Any) -> None:
    assert client.get("/static/studio.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/studio.css").status_code == 200
    assert client.get("/fonts/AtkinsonHyperlegible-Regular.ttf").content[:4] == b"\x00\x01\x00\x00"
    for url in ("/static/../app.py", "/static/%2e%2e/app.py", "/fonts/../__init__.py"):
        assert client.get(url).status_code == 404


def test_the_form_as_json(client: Any) -> None:
    r = client.get("/api/form/placemat")
    assert r.status_code == 200
    names = [f["name"] for f in r.json()["fields"]]
    assert names == ["census", "grid", "players", "names", "card", "paper", "margin", "title"]  # placemat --help


# --- checking values: the CLI's own messages


def test_a_bad_value_gets_the_cli_message(client: Any, tmp_path: Path) -> None:
    code, _, err = cli("pack", "--census", "30", "--out", str(tmp_path))
    assert code == 2
    r = client.get("/api/check?product=pack&census=30")
    assert r.status_code == 200
    message = r.json()["errors"]["census"]
    assert err.strip() == f"error: {message}"
    r = client.get("/api/preview?product=pack&census=30")
    assert r.status_code == 400 and r.json()["errors"] == {"census": message}


@pytest.mark.parametrize(
    ("query", "args"),
    [
        ("product=pack&bleed=40mm", ("pack", "--bleed", "40mm")),
        ("product=tiles&paper=a5", ("tiles", "--paper", "a5")),
        ("product=placemat&card=1x1", ("placemat", "--card", "1x1")),
        ("product=pack&pattern=four", ("pack", "--pattern", "four")),
    ],
)
def test_print_option_messages_are_the_clis(client: Any, tmp_path: Path, query: str, args: tuple[str, ...]) -> None:
    code, _, err = cli(*args, "--out", str(tmp_path))
    assert code == 2
    errors = client.get(f"/api/check?{query}").json()["errors"]
    assert len(errors) == 1
    assert err.strip() == f"error: {next(iter(errors.values()))}"


def test_an_option_the_command_does_not_take_is_refused(client: Any) -> None:
    r = client.get("/api/preview?product=placemat&backs=on")
    assert r.status_code == 400 and "placemat has no option 'backs'" in r.json()["errors"]["backs"]


def test_a_theme_file_is_refused_a_built_in_theme_taken(client: Any) -> None:
    assert "built-in theme" in client.get("/api/check?product=pack&theme=/etc/passwd").json()["errors"]["theme"]
    assert client.get("/api/check?product=pack&theme=plain").json()["errors"] == {}


def test_the_command_line_and_the_toml_make_the_same_setup(client: Any) -> None:
    from cardgen.build import load_config, prepare

    r = client.get("/api/check?product=pack&pattern=one&census=5&backs=on&bleed=3mm")
    assert r.json()["command"] == "cardgen pack --pattern one --census 5 --bleed 3mm --backs"
    t = client.get("/api/cardgen.toml?product=pack&pattern=one&census=5&backs=on&bleed=3mm")
    assert t.status_code == 200 and t.headers["content-type"].startswith("application/toml")
    assert 'filename="cardgen.toml"' in t.headers["content-disposition"]
    path = Path(client.app.state.studio.previews.root) / "cardgen.toml"
    path.write_text(t.text, "utf-8")
    defaults, items = load_config(path)
    (job,) = prepare(items, defaults)
    assert job.kwargs["pattern"] == "one" and job.kwargs["census"] == 5
    assert job.opts.backs and job.opts.bleed == 3.0


# --- preview == build


def test_the_preview_card_is_the_svg_the_cli_writes(client: Any, cli_pack: Path) -> None:
    r = client.get("/api/preview?product=pack&pattern=one&census=5&backs=on")
    assert r.status_code == 200 and r.headers["content-type"] == "image/svg+xml"
    assert r.headers["x-cardgen-file"] == "001.svg"
    assert r.content == (cli_pack / "cards" / "001.svg").read_bytes()


def test_the_sheet_preview_is_the_first_page_of_the_cli_pdf(client: Any, cli_pack: Path) -> None:
    import pypdfium2 as pdfium
    from PIL import Image

    r = client.get("/api/sheet?product=pack&pattern=one&census=5&backs=on")
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    shown = Image.open(io.BytesIO(r.content)).convert("RGB")
    doc = pdfium.PdfDocument(cli_pack / f"{cli_pack.name}.pdf")
    assert r.headers["x-cardgen-pages"] == str(len(doc))
    page = doc[0]
    drawn = page.render(scale=shown.width / page.get_size()[0]).to_pil().convert("RGB")
    assert drawn.size == shown.size
    assert drawn.tobytes() == shown.tobytes()


def test_a_product_without_components_has_a_sheet_only(client: Any) -> None:
    assert client.get("/api/preview?product=testpage").status_code == 404
    assert client.get("/api/sheet?product=testpage").headers["content-type"] == "image/png"


# --- builds


def test_a_build_writes_the_clis_bytes_and_offers_pdf_and_zip(
    client: Any, token: str, out: Path, cli_pack: Path
) -> None:
    job = build(client, token, "product=pack&pattern=one&census=5&backs=on&folder=mine")
    assert job["state"] == "done", job
    folder = out / "mine" / "got-pattern-one-census-5-backs"
    assert job["folder"] == str(folder)
    assert job["printing"].startswith(f"print {folder}/{folder.name}.pdf ")
    _, said, _ = cli("pack", "--pattern", "one", "--census", "5", "--backs", "--out", str(cli_pack.parent))
    assert said.strip().splitlines()[-1].split(".pdf ", 1)[1] == job["printing"].split(".pdf ", 1)[1]
    pdf = client.get(job["pdf"])
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.content == (cli_pack / f"{cli_pack.name}.pdf").read_bytes()
    z = client.get(job["zip"])
    assert z.headers["content-type"] == "application/zip"
    names = zipfile.ZipFile(io.BytesIO(z.content)).namelist()
    assert f"{folder.name}/cards/001.svg" in names and f"{folder.name}/{folder.name}.pdf" in names
    assert z.content == client.get(job["zip"]).content  # the same folder, the same bytes


def test_a_build_never_replaces_a_folder_cardgen_did_not_write(
    client: Any, token: str, out: Path, tmp_path: Path
) -> None:
    for root in (out, tmp_path):
        mine = root / "placemat-census-6"
        mine.mkdir(parents=True)
        (mine / "notes.txt").write_text("mine", "utf-8")
    code, _, err = cli("placemat", "--census", "6", "--out", str(tmp_path))
    assert code == 2
    job = build(client, token, "product=placemat&census=6")
    assert job["state"] == "failed"
    assert err.strip() == "error: " + job["error"].replace(str(out), str(tmp_path))
    assert (out / "placemat-census-6" / "notes.txt").read_text("utf-8") == "mine"


def test_a_bad_build_is_refused_before_it_starts(client: Any, token: str) -> None:
    r = client.post("/api/build", content="product=pack&census=1", headers={"X-Studio-Token": token})
    assert r.status_code == 400 and "census 1 is out of range" in r.json()["errors"]["census"]


@pytest.mark.parametrize("folder", ["../up", "/etc", "a/b", "..", ".hidden", "x" * 80])
def test_no_path_outside_the_output_folder(client: Any, token: str, folder: str) -> None:
    r = client.post("/api/build", data={"product": "placemat", "folder": folder}, headers={"X-Studio-Token": token})
    assert r.status_code == 400 and "not a plain folder name" in r.json()["errors"]["folder"]


def test_builds_are_bounded(client: Any, token: str) -> None:
    builds = client.app.state.studio.builds
    fakes = [Job(f"fake-{i}", "x", "x", state="running") for i in range(WORKERS + QUEUED)]
    for j in fakes:
        builds.jobs[j.id] = j
    try:
        r = client.post("/api/build", content="product=testpage", headers={"X-Studio-Token": token})
        assert r.status_code == 429 and "try again" in r.json()["error"] and r.headers["retry-after"]
    finally:
        for j in fakes:
            builds.jobs.pop(j.id)


def test_an_unknown_job_is_404(client: Any) -> None:
    for url in ("/api/jobs/nope", "/api/jobs/nope/pdf", "/api/jobs/..%2F..%2Fetc/zip"):
        r = client.get(url)
        assert r.status_code == 404 and r.headers["content-type"] == "application/json"


# --- safety


def test_another_host_is_refused(client: Any) -> None:
    for host in ("evil.example", "evil.example:80", "127.0.0.1.evil.example"):
        r = client.get("/", headers={"Host": host})
        assert r.status_code == 421 and "serves testserver only" in r.json()["error"]


def test_a_cross_site_post_is_refused(client: Any, token: str) -> None:
    body = "product=testpage"
    cases = [
        {},  # no token
        {"X-Studio-Token": "guessed"},
        {"X-Studio-Token": token, "Origin": "http://evil.example"},
        {"X-Studio-Token": token, "Sec-Fetch-Site": "cross-site"},
    ]
    for headers in cases:
        r = client.post("/api/build", content=body, headers=headers)
        assert r.status_code == 403, headers
    assert not any(j.command == "cardgen testpage" for j in client.app.state.studio.builds.jobs.values())


def test_a_fault_is_one_line_of_json_never_a_traceback(client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    studio = client.app.state.studio

    def broken(*a: Any, **k: Any) -> Any:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(studio.previews, "draw", broken)
    r = client.get("/api/preview?product=tokens&players=3")
    assert r.status_code == 500 and r.headers["content-type"] == "application/json"
    assert r.json() == {"error": "the studio failed (RuntimeError): please report it"}


def test_a_long_query_is_refused(client: Any) -> None:
    r = client.get("/api/check?product=pack&title=" + "x" * 5000)
    assert r.status_code == 400 and "too long" in r.json()["error"]


# --- try it


def test_simulate_plays_the_clis_games(client: Any) -> None:
    r = client.get("/api/simulate?product=pack&census=5&players=3")
    assert r.status_code == 200
    found = r.json()
    assert found["games"] == 3000
    assert found["command"] == "cardgen simulate --census 5 --players 3 --games 3000 --seed 1"
    code, said, _ = cli(
        "simulate", "--census", "5", "--players", "3", "--games", "3000", "--seed", "1", "--workers", "1"
    )
    assert code == 0
    for f in found["figures"]:
        assert f["text"] in said, f
    assert client.get("/api/simulate?product=tiles").status_code == 404
    r = client.get("/api/simulate?product=pack&players=9")
    assert r.status_code == 400 and "players 9 is out of range" in r.json()["error"]


def test_the_studio_command_without_its_extras_says_how_to_get_them(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "uvicorn", None)
    code, _, err = cli("studio", "--no-browser")
    assert code == 2 and err.strip() == "error: the studio needs its web server: pip install 'cardgen[studio]'"


def test_a_game_to_choose_is_always_on_the_command_line(client: Any) -> None:
    assert client.get("/api/check?product=handout").json()["command"] == "cardgen handout got"
    t = client.get("/api/cardgen.toml?product=scoresheet&players=3").text
    assert t.endswith('[[scoresheet]]\ngame = "supertrain"\nplayers = 3\n')


@pytest.mark.parametrize(
    "command", ["deck", "handout", "pack2d", "placemat", "scorecard", "scoresheet", "tiles", "tokens"]
)
def test_every_product_previews_a_component_and_its_first_sheet(client: Any, command: str) -> None:
    card = client.get(f"/api/preview?product={command}")
    assert card.status_code == 200 and card.headers["content-type"] == "image/svg+xml"
    assert card.content.startswith(b"<svg") or b"<svg" in card.content[:200]
    sheet = client.get(f"/api/sheet?product={command}")
    assert sheet.status_code == 200 and sheet.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert int(sheet.headers["x-cardgen-pages"]) >= 1


def test_a_big_job_is_not_drawn_for_a_preview(client: Any) -> None:
    r = client.get("/api/preview?product=pack&copies=100&preset=makeplayingcards")
    assert r.status_code == 400, r.text
    assert r.json()["error"].startswith("too big to preview (") and r.json()["error"].endswith("build it to see it")


def test_a_kit_page_shows_its_games_options_only(client: Any) -> None:
    from lxml import html

    from cardgen.commands import KITS

    for game, params in KITS.items():
        page = html.fromstring(client.get(f"/make/kit?game={game}").text)
        shown = {e.get("name") for e in page.xpath("//div[contains(@class,'field') and not(@hidden)]//*[@name]")}
        hidden = {e.get("name") for e in page.xpath("//div[contains(@class,'field') and @hidden]//*[@name]")}
        kit_options = {p.key for ps in KITS.values() for p in ps}
        assert {p.key for p in params} <= shown and "paper" in shown
        assert hidden == kit_options - {p.key for p in params}
        assert all(e.get("disabled") is not None for e in page.xpath("//div[@hidden]//*[@name]"))


def test_the_home_page_leads_with_the_kits(client: Any) -> None:
    page = client.get("/").text
    assert page.index('href="/make/kit?game=got"') < page.index('href="/make/pack"')
    for game in ("got", "got2d", "supertrain", "amtrak", "train"):
        assert f'href="/make/kit?game={game}"' in page


def test_a_kit_previews_a_component_of_its_parts(client: Any) -> None:
    r = client.get("/api/preview?product=kit&game=supertrain")
    assert r.status_code == 200 and r.headers["x-cardgen-file"].endswith(".svg")
    assert r.headers["x-cardgen-file"] != "figure-1.svg"  # a tile, not the handout's figure
    assert client.get("/api/simulate?product=kit&game=got").status_code == 200
    assert client.get("/api/simulate?product=kit&game=train").status_code == 404
