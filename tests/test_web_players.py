"""The player database (issue 9: "a player database (name, optional nickname and contact),
search as you type when registering, add a new one on the spot, import from CSV"): the service
on every backend of the store, and the console's requests."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from pokertd.services.players import CsvRefused, Person, PlayerDirectory, PlayerDirectoryError
from pokertd.storage import open_store
from test_web_app import app, clock, director, login, store, template_db  # noqa: F401

CSV = "name,nickname,contact\nAnn Lee,Annie,555-0101\nBob Ray,,bob@example.org\nCid,The Kid,\n"


def test_people_are_kept_in_the_store_and_read_back_by_every_backend(store_backend) -> None:
    with store_backend.open() as s:
        d = PlayerDirectory(s)
        d.add("Ann Lee", nickname="Annie", contact="555-0101")
        d.import_csv("name\nBob\n")
    # Another backend reads what this one wrote (the events of the ``players`` stream).
    with open_store(store_backend.url) as s:
        assert PlayerDirectory(s).people() == [Person("Ann Lee", "Annie", "555-0101"),
                                               Person("Bob")]


def test_a_name_is_one_person_without_regard_to_case(tmp_path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'p.db'}") as s:
        d = PlayerDirectory(s)
        d.add("Ann Lee")
        with pytest.raises(PlayerDirectoryError, match="ann lee is already in the player "
                                                       "database as Ann Lee"):
            d.add("ann lee")
        assert d.people() == [Person("Ann Lee")]


@pytest.mark.parametrize("name, message", [
    ("", "needs a name"), ("Ann,Bob", "may not contain ','"), (" Ann", "start or end"),
    ("A=1", "may not contain ','"), ("x" * 101, "at most 100")])
def test_a_name_registration_could_not_take_is_refused(tmp_path, name, message) -> None:
    """As ``tournament register``: the commands' lists (``--agree Ann,Bob``) could never name
    him again."""
    with open_store(f"sqlite:///{tmp_path / 'p.db'}") as s:
        with pytest.raises(PlayerDirectoryError, match=message):
            PlayerDirectory(s).add(name)
        assert s.streams() == []


@pytest.mark.parametrize("text, problems", [
    ("nickname,contact\nAnn,1\n", ["row 1: no name column"]),
    ("name,phone\nAnn,1\n", ["row 1: unknown column(s) 'phone'"]),
    ("name,name\nAnn,Bob\n", ["row 1: column(s) name named twice"]),
    ("name,nickname\nAnn,A\nBob,B,extra\n,C\nCid,\"x\ny\"\n",
     ["row 3: 3 values for 2 columns", "row 4, column name: a player needs a name",
      "row 5, column nickname: the nickname 'x\\ny': no line breaks"]),
    ("name\nAnn\nBob\nann\n", ["row 4, column name: ann is also on row 2"]),
    ("name\n", ["no players: the file has only its header row"]),
    ("", ["row 1: the file is empty"]),
])
def test_a_csv_import_names_every_bad_row_and_column_and_imports_nothing(
        tmp_path, text, problems) -> None:
    with open_store(f"sqlite:///{tmp_path / 'p.db'}") as s:
        d = PlayerDirectory(s)
        d.add("Zed")
        with pytest.raises(CsvRefused) as refused:
            d.import_csv(text)
        assert len(refused.value.problems) == len(problems)
        for got, want in zip(refused.value.problems, problems):
            assert got.startswith(want), (got, want)
        assert d.people() == [Person("Zed")]


def test_a_csv_import_refuses_a_name_already_in_the_database_by_its_row(tmp_path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'p.db'}") as s:
        d = PlayerDirectory(s)
        d.add("Bob Ray")
        with pytest.raises(CsvRefused, match="row 3, column name: Bob Ray is already"):
            d.import_csv(CSV)
        assert d.people() == [Person("Bob Ray")]


def test_a_csv_import_takes_the_columns_in_any_order_and_a_spreadsheets_bom(tmp_path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'p.db'}") as s:
        d = PlayerDirectory(s)
        added = d.import_csv("\ufeffContact,Name\n555,Ann\n\n,Bob\n")
        assert added == [Person("Ann", None, "555"), Person("Bob")]


def test_search_finds_names_then_nicknames_then_those_registered_elsewhere(tmp_path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'p.db'}") as s:
        d = PlayerDirectory(s)
        d.import_csv(CSV)
        got = d.search("an", registered=["Joanna", "ann lee"])
        assert [(p["name"], p["in_database"]) for p in got] == [
            ("Ann Lee", True), ("Joanna", False)]
        assert [p["name"] for p in d.search("kid")] == ["Cid"]    # by nickname


# --- the console ------------------------------------------------------------------------------


def test_the_console_adds_imports_and_suggests_people(director: TestClient) -> None:  # noqa: F811
    r = director.post("/console/api/players", json={"name": "Ann Lee", "nickname": "Annie",
                                                    "contact": "555-0101"})
    assert r.status_code == 201
    r = director.post("/console/api/players", json={"name": "ANN LEE"})
    assert r.status_code == 400 and "already in the player database" in r.json()["error"]
    r = director.post("/console/api/players/import", json={"csv": "name\nBob\nann lee\n"})
    assert r.status_code == 400
    assert r.json()["problems"] == ["row 3, column name: ann lee is already in the player "
                                    "database as Ann Lee"]
    r = director.post("/console/api/players/import", json={"csv": "name,nickname\nBob,Bobby\n"})
    assert r.json() == {"ok": True, "added": 1}
    director.post("/console/api/events", json={"name": "Friday"})
    director.post("/console/api/events/Friday/register", json={"players": ["Annabel"]})
    got = director.get("/console/api/players", params={"q": "bb"}).json()
    assert got["people"] == [{"name": "Bob", "nickname": "Bobby", "contact": None,
                              "in_database": True}]
    got = director.get("/console/api/players", params={"q": "ann"}).json()
    assert got["players"] == ["Ann Lee", "Annabel"]
    page = director.get("/console/players")
    assert page.status_code == 200 and "555-0101" in page.text and "Bobby" in page.text


def test_the_floor_role_reads_the_database_but_cannot_add(app) -> None:  # noqa: F811
    floor = TestClient(app)
    assert login(floor, "flo").status_code == 303
    from test_web_app import _csrf

    floor.headers["X-CSRF-Token"] = _csrf(floor.get("/console").text)
    assert floor.get("/console/players").status_code == 200
    assert floor.post("/console/api/players", json={"name": "Ann"}).status_code == 403
    anonymous = TestClient(app).get("/console/players", follow_redirects=False)
    assert anonymous.status_code == 303 and anonymous.headers["location"].startswith("/login")
    assert TestClient(app).get("/console/api/players").status_code == 401
