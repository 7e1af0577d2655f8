"""Running a call that someone else's input can make slow or greedy (resvg drawing a theme's SVG)
in a child process bounded in time and memory, so that it cannot hang or exhaust the machine,
and Ctrl-C or SIGTERM still stop cardgen while it runs.

The child is forked (it has every module this process has: nothing to start again), with its
address space capped (``setrlimit``: an allocation past the cap fails in the child alone, which
then dies), no core file and no stderr (its answer, or what failed, comes back on a pipe); it
dies with its parent (``prctl(PR_SET_PDEATHSIG)`` on Linux). This process waits for its answer on a pipe, in Python, so its signal handlers run as usual; past the
time limit, or when this process is stopped, the child is killed and reaped. Where the platform
does not fork, the call runs here, unbounded.
"""

from __future__ import annotations

import ctypes
import faulthandler
import os
import select
import signal
import sys
import time
from collections.abc import Callable

PR_SET_PDEATHSIG = 1
_OK, _FAILED = b"\0", b"\1"
# how a child past its memory dies: Rust aborts on a failed allocation, C code may crash, the
# kernel's out-of-memory killer sends SIGKILL
_OUT_OF_MEMORY = frozenset({signal.SIGABRT, signal.SIGSEGV, getattr(signal, "SIGBUS", signal.SIGSEGV), signal.SIGKILL})


class TooCostly(Exception):
    """The call ran out of its time (``seconds``) or memory: ``what`` says which."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


class Failed(Exception):
    """The call raised in the child: its message."""


def _address_space() -> int:
    """Bytes of address space this process maps now (0 where /proc does not say)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _in_child(call: Callable[[], bytes], memory: int, write: int) -> None:
    """In the forked child: limits set, ``call`` made, its bytes (or its error) sent back; never returns."""
    code = 1
    try:
        for name, action in (("SIGINT", signal.SIG_IGN), ("SIGHUP", signal.SIG_IGN), ("SIGTERM", signal.SIG_DFL)):
            if hasattr(signal, name):  # Ctrl-C reaches the parent, which ends this child: one line, once
                signal.signal(getattr(signal, name), action)
        if sys.platform.startswith("linux"):
            try:
                ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
            except (OSError, AttributeError):
                pass
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 2)  # what the library says as it dies (a Rust panic) is not cardgen's one line
        faulthandler.disable()  # (where it was on, a test runner's: it writes to its own copy of stderr)
        import resource

        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a child that dies leaves no core file about
        cap = _address_space() + memory
        if cap > memory:
            resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        try:
            payload = _OK + call()
        except MemoryError:
            payload = _FAILED + b"memory"
        except Exception as e:  # (sent to the parent, which raises it as Failed)
            payload = _FAILED + str(e).encode("utf-8", "replace")[:400]
        with os.fdopen(write, "wb") as pipe:
            pipe.write(payload)
        code = 0
    finally:
        os._exit(code)


def run_bounded(call: Callable[[], bytes], *, seconds: float, memory: int) -> bytes:
    """``call()``'s bytes, computed in a child process given ``seconds`` of time and ``memory``
    bytes more than this process has; ``TooCostly`` when it runs out of either (or dies),
    ``Failed`` with its message when it raises."""
    if not hasattr(os, "fork"):  # pragma: no cover - Windows
        return call()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child (coverage cannot see it)
        os.close(read)
        _in_child(call, memory, write)
    os.close(write)
    chunks: list[bytes] = []
    status: int | None = None
    try:
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TooCostly(f"takes longer than {seconds:g} s")
            ready, _, _ = select.select([read], [], [], min(left, 0.5))
            if ready:
                chunk = os.read(read, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
        _, status = os.waitpid(pid, 0)
    finally:
        os.close(read)
        if status is None:  # out of time, or this process is being stopped: the child goes first
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
    data = b"".join(chunks)
    if os.WIFSIGNALED(status):
        if os.WTERMSIG(status) in _OUT_OF_MEMORY:  # an allocation past the cap failed and it aborted, or the kernel
            raise TooCostly(f"needs more than {memory // (1 << 20)} MB")
        raise Failed(f"it was stopped by {signal.Signals(os.WTERMSIG(status)).name}")
    if not data:
        raise Failed("it stopped without an answer")
    if data[:1] == _FAILED:
        message = data[1:].decode("utf-8", "replace")
        if message == "memory":
            raise TooCostly(f"needs more than {memory // (1 << 20)} MB")
        raise Failed(message)
    return data[1:]
