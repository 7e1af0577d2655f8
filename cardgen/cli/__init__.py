"""The command line: parse, call one build function, report. No logic of its own.

Every domain error (``CardgenError``) and every usage error becomes one red
line on stderr and exit status 2; ``check`` exits 1 when a pack breaks a rule.
The commands are in ``trains``, ``games`` and ``supertrain``; what they share in ``app``.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import re
import sys
from collections.abc import Iterator
from typing import Any

import typer

from cardgen.cli import games, simulate, studio, supertrain, trains
from cardgen.cli.app import app, err, out
from cardgen.errors import CardgenError
from cardgen.units import SHOWN, shown

__all__ = ["app", "entry", "games", "run", "simulate", "studio", "supertrain", "trains"]


def run(argv: list[str] | None = None) -> int:
    """Entry point: run the app and turn every expected failure into one line and a status.

    Also: SIGTERM and SIGHUP end a build the way Ctrl-C does (its staging folder is removed;
    the destination keeps its previous build), and output that cannot be written (a full
    disk behind ``> file``, a pipe closed by ``| head``) ends the run without a traceback.
    What cardgen says beside its output (a folder it replaced, a leftover it could not clear:
    the ``cardgen`` logger) is one line each on stderr."""
    with _signals_stop_the_run(), _notices():
        status = _status(argv)
        try:
            sys.stdout.flush()  # what a command printed is written here at the latest
        except OSError as e:
            return _output_failed(e) or status
        except _Stopped as e:
            return _fail(f"stopped by {e.name}", 128 + e.signum)
    return status


def _status(argv: list[str] | None) -> int:
    """Run the command; every expected failure becomes one line on stderr and a status."""
    from cardgen.files import reason, show_path

    command = _command()
    try:
        rv = command.main(args=argv, prog_name="cardgen", standalone_mode=False)
    except CardgenError as e:
        return _fail(str(e))
    except _Stopped as e:
        return _fail(f"stopped by {e.name}", 128 + e.signum)
    except (typer.Exit, typer.Abort) as e:
        return getattr(e, "exit_code", 1)
    except SystemExit as e:  # Click's own exit after a closed pipe
        return e.code if isinstance(e.code, int) else 1
    except OSError as e:
        if e.filename:  # an OS call on a file that the command did not turn into a CardgenError
            return _fail(f"{show_path(e.filename)}: {reason(e)}")
        return _output_failed(e) or 1
    except Exception as e:
        # Typer ships its own copy of Click, so its usage errors are matched by
        # shape (Click's exit_code and format_message), not by a private class.
        code, fmt = getattr(e, "exit_code", None), getattr(e, "format_message", None)
        if not isinstance(code, int) or not callable(fmt):
            raise
        ctx = getattr(e, "ctx", None)
        if type(e).__name__ == "NoArgsIsHelpError" and ctx is not None:
            out.print(ctx.get_help(), markup=False)
            return 0
        where = f" (see {ctx.command_path} --help)" if ctx is not None else ""
        # Click quotes the value it could not read, however long: cut it as cardgen's own messages do
        message = LONG_QUOTED.sub(lambda m: shown(m[1]), " ".join(str(fmt()).split()))
        return _fail(f"{message}{where}", code)
    return rv if isinstance(rv, int) else 0


LONG_QUOTED = re.compile(f"'([^']{{{SHOWN + 1},}})'")


@functools.cache
def _command() -> Any:
    """The Click command Typer makes of ``app``, made once a process (the studio, the tests and
    scripts run many commands in one)."""
    command = typer.main.get_command(app)
    _ascii_numbers(command)
    return command


def _ascii_numbers(command: Any) -> None:
    """Every whole number on the command line is ASCII digits: Click reads an option with
    Python's int(), which also takes '٧', '７' and '1_0'. Each integer option of every command
    (and of every command to come) gets a type that refuses them, in one line."""
    for param in getattr(command, "params", []):
        kind = type(param.type)
        if getattr(param.type, "name", "") in ("int", "integer") and not getattr(kind, "ascii_only", False):
            param.type = _ascii_int_type(kind)()  # type: ignore[arg-type]
    for sub in getattr(command, "commands", {}).values():
        _ascii_numbers(sub)


@functools.cache
def _ascii_int_type(kind: Any) -> type:
    class AsciiInt(kind):  # type: ignore[misc]
        ascii_only = True

        def convert(self, value: Any, param: Any, ctx: Any) -> Any:
            if isinstance(value, str):
                digits = value.strip().removeprefix("-").removeprefix("+")
                if not (digits.isascii() and digits.isdigit()):
                    self.fail(f"{shown(value)} is not a whole number written with the digits 0-9", param, ctx)
            return super().convert(value, param, ctx)

    return AsciiInt


def _output_failed(e: OSError) -> int:
    """A write to an open stream failed (stdout behind ``> /dev/full``, or ``| head`` gone):
    one line, or none for a closed pipe (0: keep the command's own status)."""
    import errno

    from cardgen.files import reason

    _settle_stdout()
    if e.errno == errno.EPIPE:
        return 0  # the reader went away: nothing to say, and nowhere to say it
    return _fail(f"cannot write the output: {reason(e)}")


def _fail(message: str, status: int = 2) -> int:
    """One red line on stderr (whatever the message holds), and the exit status."""
    line = " ".join(message.splitlines())
    try:
        err.print(f"error: {line}", markup=False, soft_wrap=True, style="red")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass  # stderr is gone too: the status says it
    return status


def _settle_stdout() -> None:
    """After a failed write: if stdout still cannot take what is pending, point it at the null
    device, so that Python's final flush at exit does not fail again with a traceback of its own."""
    try:
        sys.stdout.flush()
        return
    except (OSError, ValueError):
        pass
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass  # not a real file (a test's capture): nothing is flushed at exit


class _Stopped(BaseException):
    """SIGTERM or SIGHUP arrived: unwinds like Ctrl-C, so staging folders are cleaned up."""

    def __init__(self, signum: int) -> None:
        import signal

        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


@contextlib.contextmanager
def _signals_stop_the_run() -> Iterator[None]:
    """SIGTERM and SIGHUP raise ``_Stopped`` while the run lasts (main thread, and only where
    they would otherwise kill: a SIGHUP ignored by ``nohup`` stays ignored)."""
    import signal
    import threading

    def stop(signum: int, frame: object) -> None:
        raise _Stopped(signum)

    kept: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for name in ("SIGTERM", "SIGHUP"):
            signum = getattr(signal, name, None)
            if signum is not None and signal.getsignal(signum) == signal.SIG_DFL:
                kept[signum] = signal.signal(signum, stop)
    try:
        yield
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)


class _Notice(logging.Handler):
    """Each notice of the ``cardgen`` logger as one plain line on stderr (where it is now:
    a test's capture, a redirection)."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            err.print(" ".join(record.getMessage().splitlines()), markup=False, style="yellow")
        except (OSError, ValueError):
            pass  # stderr is gone: the notice with it


@contextlib.contextmanager
def _notices() -> Iterator[None]:
    """While the run lasts, the ``cardgen`` logger's notices go to stderr (``_Notice``), and only there."""
    logger = logging.getLogger("cardgen")
    handler, before = _Notice(), (logger.propagate, logger.level)
    logger.addHandler(handler)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.propagate, _ = before
        logger.setLevel(before[1])


def entry() -> None:
    sys.exit(run())
