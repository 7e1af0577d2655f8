"""Every studio form holds exactly its command's command-line options (read from the real Click
command the CLI runs, not from the declarations), with the same name, help, default, range and
choices; the few a browser has no use for are left out by name, each with why."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")

import typer  # noqa: E402
from lxml import html  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from cardgen.cli import app  # noqa: E402
from cardgen.layout.theme import BUILT_IN  # noqa: E402
from cardgen.products import by_command  # noqa: E402
from cardgen.studio.app import make_app  # noqa: E402
from cardgen.studio.forms import FOLDER, LEFT_OUT, form_for  # noqa: E402

PRODUCTS = sorted(by_command())
CLICK = typer.main.get_command(app)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    with TestClient(make_app(tmp_path_factory.mktemp("out"), "testserver")) as client:
        return {c: html.fromstring(client.get(f"/make/{c}").text) for c in PRODUCTS}


def cli_options(command: str) -> dict[str, Any]:
    """The command's Click parameters, by the name the studio gives them (the option without dashes)."""
    found = {}
    for p in CLICK.commands[command].params:  # type: ignore[attr-defined]
        if p.name == "help":
            continue
        name = p.name if p.param_type_name == "argument" else p.opts[0][2:]
        found[name] = p
    return found


def test_every_product_has_a_page() -> None:
    assert PRODUCTS == [
        "deck",
        "handout",
        "kit",
        "pack",
        "pack2d",
        "placemat",
        "scorecard",
        "scoresheet",
        "testpage",
        "tiles",
        "tokens",
    ]


@pytest.mark.parametrize("command", PRODUCTS)
def test_the_form_holds_every_cli_option_and_nothing_else(pages: dict[str, Any], command: str) -> None:
    page = pages[command]
    fields = {e.get("name"): e for e in page.xpath("//form[@id='setup']//*[self::input or self::select]")}
    fields.pop("product")
    fields.pop(FOLDER)  # the studio's one field of its own: a folder name inside its output folder
    options = cli_options(command)
    left_out = {n for n, p in options.items() if p.name in LEFT_OUT}
    assert set(fields) == set(options) - left_out
    assert {options[n].name for n in left_out} <= set(LEFT_OUT)
    for name, element in fields.items():
        option = options[name]
        help_text = page.get_element_by_id(f"help-{name}").text_content()
        assert help_text == option.help, name
        label = page.xpath(f"//label[@for='f-{name}']")[0].text_content()
        assert label == (name if option.param_type_name == "argument" else option.opts[0])
        declared = form_for(command).field(name)
        assert declared is not None
        if element.tag == "select":
            values = [o.get("value") for o in element.xpath(".//option") if o.get("value")]
            expected = list(BUILT_IN) if name == "theme" else list(declared.param.choices)
            assert values == expected, name
            selected = [o.get("value") for o in element.xpath(".//option[@selected]")]
            default = (
                option.default
                if option.default is not None
                else (expected[0] if option.required or option.param_type_name == "argument" else "")
            )
            assert selected == [default], name
        elif element.get("type") == "checkbox":
            assert (element.get("checked") is not None) == bool(option.default), name
        else:
            shown = element.get("value")
            assert shown == ("" if option.default is None else str(option.default)), name
            if element.get("type") == "number":
                low, high = declared.param.low, declared.param.high
                assert element.get("min") == (None if low is None else str(low))
                assert element.get("max") == (None if high is None else str(high))


@pytest.mark.parametrize("command", PRODUCTS)
def test_fields_are_grouped_as_the_help_groups_them(pages: dict[str, Any], command: str) -> None:
    legends = [e.text_content() for e in pages[command].xpath("//form[@id='setup']//legend")]
    panels = []
    for p in cli_options(command).values():
        if p.name not in LEFT_OUT and p.rich_help_panel not in panels:
            panels.append(p.rich_help_panel)
    assert set(legends[:-1]) == set(panels) and legends[-1] == "Where"


def test_a_number_out_of_range_is_refused_with_the_declared_message() -> None:
    from cardgen.studio.forms import read_form

    reading = read_form(form_for("tokens"), {"players": "9", "per-player": "x"})
    assert reading.errors == {
        "players": "players 9 is out of range: allowed 2 to 8",
        "per-player": "per-player 'x' is not a whole number (digits 0-9)",
    }
