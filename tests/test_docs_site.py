"""The documentation site builds strictly (a broken link or anchor, a page missing from the nav or a
nav entry without its page fails), its nav holds every page, and the page of rule decisions is what
the code says (docs/make_decisions.py)."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def test_mkdocs_build_strict(tmp_path):
    if importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("material") is None:
        pytest.skip("mkdocs and mkdocs-material are not installed (pip install -e '.[docs]')")
    site = tmp_path / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(ROOT / "mkdocs.yml"), "-d", str(site)],
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    index = (site / "index.html").read_text("utf-8")
    assert "cardgen" in index
    # every page of the nav was written, pictures too
    for page in (
        "commands/pack",
        "games/got",
        "printing",
        "decisions",
        "architecture",
        "benchmarks",
        "studio",
        "cluster",
    ):
        assert (site / page / "index.html").is_file(), page
    assert (site / "hand.png").is_file()


def test_every_page_is_in_the_nav():
    nav = (ROOT / "mkdocs.yml").read_text("utf-8")
    named = set(re.findall(r":\s*([\w/-]+\.md)\s*$", nav, re.MULTILINE))
    pages = {str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md")}
    assert pages == named


def test_the_decisions_page_is_what_the_code_says():
    spec = importlib.util.spec_from_file_location("make_decisions", DOCS / "make_decisions.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page = (DOCS / "decisions.md").read_text("utf-8")
    assert page == module.render(), "docs/decisions.md is out of date: run python docs/make_decisions.py"
    from cardgen.rules.amtrak import play as amtrak
    from cardgen.rules.got import play as got
    from cardgen.rules.supertrain import play as supertrain

    flat = " ".join(page.split())
    for decision in got.DECISIONS + amtrak.DECISIONS + supertrain.DECISIONS:
        assert " ".join(decision.replace("``", "`").split()) in flat


def test_the_readme_is_short_and_the_docs_hold_the_rest():
    readme = (ROOT / "README.md").read_text("utf-8")
    assert len(readme.splitlines()) <= 300 and len(readme.split()) <= 2500
    for word in ("census", "pattern", "block", "pack", "copies", "seed"):  # the glossary for players
        assert f"- **{word}**: " in readme, word
    assert "mkdocs serve" in readme


def test_a_site_built_into_the_clone_is_ignored():
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    proc = subprocess.run(["git", "check-ignore", "-q", "site/index.html"], cwd=ROOT)
    assert proc.returncode == 0, "add site/ to .gitignore"


def test_ci_builds_the_site_and_the_readme_links_resolve():
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert re.search(r"pip install -q -e '\.\[([a-z]+,)*docs(,[a-z]+)*\]'", ci) and "mkdocs build --strict" in ci
    readme = (ROOT / "README.md").read_text("utf-8")
    targets = [
        (a or b).split("#")[0]
        for a, b in re.findall(r"\]\(([^)]+)\)|src=\"([^\"]+)\"", readme)
        if "://" not in (a or b)
    ]
    assert targets and [t for t in targets if not (ROOT / t).exists()] == []
