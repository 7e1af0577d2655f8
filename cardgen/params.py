"""Every option a user can set, declared once: its name, kind, range or choices, default, help,
metavariable and group (``Param``), and the one function that reads a value of it
(``Param.parse``), whose messages the command line, ``cardgen.toml``, the sweep grammar and
any form built from the declarations all show. A command's options are a ``Params``. Pure data:
the command line turns each declaration into a Typer option (``cli.app``); ``commands`` says
which command takes which.

>>> census = Param("census", "int", "Spaces on the mat", default=7, low=2, high=26, short="-n")
>>> census.option, census.key, census.parse("9"), census.parse(9)
('--census', 'census', 9, 9)
>>> census.parse(30)
Traceback (most recent call last):
...
cardgen.errors.CardgenError: census 30 is out of range: allowed 2 to 26
>>> Param("open_piles", "int", "Piles open now", low=1).parse(0)
Traceback (most recent call last):
...
cardgen.errors.CardgenError: open-piles 0 is out of range: allowed 1 or more
>>> Param("win", "choice", "How to win", default="ascending", choices=("ascending", "never-descending")).parse("up")
Traceback (most recent call last):
...
cardgen.errors.CardgenError: unknown win 'up': choose one of ascending, never-descending
>>> Params(census).but("census", default=5)["census"].default
5
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.units import shown

__all__ = ["GROUPS", "KINDS", "Param", "Params", "declared", "params_of"]

# What a value is: a whole number, a number, on/off, one of a few words, any text, a length
# ("3mm", "1/8in"), a file or folder, several words (a list).
KINDS = ("int", "float", "bool", "choice", "text", "length", "path", "list")
# The groups a person thinks in, in the order a command's --help (and a form) shows them.
GROUPS = {
    "game": "The game",
    "players": "The players",
    "look": "The look",
    "paper": "Paper and printer",
    "service": "Print service",
    "run": "The run",
    "output": "Output",
}
_INT = re.compile(r"\s*[-+]?[0-9]{1,12}\s*")
_FLOAT = re.compile(r"\s*[-+]?(?:[0-9]{1,12}(?:\.[0-9]{0,12})?|\.[0-9]{1,12})\s*")
_TRUE, _FALSE = ("on", "yes", "true", "1"), ("off", "no", "false", "0")
# The plain Python types a value of each kind may be given as (a cardgen.toml's, a form's).
_TYPES: dict[str, tuple[type, ...]] = {"int": (int,), "float": (int, float), "bool": (bool,), "list": (list, tuple)}


@dataclass(frozen=True)
class Param:
    """One option (or argument) a user sets.

    ``name`` is its Python name and its ``cardgen.toml`` key (``back_offset``); ``option`` the
    command line's (``--back-offset``, or ``flag`` when it is another word); ``key`` the sweep's,
    the simulator's and the messages' (``back-offset``). ``default`` None means "left out":
    whoever takes the option then decides (the pattern's copies, say), as ``placeholder`` says in
    words. ``low`` and ``high`` bound a number (a length's in mm, told for a form: its ``check``
    enforces it); ``choices`` a choice. ``check``: the function that reads a value where the kind
    alone cannot (a card size, a back offset): its messages are the ones shown, and it replaces
    the kind's own reading of the value. ``group``: where a person looks for it (``GROUPS``).
    ``sweepable``: whether ``cardgen simulate --sweep`` may vary it.
    """

    name: str
    kind: str
    help: str
    default: Any = None
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    metavar: str = ""
    group: str = "game"
    short: str = ""
    flag: str = ""
    argument: bool = False
    required: bool = False  # it has no default: the command cannot run without it
    negatable: bool = False  # a --name/--no-name switch (a plain flag is off unless given)
    placeholder: str = ""  # what is taken when it is left out (default None), in words: "the pattern's"
    sweepable: bool = True
    check: Callable[[Any], object] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS or self.group not in GROUPS:
            raise ValueError(f"option {self.name}: kind {self.kind!r} or group {self.group!r} is unknown")
        if self.kind == "choice" and not self.choices:
            raise ValueError(f"option {self.name}: a choice needs its choices")

    @property
    def option(self) -> str:
        """How the command line names it: ``--back-offset``."""
        return self.flag or "--" + self.name.replace("_", "-")

    @property
    def key(self) -> str:
        """How a sweep, a simulation's settings and messages name it: ``max-turns``."""
        return self.name.replace("_", "-")

    @property
    def shown_metavar(self) -> str:
        """What ``--help`` shows for its value: the declared one, else one for its kind."""
        if self.metavar or self.kind == "bool":
            return self.metavar
        words = {"int": "N", "float": "X", "length": "LENGTH", "path": "PATH", "list": "WORDS", "text": "TEXT"}
        return words.get(self.kind, self.name.upper())

    @property
    def types(self) -> tuple[type, ...]:
        """The plain types a value may be given as (a number as an int, a length as text …)."""
        return _TYPES.get(self.kind, (str,))

    def but(self, **changes: Any) -> Param:
        """The same option, with some of its declaration changed (a command's own help or default)."""
        return replace(self, **changes)

    def parse(self, value: Any) -> Any:
        """A value of this option, as the command takes it, from what a user typed or a form,
        a cardgen.toml or the command line gave; one line naming the option when it is not one.
        None stays None (left out)."""
        if value is None:
            return None
        if self.check is not None:  # its own reading: a number read, a text made plain, or only checked
            read = self.check(value)
            return read if isinstance(read, self.types) and not isinstance(read, bool) else value
        if self.kind in ("int", "float"):
            number = self._number(value)
            low, high = self.low, self.high
            if (low is not None and number < low) or (high is not None and number > high):
                allowed = f"{_n(low)} to {_n(high)}" if low is not None and high is not None else ""
                allowed = allowed or (f"{_n(low)} or more" if low is not None else f"up to {_n(high)}")
                raise CardgenError(f"{self.key} {number} is out of range: allowed {allowed}")
            return number
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE or text in _FALSE:
                return text in _TRUE
            raise CardgenError(f"{self.key} {shown(str(value))} is not on or off")
        if self.kind == "list":
            return [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]
        if not isinstance(value, str | Path):
            raise CardgenError(f"{self.key} {value!r} is not text")
        if self.kind == "choice":
            word = str(value).strip().lower()
            if word not in self.choices:
                raise CardgenError(f"unknown {self.key} {shown(str(value))}: choose one of {', '.join(self.choices)}")
            return word
        return Path(value) if self.kind == "path" else value

    def _number(self, value: Any) -> int | float:
        if isinstance(value, bool):
            raise CardgenError(f"{self.key} {value!r} is not a number")
        if self.kind == "int" and isinstance(value, int):
            return value
        if self.kind == "float" and isinstance(value, int | float):
            return float(value)
        text = str(value)
        if self.kind == "int":
            if not _INT.fullmatch(text):
                raise CardgenError(f"{self.key} {shown(text)} is not a whole number (digits 0-9)")
            return int(text)
        if not _FLOAT.fullmatch(text):
            raise CardgenError(f"{self.key} {shown(text)} is not a number (digits 0-9)")
        return float(text)


def _n(bound: float | None) -> str:
    """A bound as a message writes it: 100,000; 12.7."""
    assert bound is not None
    return f"{bound:,}" if float(bound).is_integer() and abs(bound) >= 10_000 else f"{bound:g}"


@dataclass(frozen=True, init=False)
class Params:
    """The options of one command (or game), in the order its --help lists them within a group."""

    items: tuple[Param, ...] = ()

    def __init__(self, *items: Param) -> None:
        names = [p.name for p in items]
        if len(set(names)) != len(names):
            raise ValueError(f"an option is declared twice: {names}")
        object.__setattr__(self, "items", tuple(items))

    def __iter__(self) -> Iterator[Param]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __contains__(self, name: object) -> bool:
        return any(p.name == name for p in self.items)

    def __getitem__(self, name: str) -> Param:
        for p in self.items:
            if p.name == name:
                return p
        raise KeyError(name)

    def __add__(self, other: Params) -> Params:
        return Params(*self.items, *other.items)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.items)

    def by_key(self, key: str) -> Param | None:
        """The option a sweep or a message calls ``key`` (``max-turns`` or ``max_turns``)."""
        return next((p for p in self.items if p.key == key.replace("_", "-")), None)

    def only(self, *names: str) -> Params:
        """These options, in this order (another command's, reused: a kit takes ``pack``'s)."""
        return Params(*(self[n] for n in names))

    def without(self, *names: str) -> Params:
        return Params(*(p for p in self.items if p.name not in names))

    def but(self, name: str, **changes: Any) -> Params:
        """The same options, one of them changed (a command's own help or default)."""
        return Params(*(p.but(**changes) if p.name == name else p for p in self.items))

    def parse(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """Each value given (by name) read by its option's ``parse``; an unknown name is a ``KeyError``."""
        return {name: self[name].parse(value) for name, value in values.items()}


def declared(param: Param) -> Any:
    """A dataclass field declared by ``param``: its default, and the declaration itself in its
    metadata, so that a class of options (``options.PrintArgs``) or of rules (a game's
    ``Variant``) and the declarations cannot part (``params_of`` reads them back)."""
    return field(default=param.default, metadata={"param": param})


def params_of(cls: type) -> Params:
    """The declarations of a dataclass's ``declared`` fields, in their order (each named as its field)."""
    found = []
    for f in fields(cls):
        param = f.metadata.get("param")
        if param is not None:
            if param.name != f.name:
                raise ValueError(f"{cls.__name__}.{f.name} is declared by the option {param.name!r}")
            found.append(param)
    return Params(*found)
