"""Regression tests for the crashes the fuzzers of issue 13 found (tests/test_fuzz_parsers.py,
tests/test_fuzz_commands.py): each input used to raise an untyped exception (TypeError,
AttributeError, csv.Error, a bare ValueError of float()) and is now refused by the parser's own
error with a message naming the field, row, event or position."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from pokertd.engine import Hand, replay
from pokertd.formats import phh
from pokertd.formats.phh_reader import PHHError
from pokertd.league.formula import FormulaError, parse as parse_formula
from pokertd.services.seasons import ImportRefused, parse_csv
from pokertd.rules import RuleSet
from pokertd.tournament.structure import Structure, StructureError

PHH_TEXT = sorted((Path(__file__).parent / "data" / "phh").rglob("*.phh"))[0].read_text()


def test_a_phh_variant_that_is_not_text_is_refused_by_name():
    data = tomllib.loads(PHH_TEXT)
    data["variant"] = []                       # was: TypeError: unhashable type: 'list'
    with pytest.raises(PHHError, match=r"unsupported variant: \[\] \(this engine plays NT, FT\)"):
        phh.replay(data)


def test_a_phh_player_written_with_other_digits_is_an_unknown_player():
    data = tomllib.loads(PHH_TEXT)
    data["actions"] = ["d dh p\u00b2 AsKs"]     # a superscript two passes str.isdigit()
    with pytest.raises(PHHError, match="action 0: unknown player 'p\u00b2'"):
        phh.replay(data)


def _events() -> list[dict]:
    h = Hand([1000, 1000, 1000], (5, 10), seed=1)
    while not h.done:
        h.check_call()
    return json.loads(json.dumps(h.events()))


def test_a_rule_flag_of_the_wrong_kind_is_refused_by_the_rule_set():
    with pytest.raises(ValueError, match="RuleSet field pot_limit_counts_full_blinds: "
                                         "expected true or false, got None"):
        RuleSet.from_dict({"name": "ifp-2012", "pot_limit_counts_full_blinds": None})
    with pytest.raises(ValueError, match="RuleSet field clock_seconds: expected a whole number"):
        RuleSet.preset().override(clock_seconds="60")
    events = _events()
    events[0]["config"]["rules"]["winner_must_show"] = None   # was: TypeError in the engine
    with pytest.raises(ValueError, match="winner_must_show: expected true or false"):
        replay(events)


def test_hand_events_that_are_not_objects_are_refused_naming_the_event():
    events = _events()
    events[3] = None                          # was: AttributeError: 'NoneType' ... 'get'
    with pytest.raises(ValueError, match="event 3: expected an object with a 'type', got None"):
        replay(events)
    events = _events()
    del events[0]["config"]["stacks"]          # was: KeyError: 'stacks'
    with pytest.raises(ValueError, match="event 0 \\(started\\): the set-up has no 'stacks'"):
        replay(events)
    events = _events()
    events[0]["config"]["auto_showdown"] = None
    events[0]["config"]["heads_up_tournament"] = None   # was: TypeError from the engine
    with pytest.raises(ValueError, match="event 0 \\(started\\): not a hand's set-up"):
        replay(events)


def test_a_league_csv_with_a_lone_carriage_return_is_read_as_a_line_end():
    text = ("event,date,player,finish,buyins,rebuys,addons,knocked_out_by\r"
            "T1,2014-10-04,Ann,1,1,0,0,\rT1,2014-10-04,Bob,2,1,0,0,Ann\r")
    events = parse_csv(text)                  # was: _csv.Error: new-line character seen ...
    assert [r.player for r in events[0].results] == ["Ann", "Bob"]
    with pytest.raises(ImportRefused, match="row 1: the header must be"):
        parse_csv("\r0")


def test_a_league_csv_field_over_the_csv_limit_is_refused_by_row():
    text = ("event,date,player,finish,buyins,rebuys,addons,knocked_out_by\n"
            "T1,2014-10-04,Ann,1,1,0,0,\n" f"T1,2014-10-04,\"{'B' * 200_000}\",2,1,0,0,\n")
    with pytest.raises(ImportRefused, match=r"row \d: not CSV \(field larger than field limit"):
        parse_csv(text)


def test_a_structure_level_without_its_blinds_is_refused_by_field():
    text = 'name = "x"\nstarting_stack = 1000\n[[periods]]\nminutes = 20\n'
    # was: TypeError: Level.__init__() missing 2 required positional arguments
    with pytest.raises(StructureError, match="missing field 'small_blind' \\(required: minutes, "
                                             "small_blind, big_blind\\)"):
        Structure.from_toml(text)


def test_a_formula_number_with_a_superscript_digit_is_refused_at_its_position():
    # was: ValueError: could not convert string to float: '²10' (no position)
    with pytest.raises(FormulaError, match="position 1: unexpected character '\u00b2'"):
        parse_formula("\u00b210 * sqrt(n)")


def test_a_declared_bet_that_is_a_number_is_an_amount_and_any_other_value_is_refused():
    from pokertd.rules.declarations import ImpossibleBet, parse_declared
    assert parse_declared(300) == parse_declared("300")
    with pytest.raises(ImpossibleBet, match=r"not a declaration: \[\] \(say call, raise"):
        parse_declared([])                     # was: AttributeError: 'list' ... 'strip'
    h = Hand([1000, 1000], (5, 10), seed=1)
    with pytest.raises(ValueError, match="not a declaration"):
        h.physical_bet([], {})
    assert h.events() == Hand([1000, 1000], (5, 10), seed=1).events()


def test_busting_a_name_that_is_no_player_is_refused_whatever_it_is():
    from pokertd.tournament.director import DirectorError, Tournament
    from pokertd.tournament.house import config_preset
    t = Tournament(config_preset("gananda"), seed=1, dealt=False)
    for p in ("Ann", "Bob", "Cy"):
        t.register(p)
    t.start(0.0)
    n = len(t.events)
    with pytest.raises(DirectorError, match=r"unknown player \[\]"):
        t.bust([])                             # was: TypeError: unhashable type: 'list'
    assert len(t.events) == n


@pytest.mark.parametrize("body", [b"", b"not json", b"\xff\xfe", b"[1, 2]", b'"Ann"'])
@pytest.mark.parametrize("command", ["enter", "start", "bots"])
def test_a_dealt_event_command_whose_body_is_not_a_json_object_is_422_with_its_message(
        tmp_path, command, body):
    """Found by the API fuzzer (tests/test_api_fuzz.py): the dealt events' enter, start and
    bots read their body as JSON by hand, and a body that was not a JSON object was a 500
    (JSONDecodeError, or AttributeError on a list)."""
    import re

    from fastapi.testclient import TestClient

    from pokertd.storage import open_store
    from pokertd.web.app import create_app

    with open_store(f"sqlite:///{tmp_path / 'web.db'}") as store:
        client = TestClient(create_app(store, secret="regression"), raise_server_exceptions=False)
        page = client.get("/tables").text
        csrf = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
        opened = client.post("/tables/api/events", headers={"X-CSRF-Token": csrf},
                             json={"name": "Night", "seats": 4, "table_size": 4})
        assert opened.status_code == 201
        before = sum(len(store.read(s.id)) for s in store.streams())
        r = client.post(f"/tables/api/events/Night/{command}", content=body,
                        headers={"X-CSRF-Token": csrf, "Content-Type": "application/json"})
        assert r.status_code == 422
        assert r.json()["error"].startswith("the body must be a JSON object")
        assert sum(len(store.read(s.id)) for s in store.streams()) == before
