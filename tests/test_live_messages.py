"""Messages that read as a person would say them (issue 14, "What a director must not miss"):
the CLI run with edge inputs answers each with one clear line, exit 2, nothing written, and
never with a program's words ("level None", "stream name must be a non-empty string")."""

from __future__ import annotations

import pytest


def cli(store_url: str, *args: str):
    from typer.testing import CliRunner

    from pokertd.cli import app

    return CliRunner().invoke(app, ["tournament", *args, "--db", store_url])


def events(store_url: str) -> list:
    from pokertd.storage import open_store

    store = open_store(store_url)
    try:
        return [(s.name, e.seq) for s in store.streams() for e in store.read(s.id)]
    finally:
        store.close()


REFUSED = [
    (("new", ""), "a tournament needs a name"),
    (("new", " T"), "the tournament name ' T' starts or ends with a space: give it without"),
    (("new", "x" * 201), "a tournament name is at most 200 characters, this one has 201"),
    (("start", "T"), "only Ann is registered: a tournament needs at least two players"),
    (("register", "T", ""), "a player needs a name, got ''"),
]

AFTER_START = [
    # IFP 9 with no late registration in the structure: said so, not "until level None".
    (("register", "T", "Eve"), "registration is closed at level 1: Eve cannot enter (IFP 9: "
                               "this event has no late registration, it closed at the start)"),
    (("bust", "T", "Ann", "--by", "ann"), "Ann cannot be credited with his own knockout: the "
                                          "knockout goes to the player who won his chips "
                                          "(IFP 57)"),
    (("bust", "T", "Ann,Bob"), "'Ann,Bob': name the players separated by spaces, not commas"),
    (("deal", "T", "--kind", "custom", "--agree", "Ann,Bob,Cid",
      "--stacks", "Ann=1000,Bob=2000,Cid=1500"),
     "--kind custom: give each remaining player's amount with --amounts (e.g. Ann=300,Bob=200)"),
    (("deal", "T", "--kind", "icm", "--agree", "Ann,Bob,Cid",
      "--stacks", "Ann=1000,Bob=2000,Cid=1500", "--amounts", "Ann=1"),
     "--amounts is for --kind custom; --kind icm computes them"),
    (("unregister", "T", "Ann"), "Ann cannot be unregistered: the tournament has started"),
]


def test_cli_edge_inputs_read_as_a_person_would_say_them(store_url: str) -> None:
    for args, message in REFUSED[:3]:
        r = cli(store_url, *args)
        assert r.exit_code == 2 and f"Error: {message}" in r.stderr, (args, r.stderr)
    assert events(store_url) == []
    assert cli(store_url, "new", "T", "--seed", "1").exit_code == 0
    assert "no players registered yet" in cli(store_url, "seats", "T").stdout
    r = cli(store_url, "start", "T")
    assert "Error: no player is registered: a tournament needs at least two players" in r.stderr
    assert cli(store_url, "register", "T", "Ann").exit_code == 0
    for args, message in REFUSED[3:]:
        kept = events(store_url)
        r = cli(store_url, *args)
        assert r.exit_code == 2 and f"Error: {message}" in r.stderr, (args, r.stderr)
        assert events(store_url) == kept
    assert cli(store_url, "register", "T", "Bob", "Cid").exit_code == 0
    assert cli(store_url, "start", "T").exit_code == 0
    for args, message in AFTER_START:
        kept = events(store_url)
        r = cli(store_url, *args)
        assert r.exit_code == 2 and f"Error: {message}" in r.stderr, (args, r.stderr)
        assert events(store_url) == kept
    assert cli(store_url, "pause", "T").exit_code == 0
    r = cli(store_url, "pause", "T")
    assert r.exit_code == 2 and "Error: the clock is already stopped by the director" in r.stderr
    assert "clock stopped by the director" in cli(store_url, "status", "T").stdout


@pytest.mark.parametrize("args", [
    ("status", "T"), ("payouts", "T"), ("moves", "T"), ("seats", "T"), ("list",),
    ("rebuy", "T", "Ann"), ("addon", "T", "Ann"), ("register", "T", "Dan"), ("undo", "T"),
    ("redo", "T"), ("bust", "T", "Zed"), ("arrive", "T", "Ann"), ("last-hands", "T"),
    ("chip-race", "T", "1", "--stacks", "Ann=1500,Bob=1500,Cid=1500"),
    ("hand-for-hand", "T", "stop"), ("button", "T", "1", "4"),
])
def test_no_program_words_in_any_answer(store_url: str, args: tuple[str, ...]) -> None:
    """Every command on a started three-player event, whatever it answers: no "None", no
    storage or Python words in it."""
    for setup in (("new", "T", "--seed", "2"), ("register", "T", "Ann", "Bob", "Cid"),
                  ("start", "T")):
        assert cli(store_url, *setup).exit_code == 0
    r = cli(store_url, *args)
    assert r.exit_code in (0, 2), r.output
    said = r.stdout + r.stderr
    for words in ("None", "non-empty string", "stream", "Traceback", "payload"):
        assert words not in said, (args, said)


def test_service_refusals_in_words(store_url: str) -> None:
    """The same refusals from the service (the web console's), nothing written."""
    from pokertd.services.tournaments import TournamentService, TournamentServiceError
    from pokertd.storage import open_store
    from pokertd.tournament.director import DirectorError
    from pokertd.tournament.house import config_preset

    store = open_store(store_url)
    try:
        service = TournamentService(store, clock=lambda: 1_800_000_000.0)
        for name, message in (("", "a tournament needs a name"),
                              ("  ", "a tournament needs a name"),
                              ("T ", "starts or ends with a space"),
                              ("x" * 201, "at most 200 characters")):
            with pytest.raises(TournamentServiceError, match=message):
                service.create(name, config_preset("gananda"))
        assert service.names() == []
        service.create("T", config_preset("gananda"), seed=1)
        with pytest.raises(DirectorError, match="a player needs a name"):
            service.register("T", ["Ann", " "])
        service.register("T", ["Ann"])
        with pytest.raises(DirectorError, match="only Ann is registered"):
            service.start("T")
        service.register("T", ["Bob", "Cid"])
        service.start("T")
        with pytest.raises(DirectorError, match="registration is closed at level 1: Dan cannot "
                                                "enter .IFP 9: this event has no late"):
            service.register("T", ["Dan"])
        with pytest.raises(DirectorError, match="Ann cannot be credited with his own knockout"):
            service.bust("T", "Ann", knocked_out_by="ann")
        service.pause("T")
        with pytest.raises(DirectorError, match="the clock is already stopped by the director$"):
            service.pause("T")
    finally:
        store.close()
