"""The online tables' hand download as a PokerStars hand history (issue 25): the same hand,
the same privacy and the same refusals as the PHH download, in PokerStars' text."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from pokertd.room.pokerstars_download import pokerstars_for
from pokertd.room.tables import TableError, hash_token, view
from pokertd.storage import open_store

from test_tables import Clock, open_table


@pytest.fixture
def store(tmp_path: Path):
    s = open_store(f"sqlite:///{tmp_path / 'tables.db'}")
    yield s
    s.close()


def test_the_pokerstars_download_deals_only_the_players_own_cards(store):
    """Hero's ``Dealt to`` line only; the others' cards only where shown at the table; the
    seats, names, stacks and button as at the table; a spectator is refused."""
    from poker.room.pokerstars import PokerStarsHandHistory
    clock = Clock()
    server, t, _ = open_table(store, clock)
    token = t.join("Ann", 1, 1000)           # a person: identified by her token, not her seat
    t.join("Bob", 2, 1000, bot="random")
    t.join("Cy", 3, 1000, bot="random")
    while t.hands < 6:
        clock.now += 1
        t.tick(clock.now)
        if t.actor_seat() == 1:               # Ann checks or calls in her turn
            la = view(t, hash_token(token), clock.now)["legal"]
            t.act(1, "check" if la.get("check") else "call")
    for played in list(t.history)[:5]:
        me = "Ann"
        position = played.position(hash_token(token))
        text = pokerstars_for(t, played.number, hash_token(token))
        assert re.findall(r"^Dealt to (\S+)", text, re.M) == [me]
        mine = next(e["cards"] for e in played.events
                    if e["type"] == "dealt" and e["player"] == position)
        assert f"Dealt to {me} [{' '.join(mine)}]" in text
        shown = {e["player"] for e in played.events if e["type"] == "shown"}
        for e in played.events:
            if e["type"] == "dealt" and e["player"] not in shown and e["player"] != position:
                assert not any(c in text for c in e["cards"] if c not in _board(played))
        p = PokerStarsHandHistory(text)
        p.parse_header()
        p.parse()
        assert p.hero.name == me and int(p.ident) == played.number
        assert {pl.seat: pl.name for pl in p.players if pl.stack} == dict(zip(played.seats, played.names))
        assert f"Table '{t.name}' 6-max" in text
    with pytest.raises(TableError, match="only a player dealt in"):
        pokerstars_for(t, t.history[0].number, None)


def _board(played) -> set[str]:
    return {c for e in played.events if e["type"] == "board" for c in e["cards"]}


def test_the_route_serves_the_pokerstars_text_to_the_seat_token_and_refuses_others(tmp_path):
    """GET /tables/{name}/hands/{n}.txt?token=...: the player's hand as a PokerStars file; a
    wrong token is refused with the PHH download's message."""
    from fastapi.testclient import TestClient

    from pokertd.web.app import create_app

    with open_store(f"sqlite:///{tmp_path / 'web.db'}") as store, \
            TestClient(create_app(store, secret="the pokerstars tests' secret")) as http:
        csrf = http.get("/tables").text.split('name="csrf-token" content="')[1].split('"')[0]
        r = http.post("/tables/api/tables", headers={"X-CSRF-Token": csrf},
                      json={"name": "Stars", "bot_delay": 0, "act_seconds": 5, "time_bank": 0})
        assert r.status_code == 201, r.text
        t = http.app.state.tables.table("Stars")
        run = http.portal.call             # the table's commands run in the app's event loop
        token = run(lambda: t.join("Ann", 1, 1000))
        run(lambda: t.join("Bob", 2, 1000, bot="random"))
        now = time.time()
        while not any(1 in p.seats for p in t.history):
            now += 10                      # Ann's clock runs out: she is folded (or checks)
            run(t.tick, now)
        number = next(p.number for p in t.history if 1 in p.seats)
        r = http.get(f"/tables/Stars/hands/{number}.txt", params={"token": token})
        assert r.status_code == 200, r.text
        assert r.text.startswith(f"PokerStars Hand #{number}: ")
        assert "Dealt to Ann [" in r.text and "Dealt to Bob" not in r.text
        assert r.headers["content-disposition"] == f'attachment; filename="Stars-hand-{number}.txt"'
        r = http.get(f"/tables/Stars/hands/{number}.txt", params={"token": "not a token"})
        assert r.status_code == 403 and "only a player dealt in" in r.json()["error"]
        assert http.get(f"/tables/Stars/hands/{number}.txt").status_code == 401
