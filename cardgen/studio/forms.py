"""The studio's forms, built from the declarations the command line is built from
(``commands.COMMANDS``: each command's ``params.Param`` s), and the one reading of a form's
values: each value read by its declaration (``Param.parse``, the messages the command line
shows), the print options then read together as the command line reads them
(``PrintArgs.parse`` through ``themes.read.parse_print_args``).

A form holds every option of its command but the few that mean nothing in a browser
(``LEFT_OUT``: where on disk to write, opening a viewer, a contact sheet, a listing), each with
why. In their place is one field of the studio's own, ``folder``: a plain folder name inside
the studio's output folder (never a path). Values are named as the command line names the
options (``census``, ``back-offset``, ``out``: the option without its dashes), in a query
string or a form body alike, so a link reproduces a setup and a script calls the API with the
words of ``--help``.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cardgen.commands import COMMANDS, KITS, Command
from cardgen.errors import CardgenError
from cardgen.layout.theme import BUILT_IN
from cardgen.options import PrintArgs, PrintOptions
from cardgen.params import GROUPS, Param

__all__ = ["FOLDER", "LEFT_OUT", "Field", "Form", "Reading", "for_game", "form_for", "read_form"]

# The command line's options a form leaves out, and why (the test of the forms holds this list).
LEFT_OUT = {
    "out_dir": "the studio writes into its own output folder (cardgen studio --out); 'folder' names a folder in it",
    "preview": "the page shows the cards and the first sheet as they will print",
    "open_it": "the page offers the PDF to download when the build is done",
    "listing": "the form lists the choices itself",
}
FOLDER = "folder"  # the studio's own field: a folder name inside its output folder ("": the folder itself)
_FOLDER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
# The studio's own fields, as its page names them
STUDIO_HELP = {FOLDER: "A folder name inside the output folder (letters, digits, . _ -), or empty"}


@dataclass(frozen=True)
class Field:
    """One field of a form: the option's declaration, as its command words it."""

    param: Param

    @property
    def name(self) -> str:
        """The option without its dashes: ``census``, ``back-offset``, ``per-player``."""
        return self.param.key if self.param.argument else self.param.option[2:]

    @property
    def widget(self) -> str:
        """How the page asks for it: a number, a choice, a check box or text."""
        p = self.param
        if p.kind == "bool":
            return "checkbox"
        if p.kind == "choice" or p.name == "theme":
            return "select"
        return "number" if p.kind in ("int", "float") else "text"

    @property
    def choices(self) -> tuple[str, ...]:
        if self.param.name == "theme":  # a theme file is a path: the studio takes the built-in ones only
            return tuple(BUILT_IN)
        return self.param.choices

    @property
    def shown_default(self) -> str:
        """The default as the field holds it ("" when left out: the placeholder says what is taken)."""
        d = self.param.default
        if isinstance(d, bool):
            return "on" if d else "off"
        return "" if d is None else str(d)

    @property
    def initial(self) -> str:
        """What the field holds at first: its default; a game to choose (an argument), the first."""
        if self.param.argument and self.param.default is None and self.choices:
            return self.choices[0]
        return self.shown_default

    def as_json(self) -> dict[str, Any]:
        p = self.param
        return {
            "name": self.name,
            "option": "" if p.argument else p.option,
            "kind": p.kind,
            "widget": self.widget,
            "help": p.help,
            "default": p.default if isinstance(p.default, int | float | bool | type(None)) else str(p.default),
            "placeholder": p.placeholder,
            "low": p.low,
            "high": p.high,
            "choices": list(self.choices),
            "group": p.group,
        }


@dataclass(frozen=True)
class Form:
    """A command's form: its fields in the order its ``--help`` lists them, by group."""

    command: Command
    fields: tuple[Field, ...]

    @property
    def name(self) -> str:
        return self.command.name

    def groups(self) -> list[tuple[str, list[Field]]]:
        """(heading, fields) in the order ``params.GROUPS`` gives, as a person thinks of them."""
        return [(title, [f for f in self.fields if f.param.group == g]) for g, title in GROUPS.items()
                if any(f.param.group == g for f in self.fields)]  # fmt: skip

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)

    @property
    def printing(self) -> tuple[str, ...]:
        return self.command.printing.names


def for_game(form: Form, game: str | None) -> set[str]:
    """The fields of ``form`` that do not apply to ``game`` (a kit: each game takes its own
    options, ``commands.KITS``); none for another command."""
    if form.name != "kit" or game not in KITS:
        return set()
    theirs = {p.name for params in KITS.values() for p in params}
    return {f.name for f in form.fields if f.param.name in theirs and f.param.name not in KITS[game]}


def form_for(command: str) -> Form:
    """The form of ``command`` (a ``KeyError`` when there is no such command)."""
    spec = COMMANDS[command]
    return Form(spec, tuple(Field(p) for p in spec.params if p.name not in LEFT_OUT))


@dataclass
class Reading:
    """What a form's values mean: the product's own keywords and the print options, or the
    message beside each field that holds a bad value (``""``: one about several fields)."""

    form: Form
    given: dict[str, str]  # the values given, by field name, that differ from the defaults
    own: dict[str, Any] = field(default_factory=dict)
    printing: dict[str, Any] = field(default_factory=dict)  # PrintArgs's fields, as typed
    opts: PrintOptions | None = None
    folder: str = ""
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors

    def key(self) -> str:
        """The setup in one text: equal setups, equal keys (a preview's cache key)."""
        return json.dumps([self.form.name, self.given], sort_keys=True)

    def command_line(self) -> str:
        """The ``cardgen`` line that makes the same thing (the values given; the rest default)."""
        words = ["cardgen", *self.form.name.split()]
        for f in self.form.fields:
            value = self.given.get(f.name)
            if value is None:
                continue
            p = f.param
            if p.argument:
                words.append(shlex.quote(value))
            elif p.kind == "bool":
                on = bool(p.parse(value))
                words.append(p.option if on else f"--no-{p.option[2:]}")
            else:
                words += [p.option, shlex.quote(value)]
        if self.folder:
            words += ["--out", shlex.quote(f"output/{self.folder}")]
        return " ".join(words)

    def toml(self) -> str:
        """A ``cardgen.toml`` for ``cardgen build`` holding this item (``build.load_config`` reads it)."""
        lines = [f"# cardgen build --config cardgen.toml makes what {self.command_line()} makes", "",
                 f"[[{self.form.name}]]"]  # fmt: skip
        for f in self.form.fields:
            if f.name not in self.given:
                continue
            p = f.param
            value: Any = self.printing[p.name] if p.name in self.form.printing else self.own[p.name]
            lines.append(f"{p.name} = {_toml_value(value)}")
        return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    return json.dumps(str(value), ensure_ascii=False)  # a TOML basic string takes JSON's escapes


def read_form(form: Form, values: Mapping[str, str]) -> Reading:
    """Read ``values`` (field name -> text, as a query string or form body gives them) by the
    declarations. A field left out (or empty) takes its default; a name the form does not have
    is refused. Each bad value's message is the command line's for that option."""
    reading = Reading(form, {})
    for name, text in values.items():
        if name in ("product", "token"):
            continue
        if name == FOLDER:
            reading.folder = text.strip()
            if reading.folder and (not _FOLDER_NAME.fullmatch(reading.folder) or ".." in reading.folder):
                reading.errors[FOLDER] = (
                    f"folder {reading.folder[:40]!r} is not a plain folder name: letters, digits, '.', '_' and '-', "
                    "inside the output folder"
                )
            continue
        f = form.field(name)
        if f is None:
            known = ", ".join(x.name for x in form.fields)
            reading.errors[name] = f"{form.name} has no option {name!r}: it takes {known}"
            continue
        if text.strip() == "" and f.param.kind != "text":
            continue  # left empty: its default
        if text != f.shown_default:
            reading.given[name] = text
    for f in form.fields:
        p = f.param
        typed = reading.given.get(f.name)
        value: Any = p.default if typed is None else typed
        if p.name == "theme" and value not in (None, "") and value not in BUILT_IN:
            reading.errors[f.name] = (
                f"the studio takes a built-in theme ({', '.join(BUILT_IN)}); a theme file is for the command line"
            )
            continue
        if p.argument and value is None and p.choices:  # a form asks for one of them: the first is shown
            value = reading.given[f.name] = p.choices[0]  # (and named: the command line needs it)
        try:
            parsed = p.parse(value)
        except CardgenError as e:
            reading.errors[f.name] = str(e)
            continue
        if p.name in form.printing:
            reading.printing[p.name] = parsed if p.kind in ("bool", "int") else value
        else:
            reading.own[p.name] = parsed
    if reading.ok and form.printing:
        try:
            from cardgen.themes.read import parse_print_args

            reading.opts = parse_print_args(PrintArgs(**reading.printing))
        except CardgenError as e:
            reading.errors[""] = str(e)
    return reading
