"""The console's forecast card in a real browser (issue 15): Debian's Chromium headless,
driven by Playwright in a child process (the browser tests' own Playwright may be running in
this one), against the web application on a loopback port: the card fills in when asked and
is asked again after each bust-out, and the room's clock shows its end. The HTML report renders
its chart. A screenshot of each is
saved to tests/screenshots/ (git-ignored)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_web_browser import ARGS, CHROMIUM, PASSWORD, LiveServer
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.tournament.house import config_preset

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).parent / "screenshots"

DRIVER = r"""
import json, sys
from playwright.sync_api import sync_playwright
base, password, shot, chromium, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], json.loads(sys.argv[5])
with sync_playwright() as p:
    b = p.chromium.launch(executable_path=chromium, args=args)
    page = b.new_page(viewport={"width": 1366, "height": 900})
    page.goto(base + "/login")
    page.fill("input[name=username]", "ann")
    page.fill("input[name=password]", password)
    page.click("#login button[type=submit]")
    page.wait_for_url(base + "/console")
    page.goto(base + "/console/events/Friday")
    page.click("#forecast-form button")
    notes = page.locator("#forecast-notes")
    page.wait_for_function("document.getElementById('forecast-notes').textContent.includes('19 players left')", timeout=120000)
    rows = page.locator("#forecast-table tr").all_inner_texts()
    print(json.dumps({"rows": rows, "notes": notes.inner_text()}), flush=True)
    sys.stdin.readline()                         # the test busts a player meanwhile
    page.wait_for_function("document.getElementById('forecast-notes').textContent.includes('18 players left')", timeout=120000)
    page.locator("#forecast-card").screenshot(path=shot)
    print(json.dumps({"notes": notes.inner_text()}), flush=True)
    room = b.new_page(viewport={"width": 1920, "height": 1080})
    room.goto(base + "/events/Friday/clock")
    room.wait_for_selector("#forecast-stat:not([hidden])", timeout=60000)
    room.screenshot(path=shot.replace("card", "clock"))
    print(json.dumps({"clock": room.locator("#forecast-stat").inner_text()}), flush=True)
    b.close()
"""


@pytest.fixture
def live(tmp_path):
    server = LiveServer(tmp_path)
    try:
        yield server
    finally:
        server.stop()


def test_the_forecast_card_fills_in_when_asked_and_follows_the_bust_outs(live):
    svc = live.service
    svc.create("Friday", config_preset("gananda"), seed=1)
    svc.register("Friday", [f"p{i:02d}" for i in range(1, 21)])
    svc.start("Friday")
    live.clock.now += 600
    svc.bust("Friday", "p01")
    SHOTS.mkdir(exist_ok=True)
    child = subprocess.Popen([sys.executable, "-c", DRIVER, live.base, PASSWORD,
                              str(SHOTS / "forecast-card.png"), CHROMIUM, json.dumps(ARGS)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        first = json.loads(child.stdout.readline())
        assert [r.split("\t")[0] for r in first["rows"]] == ["Bubble (the money)",
                                                             "Final table", "End"]
        assert "19 players left" in first["notes"] and "100 simulated tournaments" in first["notes"]
        live.clock.now += 300
        svc.bust("Friday", "p02")
        child.stdin.write("go\n")
        child.stdin.flush()
        second = json.loads(child.stdout.readline())
        assert "18 players left" in second["notes"]
        clock = json.loads(child.stdout.readline())["clock"]
        assert "forecast end" in clock.lower() and "as of" in clock
        assert child.wait(60) == 0
    finally:
        if child.poll() is None:
            child.kill()


def test_the_html_report_draws_its_chart(tmp_path):
    page = tmp_path / "forecast.html"
    r = CliRunner().invoke(app, ["structure", "forecast", "--players", "20,30", "--runs", "6",
                                 "--jobs", "1", "--format", "html", "--finish-by", "23:00"])
    assert r.exit_code == 0, r.output
    page.write_text(r.output)
    probe = ("import json, sys\nfrom playwright.sync_api import sync_playwright\n"
             "with sync_playwright() as p:\n"
             "    b = p.chromium.launch(executable_path=sys.argv[1], args=json.loads(sys.argv[2]))\n"
             "    pg = b.new_page(viewport={'width': 1200, 'height': 900})\n"
             "    pg.goto(sys.argv[3])\n"
             "    box = pg.locator('.chart svg').bounding_box()\n"
             "    pg.screenshot(path=sys.argv[4], full_page=True)\n"
             "    print(json.dumps({'box': box, 'h2': pg.locator('h2').all_inner_texts()}))\n"
             "    b.close()\n")
    SHOTS.mkdir(exist_ok=True)
    out = subprocess.run([sys.executable, "-c", probe, CHROMIUM, json.dumps(ARGS),
                          page.as_uri(), str(SHOTS / "forecast-report.png")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout)
    assert seen["box"]["width"] > 600 and seen["box"]["height"] > 400
    assert seen["h2"][:2] == ["gananda, 20 players", "gananda, 30 players"]
