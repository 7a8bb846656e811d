"""A live director's rulings, corrected (issue 14, "Wrong today"), each under the presets
where the books differ: balancing after a blind busts (IFP 11a, IFP 17; Gananda: Dead Button
Rule; WPA 5; TDA 11-A), live rebuys (IFP 59; WPA 6), same-hand bust-outs (WPA 8; TDA RP-8),
table breaks (WPA 4), chip counts checked against the chips in play, and hand-for-hand that
ends when the bubble bursts (TDA RP-8; IFP 61)."""

from __future__ import annotations

import pytest

from pokertd.tournament import events as ev
from pokertd.tournament.clock import TABLE_BROKEN
from pokertd.tournament.director import Bust, DirectorError, Tournament
from pokertd.tournament.house import config_preset
from live_clock import Clock


def live(n: int, preset: str = "ifp-2012", seed: int = 1) -> Tournament:
    t = Tournament(config_preset(preset), seed=seed, dealt=False)
    for i in range(1, n + 1):
        t.register(f"p{i:02d}")
    t.start(0)
    return t


def same_state_after_replay(t: Tournament) -> bool:
    return Tournament.replay(t.event_dicts()).state() == t.state()


# --- 1. balancing after a blind busted in the reported hand -----------------------------------

BLIND_BUSTS = {"small blind": (2,), "big blind": (3,), "both blinds": (2, 3)}


def _blind_bust(preset: str, busted: tuple[int, ...]) -> tuple[Tournament, list[str | None]]:
    """Two full tables (ten; WPA 2: nine); four out at table 1 (so table 2 gives a player to
    it); then the hand at table 2 with the button on seat 1 and the blinds on seats 2 and 3,
    in which the players of ``busted`` go out. Returns the tournament and table 2's seats as
    dealt."""
    size = config_preset(preset).structure.max_players_per_table     # 10; WPA 2: 9
    t = live(2 * size, preset)
    assert [t.floor.tables[k].count for k in (1, 2)] == [size, size]
    for seat in range(size - 3, size + 1):
        t.bust(t.floor.tables[1].seats[seat - 1])
    dealt = list(t.floor.tables[2].seats)
    t.eliminate([Bust(dealt[s - 1], 2, 1000 * s) for s in busted])
    t.record_button(2, 1, 0)            # the button of the hand just played
    t.record_button(1, 2, 0)
    return t, dealt


@pytest.mark.parametrize("preset", ["ifp-2012", "tda-2024", "gananda"])
@pytest.mark.parametrize("case", list(BLIND_BUSTS))
def test_ifp11a_ifp17_tda11a_next_big_blind_moves_when_a_blind_busted(preset: str,
                                                                      case: str) -> None:
    """IFP 11a (TDA 11-A; the Gananda house on IFP): "the player who will be big blind next
    will be moved". With the button on seat 1 and the blinds on 2 and 3 for the hand just
    played, the big blind moves on exactly one player (IFP 17: "the blinds posted as if there
    had been no elimination"): seat 4 is due it next whether the small blind, the big blind
    or both busted in that hand, and seat 4 moves."""
    t, dealt = _blind_bust(preset, BLIND_BUSTS[case])
    assert t.floor.tables[2].button.next_big_blind_seat(t.floor.tables[2].seats) == 4
    moves = [e for e in t.rearrange(0) if isinstance(e, ev.Moved)]
    assert [(m.player, m.from_table, m.from_seat, m.to_table) for m in moves] == [
        (dealt[3], 2, 4, 1)]
    assert moves[0].reason == ("balancing (TDA 11-A)" if preset == "tda-2024"
                               else "balancing (IFP 11a)")
    assert same_state_after_replay(t)


@pytest.mark.parametrize("example, busted, hands", [
    # Gananda: Dead Button Rule. Hand 1: dealer #1, small blind #2, big blind #3.
    # Example 2: the small blind busts. Hand 2: small blind #3, big blind #4, button dead;
    # hand 3: dealer #3, small blind #4, big blind #5.
    (2, (2,), [(2, True, 3, 4), (3, False, 4, 5)]),
    # Example 3: the big blind busts. Hand 2: dealer #2, big blind #4, no small blind;
    # hand 3: small blind #4, big blind #5, no dealer (dead button); hand 4: dealer #4,
    # small blind #5, big blind #6.
    (3, (3,), [(2, False, None, 4), (3, True, 4, 5), (4, False, 5, 6)]),
    # Example 5: both blinds bust. Hand 2: big blind #4, small blind and button dead;
    # hand 3: small blind #4, big blind #5, button dead; hand 4: dealer #4, small blind #5,
    # big blind #6.
    (5, (2, 3), [(2, True, None, 4), (3, True, 4, 5), (4, False, 5, 6)]),
])
def test_gananda_dead_button_rule_examples_2_3_5_live_button_remembers_the_blinds(
        example: int, busted: tuple[int, ...], hands: list[tuple]) -> None:
    """Gananda: Button and Blind Use 2, Dead Button Rule, examples 2, 3 and 5: the button
    reported for the hand the blinds busted in keeps that hand's blinds (a dead small blind
    included), so the hands after it are placed as the examples place them."""
    t, _ = _blind_bust("gananda", busted)
    table = t.floor.tables[2]
    b = table.button
    for button, dead, small_blind, big_blind in hands:
        pos = b.next_hand(table.seats)
        assert (pos.button, pos.button_dead, pos.small_blind, pos.big_blind) == (
            button, dead, small_blind, big_blind), example


@pytest.mark.parametrize("case, mover", [
    ("small blind", 3),      # WPA 5: "moved from the big blind": seat 3 was in it
    ("big blind", 4),        # the big blind busted: the player due it next (TDA 11-A)
    ("both blinds", 4),
])
def test_wpa5_the_player_in_the_big_blind_of_the_reported_hand_moves(case: str,
                                                                     mover: int) -> None:
    """WPA 5: "players will be moved from the big blind to the worst position": the player
    in the big blind of the reported hand (seat 3, the small blind on 2 having busted). When
    that player busted, WPA 5 is silent; its source, TDA Rule No. 25, now TDA 11-A, moves
    "the player to be big blind next": seat 4."""
    t, dealt = _blind_bust("wpa", BLIND_BUSTS[case])
    moves = [e for e in t.rearrange(0) if isinstance(e, ev.Moved)]
    assert [(m.player, m.from_seat, m.reason) for m in moves] == [
        (dealt[mover - 1], mover, "balancing (WPA 5)")]
    assert same_state_after_replay(t)


@pytest.mark.parametrize("example, busted, button_hand_2, dead_small_blind", [
    (3, (3,), 2, 3),          # hand 2: dealer #2, no small blind (#3's seat), big blind #4
    (5, (2, 3), 2, 3),        # hand 2: big blind #4, small blind and button dead
])
def test_gananda_dead_button_rule_a_dead_small_blind_is_remembered_across_reports(
        example: int, busted: tuple[int, ...], button_hand_2: int,
        dead_small_blind: int) -> None:
    """Gananda: Dead Button Rule, examples 3 and 5 (IFP 17, IFP 19), across two reports: the
    button of hand 1 on seat 1 (blinds 2 and 3), the blinds busting in it; in hand 2 another
    player busts and the director reports hand 2's button on seat 2. The live state follows
    hand 2 from hand 1 (big blind #4, the small blind dead), so seat 5 is due the big blind
    next ("In Hand 3, Player #4 is now the Small Blind, Player #5 is the Big Blind"), not
    seat 6 as the players left would place it."""
    t = live(20, "gananda")
    seats = list(t.floor.tables[2].seats)
    t.record_button(2, 1, 0)                      # hand 1: dealer #1, blinds #2 and #3
    t.eliminate([Bust(seats[s - 1], 2, 1000 * s) for s in busted])
    t.record_button(2, 1, 0)                      # the hand they busted in
    assert t.floor.tables[2].button.next_big_blind_seat(t.floor.tables[2].seats) == 4
    t.bust(seats[7])                              # seat 8 busts in hand 2
    t.record_button(2, button_hand_2, 0)
    b = t.floor.tables[2].button
    assert (b.button, b.small_blind_pos, b.big_blind_pos) == (2, dead_small_blind, 4)
    assert t.floor.tables[2].seats[dead_small_blind - 1] is None
    assert b.next_big_blind_seat(t.floor.tables[2].seats) == 5
    assert same_state_after_replay(t)


def test_ifp11a_the_hand_reported_is_that_of_the_last_bust_out_report() -> None:
    """IFP 11a: the software does not see the hands, and asks for the buttons again after each
    bust-out; the seats of a bust-out hand place the blinds of the button reported for it
    until the next bust-out is reported, after which a table's button is of a later hand,
    dealt to the seats as they are."""
    t = live(20)
    two = list(t.floor.tables[2].seats)
    t.bust(two[1])                                # the small blind of table 2 (button on 1)
    t.bust(t.floor.tables[1].seats[0])            # then a bust-out at table 1
    t.record_button(2, 1, 0)                      # a later hand at table 2: blinds on 3, 4
    b = t.floor.tables[2].button
    assert (b.small_blind_pos, b.big_blind_pos) == (3, 4)
    assert b.next_big_blind_seat(t.floor.tables[2].seats) == 5


def test_ifp11a_live_buttons_with_the_bust_through_the_service(tmp_path) -> None:
    """IFP 11a through the service: `bust` with the buttons of the hand just played (the
    small blind on seat 2 out) moves seat 4, the player due the big blind next."""
    from pokertd.services.tournaments import TournamentService
    from pokertd.storage import open_store

    store = open_store(f"sqlite:///{tmp_path / 'b.db'}")
    try:
        s = TournamentService(store, clock=lambda: 1_800_000_000.0)
        s.create("B", config_preset("ifp-2012"), seed=1)
        s.register("B", [f"p{i:02d}" for i in range(1, 21)])
        t = s.start("B").tournament
        for seat in (7, 8, 9, 10):
            t = s.bust("B", t.floor.tables[1].seats[seat - 1]).tournament
        dealt = list(t.floor.tables[2].seats)
        out = s.bust_hand("B", [dealt[1]], buttons={2: 1, 1: 2})
        moved = [e for e in out.result if e.type == "moved"]
        assert [(e.player, e.from_seat) for e in moved] == [(dealt[3], 4)]
        assert s.load("B").tournament.state() == out.tournament.state()
    finally:
        store.close()


# --- 5. TDA RP-8: same-hand bust-outs share places only hand-for-hand -------------------------

def _two_tables_one_each(t: Tournament) -> tuple[str, str, str]:
    """Two players at table 1 and one at table 2."""
    one = [p for p in t.floor.tables[1].seats if p is not None]
    two = [p for p in t.floor.tables[2].seats if p is not None]
    return one[0], one[1], two[0]


def test_tda_rp8_outside_hand_for_hand_ranked_by_start_stacks_as_ifp57() -> None:
    """TDA RP-8-A shares the places of the hand-for-hand hand only; outside hand-for-hand TDA
    2024 has no ranking rule and the preset's base, IFP 57, ranks them: at one table the
    lower stack at the start of the hand finishes lower, at different tables they tie."""
    t = live(30, "tda-2024")
    a, b, c = _two_tables_one_each(t)
    out = t.eliminate([Bust(a, 1, 1400), Bust(b, 1, 1600), Bust(c, 2, 900)])
    assert [(e.player, e.place, e.tied, e.rule) for e in out] == [
        (a, 29, 2, "IFP 57"), (c, 29, 2, "IFP 57"), (b, 28, 1, "IFP 57")]


def test_tda_rp8_hand_for_hand_players_out_on_the_hand_share_the_places() -> None:
    """TDA RP-8-A: during hand-for-hand play the players busting on the hand share the places,
    whatever their stacks and tables."""
    t = live(30, "tda-2024")
    a, b, c = _two_tables_one_each(t)
    t.hand_for_hand(60)
    out = t.eliminate([Bust(a, 1, 1400), Bust(b, 1, 1600), Bust(c, 2, 900)])
    assert [(e.place, e.tied, e.rule) for e in out] == [(28, 3, "TDA RP-8")] * 3
    assert same_state_after_replay(t)


def test_tda_rp8_live_bust_asks_for_the_stacks_only_outside_hand_for_hand(tmp_path) -> None:
    """TDA RP-8 through the service: outside hand-for-hand two players out in one hand need
    their start-of-hand stacks (IFP 57 ranks them) and they are used; in hand-for-hand play
    none are needed (they share)."""
    from pokertd.services.tournaments import TournamentService
    from pokertd.storage import open_store

    store = open_store(f"sqlite:///{tmp_path / 't.db'}")
    try:
        s = TournamentService(store, clock=lambda: 1_800_000_000.0)
        s.create("T", config_preset("tda-2024"), seed=1)
        s.register("T", [f"p{i:02d}" for i in range(1, 31)])
        t = s.start("T").tournament
        a, b, c = _two_tables_one_each(t)
        with pytest.raises(DirectorError, match=r"ranked by their stacks .*\(IFP 57\)"):
            s.bust_hand("T", [a, b])
        out = s.bust_hand("T", [a, b], start_stacks={a: 2000, b: 1000})
        assert [(e.player, e.place) for e in out.result if e.type == "busted"] == [
            (b, 30), (a, 29)]
        s.hand_for_hand("T", "start")
        out = s.bust_hand("T", [c, t.floor.tables[3].seats[0]])
        assert [(e.place, e.tied) for e in out.result if e.type == "busted"] == [(27, 2)] * 2
    finally:
        store.close()


# --- 3. WPA 8: in the money at different tables, not hand-for-hand: the prize split -----------

def _wpa_down_to(left: int) -> tuple[Tournament, str, str]:
    """A WPA event of 30 (5 paid) down to ``left`` players, two of them at different tables."""
    t = live(30, "wpa")
    keep = [p for p in t.floor.tables[1].seats[:2]] + [p for p in t.floor.tables[2].seats[:2]]
    for p in [p for p in t.players if p not in keep][:30 - left]:
        t.bust(p)
    return t, keep[0], keep[2]


def test_wpa8_in_the_money_out_at_different_tables_not_hand_for_hand_split_the_prize() -> None:
    """WPA 8: "If players in the money are eliminated at the same time at different tables
    (not in a hand by hand situation) the combined prize money will be split evenly between
    the players": 4th and 5th of 5 paid, out at tables 1 and 2, share both prizes evenly
    whatever their stacks."""
    t, a, b = _wpa_down_to(5)
    assert t.payouts == (291, 133, 81, 55, 40)
    out = t.eliminate([Bust(a, 1, 900), Bust(b, 2, 2400)])
    assert [(e.place, e.tied, e.rule) for e in out] == [(4, 2, "WPA 8")] * 2
    while not t.finished:
        t.bust(next(p.name for p in t.players.values() if not p.out))
    assert t.players[a].prize + t.players[b].prize == 55 + 40
    assert abs(t.players[a].prize - t.players[b].prize) <= 1
    assert same_state_after_replay(t)


def test_wpa8_same_table_or_hand_for_hand_or_out_of_the_money_higher_stack_higher() -> None:
    """WPA 8, first sentence: "the player starting the hand with the most chips will finish in
    the higher position", at one table, or at different tables hand-for-hand; a player out of
    the money keeps his place by stack (the second sentence splits the money of the players
    in the money only)."""
    t, a, b = _wpa_down_to(5)
    t.hand_for_hand(60)
    out = t.eliminate([Bust(a, 1, 900), Bust(b, 2, 2400)])
    assert [(e.player, e.place, e.tied) for e in out] == [(a, 5, 1), (b, 4, 1)]
    t, a, b = _wpa_down_to(6)                     # 6th is not paid, 5th is
    out = t.eliminate([Bust(a, 1, 900), Bust(b, 2, 2400)])
    assert [(e.player, e.place, e.tied) for e in out] == [(a, 6, 1), (b, 5, 1)]
    t, a, _ = _wpa_down_to(5)
    other = t.floor.tables[1].seats[1]
    out = t.eliminate([Bust(a, 1, 900), Bust(other, 1, 2400)])
    assert [(e.player, e.place, e.tied) for e in out] == [(a, 5, 1), (other, 4, 1)]


# --- 9. hand-for-hand ends by itself when the bubble bursts -----------------------------------

@pytest.mark.parametrize("preset, rule", [("ifp-2012", "IFP 61"), ("gananda", "IFP 61"),
                                          ("wpa", "WPA 7"), ("tda-2024", "TDA RP-8")])
def test_ifp61_wpa7_tda_rp8_hand_for_hand_ends_when_the_bubble_bursts(tmp_path, preset: str,
                                                                 rule: str) -> None:
    """IFP 61 / WPA 7 / TDA RP-8: hand-for-hand play decides who finishes in the money; when
    the last player out of the money is out it ends by itself. Under TDA RP-8 the bubble hand's two
    minutes come off the clock (RP-8-C) and the clock runs again from where it stopped;
    under IFP 61 it never stopped. A bust before the bubble leaves it on."""
    from pokertd.services.tournaments import TournamentService
    from pokertd.storage import open_store

    store = open_store(f"sqlite:///{tmp_path / 'h.db'}")
    try:
        clock = Clock()
        s = TournamentService(store, clock=clock)
        s.create("H", config_preset(preset), seed=2)
        s.register("H", [f"p{i:02d}" for i in range(1, 81)])      # 12 paid
        t = s.start("H").tournament
        start = clock.now
        paid = sum(1 for a in t.payouts if a)

        def bust_next():
            out = s.bust("H", next(p.name for p in t.players.values() if not p.out))
            if out.tournament.clock.pause_reason == TABLE_BROKEN:
                s.resume("H")                   # WPA 4: the table broken, the players seated
            return out, s.load("H").tournament

        while t.alive > paid + 2:
            clock.now += 30
            t = bust_next()[1]
        clock.now += 60
        s.hand_for_hand("H", "start")
        begun = clock.now
        clock.now += 90
        s.hand_for_hand("H", "hand-done")
        clock.now += 100
        t = bust_next()[1]
        assert t.clock.hand_for_hand and t.alive == paid + 1          # not yet the bubble
        clock.now += 80
        out, t = bust_next()
        tail = [e.type for e in out.result if e.type.startswith("hand_for_hand")]
        assert tail == ["hand_for_hand_hand_done", "hand_for_hand"]
        assert out.result[[e.type for e in out.result].index("hand_for_hand")].reason == \
            f"the bubble has burst ({rule})"
        assert not t.clock.hand_for_hand and t.clock.status(clock.now).running
        if preset == "tda-2024":    # stopped at the start, two hands of 2 minutes off it
            assert t.clock.elapsed(clock.now + 10) == begun - start + 2 * 120 + 10
        else:
            assert t.clock.elapsed(clock.now + 10) == clock.now + 10 - start
        assert Tournament.replay(t.event_dicts()).state() == t.state()
    finally:
        store.close()


# --- 2. live rebuys (IFP 59; WPA 6) -----------------------------------------------------------

def _rebuy_event(preset: str, n: int = 20, **terms) -> Tournament:
    from dataclasses import replace

    from pokertd.tournament.structure import Structure

    base = config_preset(preset)
    rebuys = {"until_level": 2, "chips": 1500, "max_per_player": 2, "max_stack": 1500, **terms}
    structure = Structure.from_dict({**base.structure.to_dict(), "rebuys": rebuys})
    t = Tournament(replace(base, structure=structure), seed=4, dealt=False)
    for i in range(1, n + 1):
        t.register(f"p{i:02d}")
    t.start(0)
    return t


@pytest.mark.parametrize("preset", ["ifp-2012", "wpa"])
def test_ifp59_live_rebuy_on_the_players_word_or_his_count_limits_checked(preset: str) -> None:
    """IFP 59: in the rebuy period a live player who says he is broke or under the limit
    rebuys (the software does not see his chips): twice here, the limit of two a player; a
    third is refused, and so is a counted stack over the limit, with the figures."""
    t = _rebuy_event(preset)
    chips, pool = t.chips, t.prize_pool
    t.rebuy("p01", 60)                           # his word (he started with 1500: the limit)
    t.rebuy("p01", 120, stack=1200)              # counted, under the 1500 limit
    assert t.players["p01"].rebuys == 2 and t.chips == chips + 3000
    assert t.prize_pool == pool + 2 * 20
    with pytest.raises(DirectorError, match=r"after 2 rebuy\(s\) \(IFP 59: rebuys until "
                                            r"level 2, with at most 1,500 chips, 2 a player\)"):
        t.rebuy("p01", 180)
    with pytest.raises(DirectorError, match="with 1,600 chips"):
        t.rebuy("p02", 180, stack=1600)
    with pytest.raises(DirectorError, match="more than the 33,000 chips in play"):
        t.rebuy("p02", 180, stack=40_000)
    with pytest.raises(DirectorError, match="may not rebuy at level 3"):
        t.rebuy("p02", 60 * 60)                  # the rebuy period is over
    assert same_state_after_replay(t)


@pytest.mark.parametrize("preset", ["ifp-2012", "wpa"])
def test_ifp59_live_busted_player_rebuys_and_stays_in_seated_back(preset: str) -> None:
    """IFP 59: "he or she may re-buy as long as it is done before the next hand is dealt": a
    player reported busted rebuys and is not out; his place and the knockout credited are
    taken back, the players out since move up one place number, and he sits in his seat."""
    t = _rebuy_event(preset)
    victim = t.floor.tables[1].seats[4]
    knocker = t.floor.tables[1].seats[5]
    t.bust(victim, knocked_out_by=knocker)
    later = t.floor.tables[2].seats[0]
    t.bust(later)
    assert (t.players[victim].place, t.players[later].place) == (20, 19)
    out = t.rebuy(victim, 120)
    assert [e.type for e in out] == ["rebuy", "seated"] and out[0].reinstated
    assert (out[1].table, out[1].seat) == (1, 5)
    p = t.players[victim]
    assert not p.out and p.place is None and p.rebuys == 1 and t.alive == 19
    assert t.players[knocker].knockouts == 0 and t.players[later].place == 20
    assert same_state_after_replay(t)
    # Out again after the period: no rebuy, he is out.
    with pytest.raises(DirectorError, match="may not rebuy at level 3"):
        t.bust(victim)
        t.rebuy(victim, 60 * 60)


def test_ifp59_live_busted_player_whose_seat_is_taken_is_seated_as_a_late_entry() -> None:
    """IFP 59 with TDA 8-A: a busted player's seat filled meanwhile (a table broken onto it):
    he rebuys and draws a seat as a late entry would."""
    t = _rebuy_event("ifp-2012", n=12)            # two tables of six
    victim = t.floor.tables[1].seats[0]
    t.bust(victim)
    t.floor.move(t.floor.tables[2].seats[0], 1, 1, "test")   # his seat taken
    out = t.rebuy(victim, 120)
    seated = [e for e in out if e.type == "seated"]
    assert len(seated) == 1 and seated[0].reason == "rebuy (IFP 59)"
    assert t.floor.where[victim] == (seated[0].table, seated[0].seat) != (1, 1)


def cli(db: str, *args: str):
    from typer.testing import CliRunner

    from pokertd.cli import app

    return CliRunner().invoke(app, ["tournament", *args, "--db", db])


def _ok(r) -> str:
    if r.exit_code != 0:
        pytest.fail(f"exit {r.exit_code}: {r.stdout}{r.stderr}")
    return " ".join(r.stdout.split())


def test_cli_ifp59_rebuy_his_word_his_count_and_a_busted_player_who_stays_in(tmp_path) -> None:
    """IFP 59 from the command line: `rebuy` on the player's word, `--stack` checked against
    the limit (refused: exit 2, the figures, nothing written), and a busted player's rebuy
    seats him back."""
    import json

    from pokertd.tournament.structure import load_preset

    db = f"sqlite:///{tmp_path / 'r.db'}"
    structure = tmp_path / "rebuys.json"
    structure.write_text(json.dumps({**load_preset("gananda").to_dict(), "rebuys": {
        "until_level": 3, "chips": 1500, "max_per_player": 3, "max_stack": 1500}}))
    _ok(cli(db, "new", "R", "--preset", "ifp-2012", "--seed", "2", "--structure", str(structure)))
    _ok(cli(db, "register", "R", "Ann", "Bob", "Cid", "Dan", "Eve", "Fay"))
    _ok(cli(db, "start", "R"))
    out = _ok(cli(db, "rebuy", "R", "Ann"))
    assert "Ann rebought (1 rebuy(s)): 1,500 chips, prize pool 140" in out
    r = cli(db, "rebuy", "R", "Ann", "--stack", "1600")
    assert r.exit_code == 2 and "with 1,600 chips" in r.stderr and "at most 1,500" in r.stderr
    _ok(cli(db, "bust", "R", "Bob"))
    out = _ok(cli(db, "rebuy", "R", "Bob"))
    assert "Bob is not out (IFP 59): seat him at table 1 seat" in out
    st = json.loads(cli(db, "status", "R", "--format", "json").stdout)
    assert st["players_left"] == 6 and st["chips"] == 6 * 1500 + 2 * 1500


# --- 8. chip counts checked against the chips in play -----------------------------------------

def test_chip_counts_over_the_chips_in_play_or_off_the_smallest_chip_are_refused(
        tmp_path) -> None:
    """Chip counts the director gives are counts of the chips in play: a chip race's counts
    (IFP 56), a hand's start stacks (IFP 57) and a deal's stacks (IFP 62) totalling more than
    the chips in play (less the smallest chip for each other player still in), or not made of
    the chips still in play after a colour-up, are refused with the figures; nothing is
    written."""
    from pokertd.services.tournaments import TournamentService
    from pokertd.storage import open_store

    store = open_store(f"sqlite:///{tmp_path / 'c.db'}")
    try:
        clock = Clock()
        s = TournamentService(store, clock=clock)
        s.create("C", config_preset("ifp-2012"), seed=3)
        s.register("C", [f"p{i:02d}" for i in range(1, 21)])
        t = s.start("C").tournament
        assert t.chips == 30_000
        one = [p for p in t.floor.tables[1].seats if p is not None]
        two = [p for p in t.floor.tables[2].seats if p is not None]
        clock.now += 101 * 60                    # break 1: the 5 chips are raced off
        head = s.load("C").head
        with pytest.raises(DirectorError, match=r"the chips before the race total 30,000 "
                           r"chips: more than the 30,000 chips in play, less at least 5 for "
                           r"each of the 10 other player\(s\) still in \(29,950\)"):
            s.chip_race("C", 1, {p: 3000 for p in one})
        with pytest.raises(DirectorError, match=f"{one[0]}'s chips before the race of 40,000 "
                           "chips is more than the 30,000 chips in play"):
            s.chip_race("C", 1, {p: 40_000 if p == one[0] else 1500 for p in one})
        assert s.load("C").head == head
        counts = {p: 1500 + (5 if k == 0 else -5 if k == 1 else 0) for k, p in enumerate(one)}
        s.chip_race("C", 1, counts)              # the odd 5 and 20: one 25 chip raced
        with pytest.raises(DirectorError, match=r"total 15,005 chips: more than the 30,000 "
                           r"chips in play, less 15,000 counted at the tables that have raced "
                           r"\(15,000\)"):
            s.chip_race("C", 2, {p: 1505 if k == 0 else 1500 for k, p in enumerate(two)})
        s.chip_race("C", 2, {p: 1500 for p in two})
        t = s.load("C").tournament
        assert t.chips_in_play[0] == 25 and t.chips == 30_000
        clock.now += 10 * 60                     # level 5
        head = s.load("C").head
        with pytest.raises(DirectorError, match=r"p01's stack at the start of the hand of 1,510 "
                           r"chips cannot be made of the chips in play \(the smallest is 25\)"):
            s.bust_hand("C", ["p01", "p02"], start_stacks={"p01": 1510, "p02": 1500})
        with pytest.raises(DirectorError, match=r"the stack at the start of the hand total "
                           r"30,000 chips: more than the [0-9,]+ chips in play, less at least 25 "
                           r"for each of the 18 other player\(s\) still in"):
            s.bust_hand("C", ["p01", "p02"], start_stacks={"p01": 15_000, "p02": 15_000})
        assert s.load("C").head == head
        t = s.load("C").tournament
        while t.alive > 2:
            t = s.bust("C", next(p.name for p in t.players.values() if not p.out)).tournament
        left = [p.name for p in t.players.values() if not p.out]
        head = s.load("C").head
        with pytest.raises(DirectorError, match=r"the stacks for the deal total [0-9,]+ chips, "
                           r"but [0-9,]+ chips are in play: 1,000 over"):
            s.deal("C", "chip-chop", left, stacks={left[0]: t.chips, left[1]: 25 * 40})
        assert s.load("C").head == head
        s.deal("C", "chip-chop", left, stacks={left[0]: t.chips - 25 * 40, left[1]: 25 * 40})
    finally:
        store.close()


# --- 4. WPA 4: the clock stopped for table breaks at six tables or fewer; the order posted ------

def _bust_until_a_table_breaks(t: Tournament, now: float) -> list[ev.Event]:
    while True:
        t.bust(next(p.name for p in t.players.values() if not p.out))
        out = t.rearrange(now)
        if any(isinstance(e, ev.TableBroken) for e in out):
            return out


def test_wpa4_clock_stopped_when_a_table_is_broken_at_six_tables_or_fewer() -> None:
    """WPA 4: "Once there are 6 tables or fewer, the clock will be stopped when a tournament
    table is broken." Breaking one of seven tables leaves the clock running; one of six
    stops it until the director resumes it. IFP 10 has no such stop."""
    t = live(63, "wpa")                           # seven tables of nine
    assert t.floor.table_count == 7
    out = _bust_until_a_table_breaks(t, 600)
    assert not any(isinstance(e, ev.ClockPaused) for e in out) and not t.clock.paused
    out = _bust_until_a_table_breaks(t, 700)
    assert isinstance(out[0], ev.ClockPaused) and out[0].reason == "a table is broken (WPA 4)"
    assert t.clock.paused and t.floor.table_count == 5
    t.resume(760)
    assert same_state_after_replay(t)
    ifp = live(60, "ifp-2012")                    # six tables of ten
    out = _bust_until_a_table_breaks(ifp, 600)
    assert not any(isinstance(e, ev.ClockPaused) for e in out) and not ifp.clock.paused


def test_wpa4_breaking_order_announced_with_each_break_and_shown_in_status() -> None:
    """WPA 4: "The breaking order of tournament tables must be announced or posted": each
    table broken says which tables break next, in order, and the status holds the order."""
    from pokertd.services.tournaments import describe_move, status

    t = live(30, "wpa")
    order = list(t.floor.break_order)
    assert status(t, 60)["break_order"] == order
    out = _bust_until_a_table_breaks(t, 600)
    broken = next(e for e in out if isinstance(e, ev.TableBroken))
    assert broken.table == order[0] and broken.next == tuple(order[1:])
    assert describe_move(broken) == [
        f"table {order[0]} is broken (WPA 4); the tables break next in the order "
        f"{', '.join(map(str, order[1:]))}"]
    assert status(t, 700)["break_order"] == order[1:]


# --- WPA 2: nine a table -------------------------------------------------------------------

def test_wpa2_nine_handed_unless_the_structure_says_otherwise(tmp_path) -> None:
    """WPA 2: "all limit, pot limit and no limit events shall be played 9-handed": the wpa
    preset seats nine a table (18 players: two tables), also over a structure file that
    does not say; a structure that sets its table size keeps it. The Gananda house and the
    other presets seat ten (Gananda: Seating)."""
    import json

    from pokertd.tournament.structure import load_preset

    assert config_preset("wpa").structure.max_players_per_table == 9
    assert config_preset("wpa").structure.final_table_size == 9
    assert {config_preset(p).structure.max_players_per_table
            for p in ("gananda", "ifp-2012", "tda-2024")} == {10}
    t = live(18, "wpa")
    assert sorted(tab.count for tab in t.floor.tables.values()) == [9, 9]
    db = f"sqlite:///{tmp_path / 'w.db'}"
    plain = load_preset("gananda").to_dict()
    plain.pop("max_players_per_table")
    plain.pop("final_table_size")
    (tmp_path / "plain.json").write_text(json.dumps(plain))
    (tmp_path / "ten.json").write_text(json.dumps(load_preset("gananda").to_dict()))
    players = [f"p{i:02d}" for i in range(1, 21)]
    for name, file, tables in (("W9", "plain.json", [6, 7, 7]), ("W10", "ten.json", [10, 10])):
        _ok(cli(db, "new", name, "--preset", "wpa", "--structure", str(tmp_path / file)))
        _ok(cli(db, "register", name, *players))
        _ok(cli(db, "start", name))
        st = json.loads(cli(db, "status", name, "--format", "json").stdout)
        assert sorted(len(tab["seats"]) for tab in st["tables"]) == tables, name


# --- the rule of the preset in force cited ------------------------------------------------

@pytest.mark.parametrize("preset, n, seating, broken", [
    ("tda-2024", 20, "table broken (TDA 10-B)", "TDA RP-9"),
    ("wpa", 18, "table broken (WPA 4)", "WPA 4"),
])
def test_tda10b_wpa4_final_table_without_redraw_by_the_presets_draw_and_rule(
        preset: str, n: int, seating: str, broken: str) -> None:
    """The final table without a redraw (no IFP 15 in these books): under TDA the broken
    table's players get their seats by the 2-step draw (TDA 10-B: "assigned new tables and
    seats by a 2-step random process"), the final table per TDA RP-9; under WPA the table is
    broken by WPA 4 (no TDA rule cited)."""
    t = live(n, preset)
    gone = [p for p in t.floor.tables[t.floor.break_order[-1]].seats if p is not None]
    for p in gone[: n // 2]:
        t.bust(p)
    out = t.rearrange(600)
    moved = [e for e in out if isinstance(e, ev.Moved)]
    assert moved and {e.reason for e in moved} == {seating}
    assert [e.rule for e in out if isinstance(e, ev.TableBroken)] == [broken]
    assert t.floor.table_count == 1


@pytest.mark.parametrize("preset, rule", [("ifp-2012", "IFP 23"), ("gananda", "IFP 23"),
                                          ("tda-2024", "TDA 23"), ("wpa", "")])
def test_ifp23_tda23_a_new_level_names_the_presets_rule(preset: str, rule: str) -> None:
    """IFP 23 / TDA 23: "the new level applies to the next hand"; the level_started event
    names the rule of the preset in force (WPA has none, and none is cited)."""
    t = live(4, preset)
    out = t.advance(26 * 60)
    assert [(e.level, e.rule) for e in out if isinstance(e, ev.LevelStarted)] == [(2, rule)]


# --- what the floor is told: halted tables, players waiting for the button, the button draw --

def test_ifp11a_wpa5_a_bust_that_halts_a_table_says_so_with_the_rule(tmp_path) -> None:
    """IFP 11a: "Play will halt on any table that is 3 or more players short"; WPA 5: "at
    least two players short": the bust that makes a table that short says so at once."""
    db = f"sqlite:///{tmp_path / 'halt.db'}"
    for preset, size, short, rule in (("ifp-2012", 10, 3, "IFP 11a"), ("wpa", 9, 2, "WPA 5")):
        name = f"H {preset}"
        _ok(cli(db, "new", name, "--preset", preset, "--seed", "3"))
        _ok(cli(db, "register", name, *[f"p{i:02d}" for i in range(1, 2 * size + 1)]))
        _ok(cli(db, "start", name))
        st = __import__("json").loads(cli(db, "status", name, "--format", "json").stdout)
        one = [s["player"] for s in st["tables"][0]["seats"]]
        for k in range(short):
            out = _ok(cli(db, "bust", name, one[k]))
            halted = f"play halts at table(s) 1 ({rule}: {short} or more players short)"
            assert (halted in out) is (k == short - 1), (preset, k, out)


def test_ifp10_player_moved_in_between_the_small_blind_and_the_button_waits() -> None:
    """IFP 10: "The only place they cannot get a hand is when occupying an empty seat between
    the small blind and the button ... he or she will have to wait to play until the button
    has passed him/her": a player moved into such a seat of a table whose button is known is
    told so (TDA 10-A under TDA)."""
    from pokertd.services.tournaments import rulings

    for preset, rule in (("ifp-2012", "IFP 10"), ("tda-2024", "TDA 10-A")):
        t = live(20, preset)
        table = t.floor.tables[1]
        t.eliminate([Bust(table.seats[2], 1, 500), Bust(table.seats[3], 1, 900)])  # 3, 4
        t.record_button(1, 10, 0)                 # the hand they busted in
        t.bust(t.floor.tables[2].seats[9])        # the buttons are asked for again
        t.record_button(1, 1, 0)                  # button 1, blinds 2 and 5
        pos = table.button.peek(table.seats)      # button 2, small blind 5: 3, 4 between
        assert (pos.button, pos.small_blind, pos.big_blind) == (2, 5, 6)
        mover = t.floor.tables[2].seats[0]
        t.floor.move(mover, 1, 3, "balancing (test)")
        moved = ev.Moved(mover, 2, 1, 1, 3, "balancing (test)")
        assert table.button.peek(table.seats).waiting == (3,)
        assert rulings(t, [moved]) == [
            f"{mover} (table 1 seat 3) sits between the small blind and the button: no hand "
            f"until the button has passed him ({rule})"]
    # A table broken onto tables whose buttons are not known (asked for after each bust-out):
    # the director is reminded of the rule.
    t = live(25, "ifp-2012")                      # 9, 8, 8
    for p in [p for p in t.floor.tables[2].seats if p is not None][:5]:
        t.bust(p)
    out = t.rearrange(600)
    assert any(isinstance(e, ev.TableBroken) for e in out)
    assert rulings(t, out)[-1] == (
        "a player moved from a broken table into a seat between the small blind and the "
        "button gets no hand until the button has passed him (IFP 10)")


def test_ifp16_the_final_table_redraw_prompts_the_button_draw() -> None:
    """IFP 15 then IFP 16: "The starting position of the dealer button ... will be randomly
    drawn": the final table redrawn, the director is told to draw for the button."""
    from pokertd.services.tournaments import rulings

    t = live(12, "ifp-2012")
    t.bust("p01")
    t.bust("p02")
    out = t.rearrange(600)
    assert any(isinstance(e, ev.FinalTableFormed) for e in out)
    assert any("draw for the button (IFP 16" in line for line in rulings(t, out))
