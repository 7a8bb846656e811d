"""A player's phone (issue 9: "a QR code on the clock and seats screens opens a watch-only copy
on a player's phone (the clock, his seat, the payouts, the league), and a player who looks
himself up there sees his table moves as they are announced"): the page, the QR code that
opens it, and the moves named by player in what the screens are sent. In a browser: see
tests/test_web_browser_event.py."""

from __future__ import annotations

from fastapi.testclient import TestClient

from test_web_app import _started, app, clock, director, store, template_db  # noqa: F401
from test_web_console_notes import _until_moves


def test_the_phone_view_is_public_and_the_screens_qr_codes_open_it(app, director) -> None:  # noqa: F811
    _started(director, players=12)
    anon = TestClient(app)
    page = anon.get("/events/Friday/phone")
    assert page.status_code == 200
    assert 'id="my-name"' in page.text and "/league" in page.text
    for screen in ("clock", "seats"):
        assert "qr.svg?to=phone" in anon.get(f"/events/Friday/{screen}").text
    assert anon.get("/events/Friday/qr.svg").status_code == 200
    assert anon.get("/events/Nowhere/phone").status_code == 404


def test_each_announced_move_names_the_player_it_moves(director) -> None:  # noqa: F811
    _started(director, players=19)
    s = _until_moves(director)
    state = director.get("/events/Friday/state").json()
    assert state["pending_moves"]
    for m in state["pending_moves"]:
        if m["player"] is not None:
            assert m["text"].startswith(f"{m['player']}: table ")
    moved = {m["player"] for m in state["pending_moves"]} - {None}
    assert moved and all(any(line.startswith(f"{p}: ") for line in s["moves_to_make"])
                         for p in moved)
