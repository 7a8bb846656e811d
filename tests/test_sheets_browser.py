"""The printed sheets (issue 22) printed to PDF by Chromium, on A4 and US Letter: the page size
and count (pdfinfo), every name that belongs on the sheet found in the PDF's text (pdftotext),
no seat-draw card cut across two pages, and the console's ``?paper=`` choosing the size through
CSS ``@page``. poppler-utils (pdfinfo, pdftotext, pdftoppm) is installed by the Makefile's test
setup, as Chromium is. Each sheet's first page is saved as PNG to tests/screenshots/ (git-ignored).
The sheets' content against the event: tests/test_sheets.py."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokertd.services.sheets import SHEETS
from test_sheets import down_to, icm_deal, night
from test_web_browser import SHOTS, LiveServer, log_in

pytestmark = pytest.mark.browser

#: Chromium's PDF page sizes in points (1/72 in): A4 is 210 x 297 mm, US Letter 8.5 x 11 in.
SIZES = {"A4": (595, 842), "Letter": (612, 792)}


def poppler(tool: str, *args: str) -> str:
    if shutil.which(tool) is None:
        pytest.fail(f"{tool} is missing: `make test` installs Debian's poppler-utils package "
                    "(apt-get install -y poppler-utils)", pytrace=False)
    return subprocess.run([tool, *args], check=True, capture_output=True, text=True).stdout


def pdf_pages(path: Path) -> tuple[int, tuple[float, float]]:
    info = poppler("pdfinfo", str(path))
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    w, h = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info).groups()
    return pages, (float(w), float(h))


def same_size(got: tuple[float, float], paper: tuple[int, int]) -> bool:
    """Within a point (Chromium rounds a page to whole CSS pixels)."""
    return all(abs(g - p) <= 1.5 for g, p in zip(got, paper))


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("sheets-browser"))
    night(server.service, "Start")
    night(server.service, "Over")
    down_to(server.service, "Over", 4)
    icm_deal(server.service, "Over")
    down_to(server.service, "Over", 1)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def console(browser, live: LiveServer):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    log_in(page, live)
    try:
        yield page
    finally:
        ctx.close()


def expected_names(live: LiveServer, kind: str) -> tuple[str, list[str]]:
    """The event a sheet is printed of, and the names that must be on it."""
    if kind in ("seat-draw", "tables"):
        t = live.service.load("Start").tournament
        return "Start", sorted(t.floor.where)
    t = live.service.load("Over").tournament
    if kind == "payouts":
        return "Over", sorted(p.name for p in t.players.values() if p.place <= len(t.payouts))
    return "Over", sorted(t.players)


@pytest.mark.parametrize("kind", list(SHEETS))
@pytest.mark.parametrize("paper, fmt", [("a4", "A4"), ("letter", "Letter")])
def test_each_sheet_prints_to_pdf_with_every_name(console, live: LiveServer, tmp_path: Path,
                                                  kind: str, paper: str, fmt: str) -> None:
    name, names = expected_names(live, kind)
    console.goto(f"{live.base}/console/events/{name}/sheets/{kind}?paper={paper}")
    pdf = tmp_path / f"{kind}-{paper}.pdf"
    console.pdf(path=str(pdf), format=fmt)
    pages, (w, h) = pdf_pages(pdf)
    assert same_size((w, h), SIZES[fmt]) and pages >= 1, (w, h)
    text = poppler("pdftotext", "-layout", str(pdf), "-")
    for n in names:
        assert n in text, (kind, n)
    SHOTS.mkdir(exist_ok=True)
    poppler("pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", "-singlefile", str(pdf),
            str(SHOTS / f"sheet-{kind}-{paper}"))


@pytest.mark.parametrize("paper, fmt", [("a4", "A4"), ("letter", "Letter")])
def test_the_paper_chosen_in_the_console_sizes_the_pdf(console, live: LiveServer,
                                                       tmp_path: Path, paper: str,
                                                       fmt: str) -> None:
    """``?paper=`` sets CSS @page: printed at the page's own size, the PDF has it."""
    console.goto(f"{live.base}/console/events/Over/sheets/results?paper={paper}")
    pdf = tmp_path / "results.pdf"
    console.pdf(path=str(pdf), prefer_css_page_size=True)
    _, (w, h) = pdf_pages(pdf)
    assert same_size((w, h), SIZES[fmt]), (w, h)


@pytest.mark.parametrize("paper, fmt", [("a4", "A4"), ("letter", "Letter")])
def test_no_seat_draw_card_is_cut_across_two_pages(console, live: LiveServer, tmp_path: Path,
                                                   paper: str, fmt: str) -> None:
    """23 cards take more than one page: each page holds whole cards (a name and its table
    and seat on the same page), every card once."""
    console.goto(f"{live.base}/console/events/Start/sheets/seat-draw?paper={paper}")
    pdf = tmp_path / "cards.pdf"
    console.pdf(path=str(pdf), format=fmt)
    pages, _ = pdf_pages(pdf)
    assert pages >= 2
    seen: list[str] = []
    for n in range(1, pages + 1):
        text = poppler("pdftotext", "-f", str(n), "-l", str(n), "-layout", str(pdf), "-")
        names = re.findall(r"Player \d\d", text)
        seats = re.findall(r"Table \d+ · Seat \d+", text)
        assert len(names) == len(seats) > 0, (n, text)
        seen += names
    assert sorted(seen) == sorted(live.service.load("Start").tournament.floor.where)


def test_the_console_links_the_sheets(console, live: LiveServer) -> None:
    console.goto(f"{live.base}/console/events/Start")
    console.click("#sheets summary")
    links = console.locator("#sheets a")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert hrefs == [f"/console/events/Start/sheets/{k}?paper={p}"
                     for k in SHEETS for p in ("a4", "letter")]
    SHOTS.mkdir(exist_ok=True)
    console.screenshot(path=str(SHOTS / "console-print-menu-laptop.png"))
