"""Every option declared once (#30): the command line of each command, the sweep grammar, the
simulator's settings, the engines' own fields and ``cardgen.toml`` list the same options, with
the same names, defaults, ranges and help, as the declarations (``cardgen.params``,
``cardgen.commands``); and a value is read, and refused, by one function everywhere."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path
from typing import Any

import pytest

from cardgen.build import RESERVED, Item, load_config, prepare
from cardgen.cli import app, run
from cardgen.commands import COMMANDS, SIMULATE_GAMES, merged
from cardgen.errors import CardgenError
from cardgen.options import PRINT, print_options
from cardgen.params import GROUPS, Param, params_of
from cardgen.products import by_command
from cardgen.rules.amtrak.bots import AMTRAK_BOTS
from cardgen.rules.amtrak.play import AmtrakSetup
from cardgen.rules.got.abilities import MAX_CENSUS
from cardgen.rules.got.bots import BOTS
from cardgen.rules.got.play import Variant
from cardgen.rules.got.printed import MAX_PACKS, MAX_WILDS
from cardgen.simulate.settings import AMTRAK_OPTIONS, GOT_OPTIONS, request
from cardgen.simulate.sweep import parse_sweep


def cli(capsys, *args: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def click_commands() -> dict[str, Any]:
    """Every command of the command line, by its name as typed ("amtrak score")."""
    import typer.main

    found: dict[str, Any] = {}

    def walk(group: Any, prefix: str) -> None:
        for name, command in group.commands.items():
            if hasattr(command, "commands"):
                walk(command, f"{prefix}{name} ")
            else:
                found[prefix + name] = command

    walk(typer.main.get_command(app), "")
    return found


COMMAND_LINE = click_commands()


def test_every_command_is_declared_and_every_declaration_is_a_command() -> None:
    assert sorted(COMMAND_LINE) == sorted(COMMANDS)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_command_line_option_is_its_declaration(name: str) -> None:
    """Same options in the same order, and each with the declaration's name, flags, default,
    help, metavariable, group and whether it is required: nothing more, nothing less."""
    params = [p for p in COMMAND_LINE[name].params if p.name != "help"]
    declared = list(COMMANDS[name].params)
    assert [p.name for p in params] == [d.name for d in declared]
    for p, d in zip(params, declared):
        assert p.help == d.help and p.required == d.required, d.name
        assert p.rich_help_panel == GROUPS[d.group], d.name
        assert (p.metavar or "") == d.shown_metavar, d.name
        if d.argument:
            assert p.param_type_name == "argument"
            continue
        flags = [d.option, *([d.short] if d.short else [])]
        assert p.opts == flags and p.secondary_opts == ([f"--no-{d.option[2:]}"] if d.negatable else []), d.name
        if not d.required:
            assert p.default == d.default, d.name


def test_the_print_options_are_the_same_on_every_command_that_takes_them() -> None:
    for command in COMMANDS.values():
        for p in command.printing:
            same = PRINT[p.name]
            assert (p.kind, p.low, p.high, p.choices, p.check, p.group) == (
                same.kind, same.low, same.high, same.choices, same.check, same.group
            ), (command.name, p.name)  # fmt: skip


def with_required(name: str) -> list[str]:
    """The command's required arguments and options, with values that pass."""
    values = {"game": "supertrain", "target": "x", "folder": "x", "sequence": "1 2 3", "hand": "12-5", "train": "K/7",
              "trains": "K/7", "play": "7", "on": "5"}  # fmt: skip
    words = []
    for p in COMMANDS[name].params:
        if p.required:
            words += [values[p.name]] if p.argument else [p.option, values[p.name]]
    return [*name.split(), *words]


BOUNDED = [
    (name, p)
    for name, command in sorted(COMMANDS.items())
    for p in command.own
    if p.kind == "int" and p.check is None and p.high is not None and not p.argument
]


@pytest.mark.parametrize("name, option", BOUNDED, ids=[f"{n} {p.option}" for n, p in BOUNDED])
def test_the_command_line_refuses_a_value_past_the_range_with_the_declarations_own_message(
    capsys, tmp_path, monkeypatch, name: str, option: Param
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    for value in (option.high + 1, (option.low or 0) - 1):  # type: ignore[operator]
        with pytest.raises(CardgenError) as e:
            option.parse(value)
        code, out, err = cli(capsys, *with_required(name), option.option, int(value))
        assert (code, out, err) == (2, "", f"error: {e.value}\n"), (name, option.option, value)
    assert list(tmp_path.iterdir()) == []


def test_every_declared_range_is_enforced_at_its_bounds() -> None:
    for command in COMMANDS.values():
        for p in command.params:
            if p.kind != "int" or p.high is None or p.low is None:
                continue
            low, high = int(p.low), int(p.high)
            assert p.parse(low) == low and p.parse(str(high)) == high, p.name
            for bad in (low - 1, high + 1):
                with pytest.raises(CardgenError):
                    p.parse(bad)


def test_a_bad_print_option_is_refused_with_the_message_the_build_gives() -> None:
    """One reading of a value: what a form would show is what the command line shows."""
    bad = {"card": "jumbo", "paper": "b5", "bleed": "2cm", "margin": "-1mm", "gutter": "wide", "title": "x" * 81,
           "back_offset": "99,0", "png": 2400, "preset": "kinkos"}  # fmt: skip
    for name, value in bad.items():
        with pytest.raises(CardgenError) as built:
            print_options(**{name: value})
        with pytest.raises(CardgenError) as read:
            PRINT[name].parse(value)
        assert str(read.value) == str(built.value), name
    assert PRINT["bleed"].parse("12.7mm") == "12.7mm" and PRINT["png"].parse("1200") == 1200


def test_the_declared_choices_are_the_engines() -> None:
    from cardgen.layout.handouts import GAMES
    from cardgen.products.scoresheet import GAMES as SHEETS
    from cardgen.rules.supertrain.dominoes import SETS
    from cardgen.rules.train.referee import PLACES

    handout = COMMANDS["handout"].own
    assert handout["game"].choices == tuple(GAMES)
    assert {o for g in GAMES.values() for o in g.options} <= set(handout.names)
    assert COMMANDS["scoresheet"].own["game"].choices == SHEETS
    assert set(COMMANDS["tiles"].own["set"].choices) == set(SETS)
    assert COMMANDS["train can-play"].own["where"].choices == PLACES


# --- the engines and the simulator ----------------------------------------------------------


def test_the_engines_fields_take_the_declared_defaults() -> None:
    got, amtrak = SIMULATE_GAMES["got"], SIMULATE_GAMES["amtrak"]
    for game, cls in ((got, Variant), (amtrak, AmtrakSetup)):
        fields = params_of(cls)
        assert set(fields.names) <= set(game.names)
        for p in fields:
            assert getattr(cls(), p.name) == game[p.name].default, p.name
    # every rule a table chooses is declared (the pack's census, copies and 3×3 categories are read apart)
    assert {f.name for f in dataclasses.fields(Variant)} - set(params_of(Variant).names) == {
        "census",
        "copies",
        "categories",
    }
    assert (got["census"].high, got["packs"].high, got["wilds"].high) == (MAX_CENSUS, MAX_PACKS, MAX_WILDS)
    assert set(got["bot"].choices) == set(BOTS) and set(amtrak["bot"].choices) == set(AMTRAK_BOTS)
    assert Variant().pattern == got["pattern"].default == COMMANDS["pack"].own["pattern"].default == "two"


def test_the_simulator_takes_each_games_declared_options() -> None:
    assert GOT_OPTIONS == tuple(p.key for p in SIMULATE_GAMES["got"])
    assert AMTRAK_OPTIONS == tuple(p.key for p in SIMULATE_GAMES["amtrak"])
    for game, cls, field in (("got", Variant, "variant"), ("amtrak", AmtrakSetup, "setup")):
        for p in params_of(cls):  # each option at its declared default plays the default game
            (setting,) = request(game, {p.key: p.default}, [], games=1, seed=1).settings()
            assert getattr(setting, field) == cls(), (game, p.key)
    # and the command line offers every game's option once (each read by its game)
    simulate = [p.name for p in COMMANDS["simulate"].own]
    assert [n for n in merged(SIMULATE_GAMES).names] == [n for n in simulate if n in merged(SIMULATE_GAMES)]


@pytest.mark.parametrize("game", sorted(SIMULATE_GAMES))
def test_the_sweep_grammar_takes_exactly_the_sweepable_declared_options(game: str) -> None:
    declared = SIMULATE_GAMES[game]
    sweepable = [p for p in declared if p.sweepable]
    with pytest.raises(CardgenError) as e:
        parse_sweep(["colour=1"], declared)
    assert f"(choose from {', '.join(p.key for p in sweepable)})" in str(e.value)
    for p in declared:
        sample = {"int": p.low, "bool": "on", "choice": p.choices[-1] if p.choices else None}.get(p.kind, "row-swap")
        word = f"{p.key}={sample}"
        if p.sweepable:
            assert parse_sweep([word], declared) == ((p.key, (p.parse(sample),)),), word
        else:
            with pytest.raises(CardgenError, match="no option"):
                parse_sweep([word], declared)
        if p.kind == "int" and p.high is not None:
            with pytest.raises(CardgenError, match=f"{p.key} {int(p.high) + 1} is out of range"):
                parse_sweep([f"{p.key}={int(p.high) + 1}"], declared)


# --- cardgen.toml ---------------------------------------------------------------------------


PRODUCTS = sorted(by_command())


@pytest.mark.parametrize("name", PRODUCTS)
def test_a_cardgen_toml_item_takes_its_commands_options_with_the_builds_defaults(name: str) -> None:
    command, build = COMMANDS[name], by_command()[name].build
    keywords = {k: v for k, v in inspect.signature(build).parameters.items() if k not in RESERVED}
    assert list(keywords) == list(command.own.names)
    for key, p in keywords.items():
        if p.default is not inspect.Parameter.empty and not command.own[key].required:  # (a required one: none)
            assert p.default == command.own[key].default, (name, key)
    # each of its own keys at its default (or a value of its kind) is taken, and read as the CLI reads it
    for p in command.own:
        value = p.default if p.default is not None else _sample(p)
        (job,) = prepare([Item(name, {p.name: value})])
        assert job.kwargs == {p.name: p.parse(value)}, (name, p.name)
    with pytest.raises(CardgenError, match="unknown key 'colour'"):
        prepare([Item(name, {"colour": 1})])


def test_cardgen_toml_takes_the_print_options_at_the_top_and_nothing_else(tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text("colour = 1\n[[testpage]]\n")
    with pytest.raises(CardgenError) as e:
        load_config(config)
    assert f"use print options ({', '.join(PRINT.names)})" in str(e.value)
    config.write_text("".join(f"{p.name} = {_toml(p)}\n" for p in PRINT if p.default is not None) + "[[testpage]]\n")
    defaults, items = load_config(config)
    assert list(defaults) == [p.name for p in PRINT if p.default is not None] and items == [Item("testpage", {})]


def _sample(p: Param) -> Any:
    """A value of ``p`` that passes."""
    if p.kind == "int":
        return p.low
    if p.kind == "choice":
        return p.choices[0]
    return {"grid": "3x3", "categories": "row-swap,col-swap", "names": "Ann,Bob"}[p.name]


def _toml(p: Param) -> str:
    return str(p.default).lower() if isinstance(p.default, bool) else f'"{p.default}"'


# --- help -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_is_short_grouped_and_names_its_values(capsys, name: str) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, *name.split(), "--help")
    lines = out.splitlines()
    # about 40 lines; simulate takes every game's options (26 today), each on a line, and a few more
    options = len(COMMANDS[name].params)
    assert code == 0 and len(lines) <= (options + 20 if name == "simulate" else 42), len(lines)
    assert all(len(line) <= 80 for line in lines)
    assert "{" not in lines[0] and "<str>" not in out and "<int>" not in out
    examples = lines[lines.index("  Examples:") + 1 :]
    assert examples and all(line.startswith("    cardgen ") for line in examples)  # one a line
    assert any(line.startswith(f"    cardgen {name}") for line in examples)
    headings = [line[:-1] for line in lines if line.endswith(":") and not line.startswith(" ")]
    assert headings and headings == [h for h in GROUPS.values() if h in headings]  # in the order a person thinks
