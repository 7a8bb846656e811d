"""Matches over real sockets (loopback): pokertd's ACPC dealer and player (issue 25).

Both ways round: our bots (``pokertd.acpc.client``) play whole matches against our dealer
(``pokertd.acpc.server``), every seat's view agreeing with the dealer's log and the PHH it
wrote replaying; our dealer plays a bare client that knows nothing but the protocol's text;
and our player answers, state by state, exactly where the protocol document's own example
dialogues (protocol 2.0.0) show a player answering.
"""

from __future__ import annotations

import io
import socket
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.acpc.client import play
from pokertd.acpc.server import MatchError, serve
from pokertd.bots.players import make_bot
from pokertd.cli import app
from pokertd.formats.acpc import (
    VERSION, load_gamedef, parse_action, parse_betting, parse_matchstate,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "acpc"
LIMIT2 = EXAMPLES / "holdem.limit.2p.reverse_blinds.game"
NOLIMIT2 = EXAMPLES / "holdem.nolimit.2p.reverse_blinds.game"
LIMIT3 = EXAMPLES / "holdem.limit.3p.game"


class Dealer:
    """Our dealer on a free loopback port, in a thread."""

    def __init__(self, g, hands, seed, **options) -> None:
        self.ready = threading.Event()
        self.port = 0
        self.result = None
        self.error: BaseException | None = None
        self.log = io.StringIO()

        def run() -> None:
            try:
                self.result = serve(g, 0, hands, seed, on_listening=self._listening, log=self.log,
                                    timeout=20.0, accept_timeout=20.0, **options)
            except BaseException as e:        # reported by the test
                self.error = e
                self.ready.set()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert self.ready.wait(20)

    def _listening(self, port: int) -> None:
        self.port = port
        self.ready.set()

    def join(self):
        self.thread.join(60)
        return self.result


def run_clients(g, port, bots):
    results = [None] * len(bots)
    errors = []

    def one(i):
        try:
            results[i] = play(g, "127.0.0.1", port, bots[i], timeout=20.0)
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(len(bots))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors, errors
    return results


@pytest.mark.parametrize("path, hands, styles", [
    (LIMIT2, 300, ["sensible", "random"]),
    (LIMIT2, 300, ["random", "sensible"]),
    (NOLIMIT2, 300, ["sensible", "random"]),
    (NOLIMIT2, 300, ["loose", "tight"]),
    (LIMIT3, 200, ["sensible", "random", "loose"]),
])
def test_our_bots_play_a_whole_match_against_our_dealer(tmp_path, path, hands, styles):
    g = load_gamedef(path)
    phh = tmp_path / "phh"
    phh.mkdir()
    dealer = Dealer(g, hands, 11, names=[f"s{i}" for i in range(g.players)], phh_dir=phh,
                    game_name=path.name)
    results = run_clients(g, dealer.port, [make_bot(s, i) for i, s in enumerate(styles)])
    match = dealer.join()
    assert dealer.error is None and match is not None
    lines = dealer.log.getvalue().splitlines()
    assert lines[0] == f"# name/game/hands/seed pokertd {path.name} {hands} 11"
    states = [x.split(":") for x in lines[1:-1]]
    assert len(states) == hands and all(s[0] == "STATE" for s in states)
    # Seats move one position a hand: seat s is at position (s - hand) mod N.
    by_seat = [[0] * hands for _ in range(g.players)]
    for h, (_, number, betting, cards, values, names) in enumerate(states):
        assert int(number) == h
        parse_betting(betting)
        vals = [int(v) for v in values.split("|")]
        assert sum(vals) == 0                                  # chips conserved, hand by hand
        assert names.split("|") == [f"s{(p + h) % g.players}" for p in range(g.players)]
        for p, v in enumerate(vals):
            by_seat[(p + h) % g.players][h] = v
    score = lines[-1].split(":")
    totals = [int(x) for x in score[1].split("|")]
    assert score[0] == "SCORE" and totals == match.totals == [sum(v) for v in by_seat]
    assert sum(totals) == 0
    # Each player's own account of every hand is one seat's, the seats taken once each.
    seats = sorted(by_seat.index(r.values) for r in results)
    assert seats == list(range(g.players))
    assert all(r.hands == hands for r in results)
    assert any(t != 0 for t in totals)
    # The PHH written replays in the engine to the recorded finishing stacks.
    out = CliRunner().invoke(app, ["phh", "replay", "--check", "--jobs", "1", str(phh)])
    assert out.exit_code == 0, out.output
    assert out.output.count('"ok": true') == hands


def bare_clients(port: int, answers: list[str]) -> tuple[list[threading.Thread], list[list[str]]]:
    """Bare clients connected one after the other, so that client i holds seat i + 1."""
    seen: list[list[str]] = [[] for _ in answers]
    threads = []
    for answer, lines in zip(answers, seen):
        connected = threading.Event()
        t = threading.Thread(target=bare_client, args=(port, answer, lines, connected), daemon=True)
        t.start()
        assert connected.wait(20)
        threads.append(t)
    return threads, seen


def bare_client(port: int, answer: str, seen: list[str], connected: threading.Event) -> None:
    """A client that knows only the protocol's text: it answers every state with ``answer``
    (the dealer ignores answers to states other than the one it waits on). It stops when the
    dealer closes the connection, as it does at the end of the match or when it ends it."""
    try:
        _bare(port, answer, seen, connected)
    except ConnectionError:
        pass
    finally:
        connected.set()


def _bare(port: int, answer: str, seen: list[str], connected: threading.Event) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
        connected.set()
        f = s.makefile("rwb")
        f.write(VERSION.encode() + b"\r\n")
        f.flush()
        for raw in f:
            line = raw.decode().rstrip("\r\n")
            assert raw.endswith(b"\r\n")
            seen.append(line)
            f.write(f"{line}:{answer}\r\n".encode())
            f.flush()


def test_our_dealer_plays_a_client_that_speaks_only_the_protocol():
    g = load_gamedef(LIMIT2)
    dealer = Dealer(g, 40, 5)
    threads, seen = bare_clients(dealer.port, ["c", "c"])
    match = dealer.join()
    for t in threads:
        t.join(20)
    assert dealer.error is None and match.hands == 40
    for line in dealer.log.getvalue().splitlines()[1:-1]:
        assert line.split(":")[2] == "cc/cc/cc/cc"               # the button calls, then checks
    first = parse_matchstate(seen[0][0], 2)
    assert (first.position, first.hand, first.betting, len(first.holes[0]), first.holes[1]) == (
        0, 0, [[]], 2, [])                                     # his cards only
    finals = [parse_matchstate(x, 2) for x in seen[0] if x.split(":")[3] == "cc/cc/cc/cc"]
    assert len(finals) == 40 and all(len(m.holes[1]) == 2 for m in finals)   # the showdown shown


@pytest.mark.parametrize("answer, words", [
    ("r1", "may raise to 200 to 20000 chips"),
    ("f", None),
    ("x", "expected f (fold)"),
])
def test_a_wrong_answer_ends_the_match_naming_the_seat(answer, words):
    """Protocol 2.0.0: on a failed response the match should be ended, not repaired."""
    g = load_gamedef(NOLIMIT2)
    dealer = Dealer(g, 20, 5)
    bare_clients(dealer.port, ["c", answer])
    dealer.join()
    if answer == "f":
        # The button folds facing the big blind each hand it is first, and its seat is the
        # big blind's the next: folding when it could check, it is stopped.
        assert isinstance(dealer.error, MatchError)
        assert "allows a fold only facing a bet" in str(dealer.error)
    else:
        assert isinstance(dealer.error, MatchError) and "seat 2" in str(dealer.error)
        assert words in str(dealer.error)


# The protocol document's example dialogues (version 2.0.0): "S->" from the dealer, "<-C" the
# player's answer. Our player must answer exactly the states it answers there.
DIALOGUE_LIMIT = """
S-> MATCHSTATE:0:0::TdAs|
S-> MATCHSTATE:0:0:r:TdAs|
<-C
S-> MATCHSTATE:0:0:rr:TdAs|
S-> MATCHSTATE:0:0:rrc/:TdAs|/2c8c3h
<-C
S-> MATCHSTATE:0:0:rrc/r:TdAs|/2c8c3h
S-> MATCHSTATE:0:0:rrc/rc/:TdAs|/2c8c3h/9c
<-C
S-> MATCHSTATE:0:0:rrc/rc/c:TdAs|/2c8c3h/9c
S-> MATCHSTATE:0:0:rrc/rc/cr:TdAs|/2c8c3h/9c
<-C
S-> MATCHSTATE:0:0:rrc/rc/crc/:TdAs|/2c8c3h/9c/Kh
<-C
S-> MATCHSTATE:0:0:rrc/rc/crc/c:TdAs|/2c8c3h/9c/Kh
S-> MATCHSTATE:0:0:rrc/rc/crc/cr:TdAs|/2c8c3h/9c/Kh
<-C
S-> MATCHSTATE:0:0:rrc/rc/crc/crc:TdAs|8hTc/2c8c3h/9c/Kh
S-> MATCHSTATE:1:1::|Qd7c
<-C
S-> MATCHSTATE:1:1:r:|Qd7c
S-> MATCHSTATE:1:1:rr:|Qd7c
<-C
S-> MATCHSTATE:1:1:rrc/:|Qd7c/2h8h5c
S-> MATCHSTATE:1:1:rrc/r:|Qd7c/2h8h5c
<-C
S-> MATCHSTATE:1:1:rrc/rc/:|Qd7c/2h8h5c/Th
S-> MATCHSTATE:1:1:rrc/rc/r:|Qd7c/2h8h5c/Th
<-C
S-> MATCHSTATE:1:1:rrc/rc/rf:|Qd7c/2h8h5c/Th
"""

DIALOGUE_NOLIMIT = """
S-> MATCHSTATE:0:30::9s8h|
S-> MATCHSTATE:0:30:c:9s8h|
<-C
S-> MATCHSTATE:0:30:cc/:9s8h|/8c8d5c
<-C
S-> MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c
S-> MATCHSTATE:0:30:cc/r250c/:9s8h|/8c8d5c/6s
<-C
S-> MATCHSTATE:0:30:cc/r250c/r500:9s8h|/8c8d5c/6s
S-> MATCHSTATE:0:30:cc/r250c/r500c/:9s8h|/8c8d5c/6s/2d
<-C
S-> MATCHSTATE:0:30:cc/r250c/r500c/r1250:9s8h|/8c8d5c/6s/2d
S-> MATCHSTATE:0:30:cc/r250c/r500c/r1250c:9s8h|9c6h/8c8d5c/6s/2d
S-> MATCHSTATE:1:31::|JdTc
<-C
S-> MATCHSTATE:1:31:r300:|JdTc
S-> MATCHSTATE:1:31:r300r900:|JdTc
<-C
S-> MATCHSTATE:1:31:r300r900c/:|JdTc/6dJc9c
S-> MATCHSTATE:1:31:r300r900c/r1800:|JdTc/6dJc9c
<-C
S-> MATCHSTATE:1:31:r300r900c/r1800r3600:|JdTc/6dJc9c
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000:|JdTc/6dJc9c
<-C
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/:|JdTc/6dJc9c/Kh
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000:|JdTc/6dJc9c/Kh
<-C
S-> MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000c/:KsJs|JdTc/6dJc9c/Kh/Qc
"""


@pytest.mark.parametrize("path, dialogue", [(LIMIT2, DIALOGUE_LIMIT), (NOLIMIT2, DIALOGUE_NOLIMIT)])
def test_our_player_answers_where_the_protocol_documents_player_does(path, dialogue):
    g = load_gamedef(path)
    script = [x.strip() for x in dialogue.strip().splitlines()]
    answers: list[str] = []
    problems: list[str] = []
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def scripted_dealer() -> None:
        conn, _ = listener.accept()
        conn.settimeout(10)
        f = conn.makefile("rwb")
        if f.readline() != VERSION.encode() + b"\r\n":
            problems.append("no version string first")
        last = ""
        for step in script:
            if step.startswith("S->"):
                last = step[4:]
                f.write(last.encode() + b"\r\n")
                f.flush()
            else:
                reply = f.readline().decode()
                if not reply.endswith("\r\n") or not reply.startswith(last + ":"):
                    problems.append(f"{last!r} answered {reply!r}")
                    break
                answers.append(reply[len(last) + 1:-2])
        f.close()
        conn.close()

    t = threading.Thread(target=scripted_dealer, daemon=True)
    t.start()
    result = play(g, "127.0.0.1", port, make_bot("sensible", 1), timeout=10)
    t.join(10)
    listener.close()
    assert not problems
    assert len(answers) == script.count("<-C")
    for a in answers:
        act = parse_action(a)
        assert act.kind != "r" or (act.size is None) == (g.betting == "limit")
    assert result.hands == 2
    # The values of the two hands as the document plays them.
    expected = {LIMIT2: [-80, -40], NOLIMIT2: [1250, 20000]}[path]
    assert result.values == expected


def test_cli_serve_and_play_refuse_bad_input(tmp_path):
    bad = tmp_path / "bad.game"
    bad.write_text("GAMEDEF\nnolimit\nnumPlayers = two\nEND GAMEDEF\n")
    out = CliRunner().invoke(app, ["acpc", "serve", str(bad), "--port", "0"])
    assert out.exit_code == 2 and "line 3: numPlayers value 'two'" in out.output
    out = CliRunner().invoke(app, ["acpc", "play", str(LIMIT2), "127.0.0.1", "9", "--bot", "clever"])
    assert out.exit_code == 2 and "--bot 'clever'" in out.output
    out = CliRunner().invoke(app, ["acpc", "serve", str(LIMIT3), "--port", "0", "--names", "a,b"])
    assert out.exit_code == 2 and "give 3 names" in out.output
