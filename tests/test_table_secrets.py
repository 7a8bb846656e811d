"""A table's secrets (issue 21): whoever asks, a frame's recipient or a PHH download, is
identified by who was dealt in each hand (his token, recorded with the hand), never by the
seat he sits in now. A newcomer in a seat its last occupant freed (he left, or lost every
chip) never sees that occupant's cards; the occupant who left still downloads his own hand."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pokertd.room.server import TableServer
from pokertd.room.tables import TableConfig, TableError, frames, hash_token, phh_for, view
from pokertd.storage import open_store


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path: Path):
    s = open_store(f"sqlite:///{tmp_path / 'secrets.db'}")
    yield s
    s.close()


# a long pause between hands: the newcomer sits down before the next deal
SLOW_DEAL = TableConfig(seats=3, small_blind=5, big_blind=10, act_seconds=10, time_bank=0,
                        bot_delay=0, pause_seconds=60)


def _table(store, clock):
    server = TableServer(store, clock=clock, rng=lambda n: random.Random(f"secrets:{n}"))
    t, _ = server.open_table("T1", SLOW_DEAL)
    return t


def _dealt(played, position):
    return next(e["cards"] for e in played.events
                if e["type"] == "dealt" and e["player"] == position)


def _play_to_end(t, clock, *, act=None):
    """Tick the table (``act(t)`` for a person to act) until its hand is over."""
    assert t.hand is not None
    for _ in range(500):
        if t.hand is None and t.played is None:
            return t.history[0]
        if act is not None and t.actor_seat() is not None and \
                t.seats[t.actor_seat() - 1].bot is None and act(t):
            continue
        clock.now += 1
        t.tick(clock.now)
    raise AssertionError("the hand did not end")


def _newcomer_sees_nothing_of(t, played, position, newcomer):
    """The newcomer's frame and downloads hold none of the cards dealt at ``position``."""
    cards = _dealt(played, position)
    shown = {e["player"] for e in played.events if e["type"] == "shown"}
    assert position not in shown          # (a card shown at the showdown is everyone's)
    who = hash_token(newcomer)
    v = view(t, who)
    me = v["seats"][played.seats[position] - 1]
    assert me["you"] is True and me["cards"] is None, me
    text = json.dumps(v)
    assert not [c for c in cards if f'"{c}"' in text or f" {c}" in text], (cards, text)
    sent = frames(t, [(who, False)])[(who, False)]
    assert not [c for c in cards if f'"{c}"' in sent], cards
    with pytest.raises(TableError, match="only a player dealt in"):
        phh_for(t, played.number, who)


def test_a_newcomer_in_the_seat_of_a_player_who_folded_and_left_never_sees_his_cards(store):
    """Ann folds (IFP 8: a player who leaves is folded in turn) and leaves; Bob sits in her
    seat before the next deal: his frame shows his seat without cards, and the download of
    the hand Ann played in that seat is refused to him. Ann, gone, still downloads it with
    her token (she was dealt in it)."""
    clock = Clock()
    t = _table(store, clock)
    ann = t.join("Ann", 1, 1000)
    t.join("Bot", 2, 1000, bot="calling")
    clock.now += 61
    t.tick(clock.now)                                # the deal
    assert t.hand is not None
    t.leave(1)                                       # folded in turn, the seat freed after
    played = _play_to_end(t, clock)
    position = played.seats.index(1)
    assert t.seats[0] is None
    bob = t.join("Bob", 1, 1000)
    assert t.hand is None                            # before the next deal
    _newcomer_sees_nothing_of(t, played, position, bob)
    mine = "".join(_dealt(played, position))
    assert f"d dh p{position + 1} {mine}" in phh_for(t, played.number, hash_token(ann))


def test_a_newcomer_in_the_seat_of_a_player_who_went_broke_never_sees_his_cards(store):
    """Ann folds a hand, then goes all in against a calling station until she has lost every
    chip (her seat is freed at the hand's end); Bob sits there before the next deal. Her last
    hand's cards were tabled (TDA 16: all-in hands face up): everyone's, shown beside her
    name in the showdown, never in Bob's seat. Her folded hands in that seat are no
    download of Bob's; she still downloads them with her token."""
    from pokertd.engine import IllegalAction

    clock = Clock()
    t = _table(store, clock)
    t.join("Bot", 2, 2000, bot="calling")
    ann = t.join("Ann", 1, 200)

    def ann_acts(tb) -> bool:
        if tb.hands == 1:
            try:
                tb.act(1, "fold")
            except IllegalAction:
                tb.act(1, "check")
        else:
            tb.act(1, "all_in")
        return True

    for _ in range(100):
        if t.seats[0] is None:
            break
        if t.seats[1] is None:                       # the calling station went broke
            t.join(f"Bot {t.hands}", 2, 2000, bot="calling")
        clock.now += 61
        t.tick(clock.now)
        _play_to_end(t, clock, act=ann_acts)
    assert t.seats[0] is None and t.hands >= 2
    bust = t.history[0]
    bob = t.join("Bob", 1, 1000)
    v = view(t, hash_token(bob))
    assert v["seats"][0]["you"] is True and v["seats"][0]["cards"] is None
    position = bust.seats.index(1)
    assert [s["cards"] for s in v["showdown"] if s["name"] == "Ann"] == [_dealt(bust, position)]
    for played in t.history:
        with pytest.raises(TableError, match="only a player dealt in"):
            phh_for(t, played.number, hash_token(bob))
        assert phh_for(t, played.number, hash_token(ann))


def test_every_refusal_of_a_phh_download_is_the_table_apis_json_error(tmp_path):
    """One error shape for the table HTTP API, ``{"error": message}`` (the web application's,
    what ``/tables/api/...`` answers): no token 401, a wrong token or a hand the token was not
    dealt in 403, an unknown table or hand 404, a hand not over yet 409, a hand number that is
    no number 422; each message says what was wrong and what would be right."""
    from fastapi.testclient import TestClient

    from pokertd.web.app import create_app

    with open_store(f"sqlite:///{tmp_path / 'web.db'}") as store, \
            TestClient(create_app(store, secret="refusals")) as client:
        csrf = client.get("/tables").text.split('name="csrf-token" content="')[1].split('"')[0]
        r = client.post("/tables/api/tables", headers={"X-CSRF-Token": csrf}, json={
            "name": "Refusals", "seats": 3, "act_seconds": 600, "bot_delay": 0,
            "pause_seconds": 0, "bots": 1})
        assert r.status_code == 201, r.text

        def until(ws, test):
            for _ in range(200):
                f = ws.receive_json()
                if test(f):
                    return f
            raise AssertionError("no such frame")

        with client.websocket_connect("/tables/Refusals/ws") as ann, \
                client.websocket_connect("/tables/Refusals/ws") as bob:
            ann.send_json({"type": "join", "name": "Ann", "seat": 1, "stack": 1000, "id": "j"})
            ann_token = until(ann, lambda f: f["type"] == "joined")["token"]
            until(ann, lambda f: f["type"] == "state" and f.get("legal"))
            ann.send_json({"type": "act", "action": "fold", "id": "f1"})     # hand 1 over
            bob.send_json({"type": "join", "name": "Bob", "seat": 2, "stack": 1000, "id": "j"})
            bob_token = until(bob, lambda f: f["type"] == "joined")["token"]
        with client.websocket_connect("/tables/Refusals/ws") as spectator:
            f = until(spectator, lambda f: f["type"] == "state" and f["hand"]
                      and not f["hand"]["done"])      # a person to act: the hand waits
            playing = f["hand"]["number"]
        assert playing >= 2

        def phh(path, **params):
            return client.get(f"/tables/{path}", params=params)

        mine = phh("Refusals/hands/1.phh", token=ann_token)
        assert mine.status_code == 200 and "d dh" in mine.text
        before = sum(len(store.read(s.id)) for s in store.streams())
        for (path, params), status, words in [
                (("Refusals/hands/1.phh", {}), 401, "token: give the token you played"),
                (("Refusals/hands/1.phh", {"token": "not a token"}), 403,
                 "only a player dealt in may download it"),
                (("Refusals/hands/1.phh", {"token": bob_token}), 403,
                 "only a player dealt in may download it"),        # Bob sat down after it
                (("Nowhere/hands/1.phh", {"token": ann_token}), 404, "no table named 'Nowhere'"),
                (("Refusals/hands/99.phh", {"token": ann_token}), 404,
                 f"hand 99 is not among the last 10 hands of this table (hands 1 to "
                 f"{playing - 1})"),
                ((f"Refusals/hands/{playing}.phh", {"token": ann_token}), 409,
                 f"hand {playing} is still being played: download it once it is over"),
                (("Refusals/hands/one.phh", {"token": ann_token}), 422,
                 "hand number 'one': a whole number"),
                (("Refusals/hands/" + "9" * 5000 + ".phh", {"token": ann_token}), 422,
                 "hand number '99999999999999999999': a whole number")]:
            r = phh(path, **params)
            assert r.status_code == status, (path, params, r.status_code, r.text)
            assert r.headers["content-type"] == "application/json", r.headers
            assert list(r.json()) == ["error"] and words in r.json()["error"], r.json()
        assert sum(len(store.read(s.id)) for s in store.streams()) == before
        # the table API's own refusals have the same shape
        r = client.get("/tables/api/events/Nowhere")
        assert r.status_code == 404 and list(r.json()) == ["error"]


def test_a_log_from_before_the_hands_recorded_who_was_dealt_in_replays_the_same_identity(
        store, tmp_path):
    """A table log written before ``hand_started`` carried ``tokens``: loaded again, each
    hand's dealt-in tokens are the seats' at the deal (the replay's state), so Ann's own
    cards and downloads are hers and Bob, in her seat since, gets none of them."""
    from pokertd.room.tables import KIND, Table
    from pokertd.storage import NewEvent

    clock = Clock()
    t = _table(store, clock)
    ann = t.join("Ann", 1, 1000)
    t.join("Bot", 2, 1000, bot="calling")
    clock.now += 61
    t.tick(clock.now)
    t.leave(1)
    played = _play_to_end(t, clock)
    bob = t.join("Bob", 1, 1000)
    old = open_store(f"sqlite:///{tmp_path / 'old.db'}")
    try:
        records = store.read(t.stream_id)
        with old.transaction() as log:
            info = log.create_stream(KIND, "T1", {"event": None})
            log.append(info.id, 0, [NewEvent(r.type, {k: v for k, v in r.payload.items()
                                                      if not (r.type == "hand_started"
                                                              and k == "tokens")})
                                    for r in records])
        assert all("tokens" not in r.payload for r in old.read(info.id)
                   if r.type == "hand_started")
        again = Table.load(old, "T1", clock=clock)
        assert again.history[0].tokens == played.tokens
        _newcomer_sees_nothing_of(again, again.history[0], played.seats.index(1), bob)
        assert phh_for(again, played.number, hash_token(ann)) == phh_for(
            t, played.number, hash_token(ann))
    finally:
        old.close()


def test_a_table_where_a_player_left_mid_hand_loads_again_from_its_log(store):
    """IFP 8: a player who leaves holding a hand is folded in turn, his seat free at the
    hand's end. The replay did not know the hand was in play (it rebuilds the hand at the end
    of the load): the seat was freed at the ``left`` event and his fold's time bank then
    refused ("seat 1 is empty"), so the table could not be loaded again (a restarted server).
    Loaded now, it is the live table."""
    from pokertd.room.tables import Table

    clock = Clock()
    t = _table(store, clock)
    ann = t.join("Ann", 1, 1000)
    t.join("Bot", 2, 1000, bot="calling")
    clock.now += 61
    t.tick(clock.now)
    t.leave(1)
    assert t.seats[0] is not None and t.seats[0].leaving        # his hand is still in play
    mid = Table.load(store, "T1", clock=clock)
    assert mid.seats[0] is not None and mid.seats[0].leaving
    _play_to_end(t, clock)
    again = Table.load(store, "T1", clock=clock)
    assert again.seats[0] is None and t.seats[0] is None
    for who in (None, hash_token(ann)):
        assert view(again, who, clock.now) == view(t, who, clock.now)
