"""Names as a director types them, the last opponent's knockout heads-up, and the prize a
bust-out announces (issue 14, "What a director must not miss"), through the service and the
CLI."""

from __future__ import annotations

import json

import pytest

from pokertd.services.tournaments import TournamentService, prize_won
from pokertd.tournament.director import DirectorError
from pokertd.tournament.house import config_preset


def log(service: TournamentService, name: str) -> list:
    info = service.store.find_stream("tournament", name)
    return [(e.seq, e.type) for e in service.store.read(info.id)]


def test_names_are_matched_without_regard_to_case(service) -> None:
    """Registering "ann" beside "Ann" is refused as the same player (also in one command);
    every command finds "ann" as Ann; an unknown name is refused with the closest one."""
    service.create("Fri", config_preset("gananda"), seed=1)
    service.register("Fri", ["Ann", "Bob", "Cid"])
    service.register("Fri", ["Dan"], absent=True)
    kept = log(service, "Fri")
    with pytest.raises(DirectorError, match=r"ann is already registered as Ann \(names are "
                                           r"matched without regard to case\)"):
        service.register("Fri", ["Eve", "ann"])
    with pytest.raises(DirectorError, match="EVE is already registered as Eve"):
        service.register("Fri", ["Eve", "EVE"])
    assert log(service, "Fri") == kept
    service.start("Fri")
    assert service.arrive("Fri", "dan").result[-1].player == "Dan"
    out = service.bust_hand("Fri", ["cid"], knocked_out_by="ANN")
    busted = out.result[0]
    assert (busted.player, busted.knocked_out_by) == ("Cid", "Ann")
    kept = log(service, "Fri")
    with pytest.raises(DirectorError, match=r"unknown player 'Anne' \(did you mean Ann\?\)"):
        service.bust("Fri", "Anne")
    with pytest.raises(DirectorError, match=r"unknown player 'Zed'$"):
        service.bust("Fri", "Bob", knocked_out_by="Zed")
    with pytest.raises(DirectorError, match="Bob's start-of-hand stack is given twice"):
        service.bust_hand("Fri", ["Bob", "Dan"], start_stacks={"Bob": 100, "bob": 200,
                                                               "Dan": 300})
    assert log(service, "Fri") == kept
    deal = service.deal("Fri", "chip-chop", ["ann", "BOB", "dan"],
                        stacks={"ann": 2500, "bob": 2000, "DAN": 1500})   # the 6,000 in play
    assert sorted(deal.result[0].record["players"]) == ["Ann", "Bob", "Dan"]


def test_heads_up_the_bust_credits_the_last_opponent(service) -> None:
    """IFP 57: the knockout goes to the player who won the chips; heads-up that can only be
    the last opponent, so a bust without one credits him."""
    service.create("HU", config_preset("ifp-2012"), seed=2)
    service.register("HU", ["Ann", "Bob", "Cid"])
    service.start("HU")
    first = service.bust("HU", "Cid")
    assert first.result[0].knocked_out_by is None          # three left: no one to infer
    last = service.bust("HU", "Bob")
    assert last.result[0].knocked_out_by == "Ann"
    assert last.tournament.players["Ann"].knockouts == 1 and last.tournament.winner == "Ann"


def test_the_prize_of_a_player_out(service) -> None:
    """Gananda: Payout, 2-6 players: 70% and 30% of the $80 of four players; ties share
    the places they span (Gananda: Winning the Tournament); after a deal each player's prize
    is his deal amount (IFP 62)."""
    service.create("Pay", config_preset("gananda"), seed=3)
    service.register("Pay", ["Ann", "Bob", "Cid", "Dan"])
    service.start("Pay")
    t = service.bust_hand("Pay", ["Cid", "Dan"], start_stacks={"Cid": 900, "Dan": 900}
                          ).tournament
    assert (prize_won(t, "Cid"), prize_won(t, "Dan")) == (0, 0)     # tied for 3rd-4th
    t = service.deal("Pay", "custom", ["Ann", "Bob"], stacks={"Ann": 3000, "Bob": 3000},
                     amounts={"Ann": 41, "Bob": 39}).tournament
    t = service.bust("Pay", "Bob").tournament
    assert prize_won(t, "Bob") == 39 and prize_won(t, "Ann") == 41


def cli(store_url: str, *args: str):
    from typer.testing import CliRunner

    from pokertd.cli import app

    return CliRunner().invoke(app, ["tournament", *args, "--db", store_url])


def test_cli_names_knockout_and_prize(store_url: str) -> None:
    """The CLI: "ann" beside "Ann" refused (exit 2); "cid" and "ann" found; a misspelt name
    answered with the closest; each bust-out says the prize won; heads-up the last opponent is
    credited and the output says why."""
    def ok(*args: str) -> str:
        r = cli(store_url, *args)
        assert r.exit_code == 0, r.stdout + r.stderr
        return r.stdout

    ok("new", "Fri", "--preset", "gananda", "--seed", "4")
    ok("register", "Fri", "Ann", "Bob", "Cid")
    r = cli(store_url, "register", "Fri", "ann")
    assert r.exit_code == 2
    assert "Error: ann is already registered as Ann (names are matched without regard to " \
           "case)" in r.stderr
    ok("start", "Fri")
    r = cli(store_url, "bust", "Fri", "Cyd")
    assert r.exit_code == 2 and "Error: unknown player 'Cyd' (did you mean Cid?)" in r.stderr
    # Gananda: Payout, 2-6 players: 70/30 of $60.
    assert "Cid is out in place 3, knocked out by Ann: no prize" in ok("bust", "Fri", "cid",
                                                                       "--by", "ann")
    text = ok("bust", "Fri", "BOB")
    assert ("Bob is out in place 2, knocked out by Ann (heads-up: his last opponent, the only "
            "possible knockout, IFP 57): prize 18") in text
    assert "Ann wins: prize 42" in text
    results = json.loads(ok("status", "Fri", "--format", "json"))["results"]
    assert [(r["player"], r["knockouts"], r["prize"]) for r in results] == [
        ("Ann", 2, 42), ("Bob", 0, 18), ("Cid", 0, 0)]
