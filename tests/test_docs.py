"""The documentation site (issue 23): MkDocs with the Material theme, built with --strict (a
broken link, a missing page or a reference that does not resolve fails the build), its
command-line reference generated from the Typer application and its API reference from the
docstrings; the web server serves it at /docs and links to it from every page's bar."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return out


def test_the_site_builds_strict_with_every_page(site: Path) -> None:
    for page in ("director", "league", "floor", "web", "table-protocol", "tools", "library",
                 "design", "cli", "api"):
        assert (site / page / "index.html").is_file(), page
    assert "A night as tournament director" in (site / "director" / "index.html").read_text()


def test_the_command_line_reference_has_every_command(site: Path) -> None:
    from pokertd.cli.app import COMMANDS

    html = (site / "cli" / "index.html").read_text()
    for name in COMMANDS:
        assert f"pokertd {name}" in html, name
    for sub in ("pokertd tournament bust", "pokertd league standings", "pokertd floor bet"):
        assert sub in html, sub
    assert "--stacks" in html and "--knocked-out-by" in html or "--by" in html


def test_the_api_reference_comes_from_the_docstrings(site: Path) -> None:
    import ast

    html = (site / "api" / "index.html").read_text()
    # Read from the source: the compiled engine (mypyc) keeps no docstrings at run time.
    tree = ast.parse((ROOT / "src/pokertd/engine/hand.py").read_text())
    [hand] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Hand"]
    method = next(n for n in hand.body if isinstance(n, ast.FunctionDef) and n.name == "legal_actions")
    words = ast.get_docstring(method).split()[:4]
    assert "pokertd.engine.hand.Hand.legal_actions" in html
    assert " ".join(words) in " ".join(html.split())


def test_the_server_serves_the_site_and_links_to_it(site: Path, monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    from pokertd.storage import open_store
    from pokertd.web.app import create_app

    monkeypatch.setenv("POKERTD_DOCS_SITE", str(site))
    with open_store(str(tmp_path / "t.db")) as store:
        client = TestClient(create_app(store))
        home = client.get("/")
        assert home.status_code == 200 and 'href="/docs/"' in home.text
        page = client.get("/docs/director/")
        assert page.status_code == 200 and "A night as tournament director" in page.text
    monkeypatch.setenv("POKERTD_DOCS_SITE", str(tmp_path / "nowhere"))
    with open_store(str(tmp_path / "u.db")) as store:
        client = TestClient(create_app(store))
        assert 'href="/docs/"' not in client.get("/").text   # no site: no dead link
        assert client.get("/docs/").status_code == 404
