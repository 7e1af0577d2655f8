"""The PDF written aside (issue #12): a forked child writes the pack's PDF and reads it back
with pdfium while this process writes the SVGs. These tests hold it to the serial way: the
same files byte for byte, the same errors as one line, nothing left behind, and a check that
still reads the PDF itself when the bytes on disk are not the bytes the child read."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import cardgen.products.aside as aside_module
from cardgen.cli import run
from cardgen.errors import CardgenError
from cardgen.products.aside import Aside, can_fork

pytestmark = pytest.mark.skipif(not can_fork(), reason="fork is used on Linux only")


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("fork", [True, False])
def test_items_come_back_in_order_by_index(fork):  # type: ignore[no-untyped-def]
    def work(send):  # type: ignore[no-untyped-def]
        for i in range(300):
            send({"page": i, "texts": ["x" * i]})
        send(b"last")

    with Aside(work, fork=fork) as a:
        assert a.count() == 301
        assert a.item(299) == {"page": 299, "texts": ["x" * 299]}
        assert a.item(0) == {"page": 0, "texts": [""]}
        assert a.item(300) == b"last"


@pytest.mark.parametrize(
    "exc", [CardgenError("the PDF cannot be written"), OSError(errno.ENOSPC, "No space left on device", "x.pdf")]
)
def test_an_error_in_the_child_is_raised_here_as_itself(exc):  # type: ignore[no-untyped-def]
    def work(send):  # type: ignore[no-untyped-def]
        send(1)
        raise exc

    with Aside(work, fork=True) as a, pytest.raises(type(exc)) as caught:
        a.count()
    assert str(caught.value) == str(exc)
    assert any("in the process working aside" in n for n in getattr(caught.value, "__notes__", []))


def test_an_exception_that_cannot_travel_comes_back_as_a_runtime_error_with_its_traceback():  # type: ignore[no-untyped-def]
    class Local(Exception):  # a class defined in a function cannot be pickled
        pass

    def work(send):  # type: ignore[no-untyped-def]
        raise Local("odd")

    with Aside(work, fork=True) as a, pytest.raises(RuntimeError, match="Local: odd"):
        a.count()


def test_leaving_early_ends_the_child():  # type: ignore[no-untyped-def]
    def work(send):  # type: ignore[no-untyped-def]
        time.sleep(60)

    a = Aside(work, fork=True)
    pid = a.pid
    a.close()
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)  # reaped already: no zombie left


@pytest.mark.parametrize(
    "args",
    [
        ["pack", "--pattern", "two", "--census", "7", "--backs"],
        ["pack2d", "--copies", "1", "--bleed", "3mm"],
        ["tiles", "--backs", "--paper", "letter"],
    ],
)
def test_forked_and_serial_builds_write_the_same_bytes(tmp_path, monkeypatch, args):  # type: ignore[no-untyped-def]
    assert run([*args, "--out", str(tmp_path / "forked")]) == 0
    monkeypatch.setattr(aside_module, "can_fork", lambda: False)
    assert run([*args, "--out", str(tmp_path / "serial")]) == 0
    forked, serial = tree(tmp_path / "forked"), tree(tmp_path / "serial")
    assert forked == serial and any(name.endswith(".pdf") for name in forked)


def test_a_pdf_changed_after_the_child_read_it_is_read_again_and_fails_the_check(tmp_path, monkeypatch, capsys):  # type: ignore[no-untyped-def]
    """The pages read aside are used only for the very bytes they were read from."""
    from cardgen.products.output import Staging

    adopt = Staging.adopt

    def spoil(self, rel):  # type: ignore[no-untyped-def]
        target = self.tmp / rel
        data = target.read_bytes()
        target.write_bytes(data.replace(b"/MediaBox [ 0 0 595.2756 841.8898 ]", b"/MediaBox [ 0 0 612 792 ]"))
        adopt(self, rel)

    monkeypatch.setattr(Staging, "adopt", spoil)
    assert run(["pack", "--census", "3", "--copies", "1", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "failed their own check" in err and "pdf" in err
    assert list(tmp_path.iterdir()) == []


def test_a_pack_is_written_without_pdfium_or_reportlab_in_the_main_process(tmp_path):  # type: ignore[no-untyped-def]
    """Both are imported by the child that writes and reads the PDF (a lean main process)."""
    script = (
        "import sys\n"
        "from cardgen.cli import run\n"
        f"assert run(['pack', '--pattern', 'two', '--census', '7', '--out', {str(tmp_path)!r}]) == 0\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'pypdfium2', 'reportlab'}))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"
    assert run(["check", str(tmp_path / "got-pattern-two-census-7")]) == 0


def test_when_this_process_is_slow_the_child_writes_the_svgs_from_the_end_and_the_bytes_are_the_same(  # type: ignore[no-untyped-def]
    tmp_path, monkeypatch
):
    """The two processes meet somewhere in the list of SVGs: each file is written once, whole."""
    import cardgen.products.deck as deck

    args = ["pack", "--pattern", "two", "--census", "5", "--copies", "2"]
    monkeypatch.setattr(aside_module, "can_fork", lambda: False)
    assert run([*args, "--out", str(tmp_path / "serial")]) == 0
    monkeypatch.undo()

    main, real = os.getpid(), deck.render
    made_here: list[int] = []

    def slow_here(fmt, pages, *, title=""):  # type: ignore[no-untyped-def]
        if fmt == "svg" and os.getpid() == main:
            made_here.append(1)
            time.sleep(0.02)
        return real(fmt, pages, title=title)

    monkeypatch.setattr(deck, "render", slow_here)
    assert run([*args, "--out", str(tmp_path / "forked")]) == 0
    forked, serial = tree(tmp_path / "forked"), tree(tmp_path / "serial")
    assert forked == serial
    cards = sum(1 for name in serial if "/cards/" in name)
    assert 0 < len(made_here) < cards  # this process wrote some, the child the rest


def test_a_child_killed_from_outside_is_one_line(capsys):  # type: ignore[no-untyped-def]
    def work(send):  # type: ignore[no-untyped-def]
        os.kill(os.getpid(), 9)  # as the out-of-memory killer would

    with Aside(work, fork=True) as a, pytest.raises(CardgenError, match="stopped by signal 9"):
        a.count()
