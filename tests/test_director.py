"""The tournament director: events, replay, eliminations (IFP 57, WPA 8, Gananda, TDA RP-8),
registration (IFP 9), rebuys and add-ons (IFP 59, WPA 6), absent players (IFP 8, Gananda),
payouts with ties, deals (IFP 62)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.rules import get_rules
from pokertd.sim import play_hand, simulate
from pokertd.tournament import events as ev
from pokertd.tournament.director import Bust, DirectorError, Tournament
from pokertd.tournament.house import GANANDA_RULES, TournamentConfig, config_preset, gananda
from pokertd.tournament.icm import deal_amounts, make_deal
from pokertd.tournament.structure import Structure, load_preset


def live(n, preset="gananda", seed=1, **config):
    cfg = config_preset(preset) if not config else TournamentConfig(**config)
    t = Tournament(cfg, seed=seed, dealt=False)
    for i in range(1, n + 1):
        t.register(f"p{i:02d}")
    t.start(0)
    return t


def small_structure(**kw):
    base = dict(name="test", starting_stack=1000, periods=[
        {"minutes": 10, "small_blind": 5, "big_blind": 10},
        {"minutes": 10, "small_blind": 10, "big_blind": 20},
        {"kind": "break", "minutes": 5},
        {"minutes": 10, "small_blind": 20, "big_blind": 40},
        {"minutes": 10, "small_blind": 40, "big_blind": 80},
    ])
    base.update(kw)
    return Structure.from_dict(base)


# --- eliminations -----------------------------------------------------------------------------

def test_ifp57_same_table_lower_start_stack_finishes_lower():
    """IFP 57: same hand, same table: the lower stack at the start of the hand is out first."""
    t = live(10, "ifp-2012")
    t.eliminate([Bust("p01", 1, 1400, "p03"), Bust("p02", 1, 1600, "p03")])
    assert t.players["p01"].place == 10 and t.players["p01"].tied == 1
    assert t.players["p02"].place == 9
    assert t.players["p03"].knockouts == 2


def test_ifp57_different_tables_tie():
    """IFP 57: players out on the same hand at different tables tie for the place."""
    t = live(30, "ifp-2012")
    t.eliminate([Bust("p01", 1, 100), Bust("p02", 1, 200), Bust("p03", 2, 150)])
    assert (t.players["p01"].place, t.players["p01"].tied) == (29, 2)
    assert (t.players["p03"].place, t.players["p03"].tied) == (29, 2)
    assert (t.players["p02"].place, t.players["p02"].tied) == (28, 1)


def test_gananda_winning_the_tournament_example_1_larger_stack_higher():
    """Gananda: Winning the Tournament, example 1: A 1400, B 1600: B finishes higher."""
    t = live(10)
    t.eliminate([Bust("p01", 1, 1400), Bust("p02", 1, 1600)])
    assert t.players["p02"].place < t.players["p01"].place


def test_gananda_winning_the_tournament_example_2_equal_stacks_tie_and_share_prize():
    """Gananda: Winning the Tournament, example 2 (and IFP 57, WPA 8): equal stacks tie and
    share the prize money of the places they span."""
    t = live(7)                                   # 7 players: 50/30/20 of $140
    t.bust("p07", start_stack=500)
    t.bust("p06", start_stack=500)
    t.bust("p05", start_stack=500)
    t.bust("p04", start_stack=500)
    t.eliminate([Bust("p02", 1, 1500), Bust("p03", 1, 1500)])  # tie for 2nd and 3rd
    assert t.finished and t.winner == "p01"
    assert t.payouts == (70, 42, 28)
    assert t.players["p02"].place == t.players["p03"].place == 2
    assert t.players["p02"].prize + t.players["p03"].prize == 70
    assert {t.players["p02"].prize, t.players["p03"].prize} == {35}
    assert sum(p.prize for p in t.players.values()) == t.prize_pool == 140


def test_wpa8_higher_start_stack_higher_across_tables():
    """WPA 8: the player starting the hand with the most chips finishes higher, at any table."""
    t = live(30, "wpa")
    t.eliminate([Bust("p01", 1, 100), Bust("p02", 1, 300), Bust("p03", 2, 200)])
    assert [t.players[p].place for p in ("p01", "p03", "p02")] == [30, 29, 28]


def test_tda_rp8_busted_on_one_hand_share_places():
    """TDA RP-8: players out on the same hand-for-hand hand share the places."""
    t = live(30, "tda-2024")
    t.eliminate([Bust("p01", 1, 100), Bust("p02", 2, 300)])
    assert t.players["p01"].place == t.players["p02"].place == 29


def test_knockout_credited_to_the_player_who_won_the_chips():
    t = live(5)
    t.bust("p05", knocked_out_by="p01")
    assert t.players["p01"].knockouts == 1 and t.players["p05"].knocked_out_by == "p01"
    with pytest.raises(DirectorError, match="out"):
        t.bust("p04", knocked_out_by="p05")


def test_busting_twice_or_unknown_player_refused_and_state_unchanged():
    t = live(5)
    t.bust("p05")
    before = json.dumps(t.state(), default=str)
    n = len(t.events)
    with pytest.raises(DirectorError, match="already out"):
        t.bust("p05")
    with pytest.raises(DirectorError, match="unknown player"):
        t.bust("nobody")
    with pytest.raises(DirectorError, match="twice"):
        t.eliminate([Bust("p01"), Bust("p01")])
    with pytest.raises(DirectorError, match="no winner"):
        t.eliminate([Bust("p01"), Bust("p02"), Bust("p03"), Bust("p04")])
    assert len(t.events) == n and json.dumps(t.state(), default=str) == before


def test_dealt_event_refuses_busting_a_player_with_chips():
    t = Tournament(gananda(), seed=1)
    for p in ("a", "b", "c"):
        t.register(p)
    t.start(0)
    with pytest.raises(DirectorError, match="still has 1500 chips"):
        t.bust("a")


@settings(max_examples=60)
@given(st.integers(2, 40), st.sampled_from(["gananda", "ifp-2012", "wpa", "tda-2024"]),
       st.randoms(use_true_random=False))
def test_ifp57_random_bust_out_sequences_places_prizes_every_player_once(n, preset, rnd):
    """Places are a permutation with ties (a tie of k at place p spans p..p+k-1), every
    player is in the results exactly once, the prize pool is paid in full."""
    t = live(n, preset)
    while not t.finished:
        alive = [p for p, s in t.players.items() if not s.out]
        k = rnd.randint(1, min(3, len(alive) - 1))
        out = rnd.sample(alive, k)
        busts = [Bust(p, rnd.randint(1, 3), rnd.choice([100, 200, 300])) for p in out]
        t.eliminate(busts)
    res = t.results()
    assert sorted(r["player"] for r in res) == sorted(t.players)
    places = sorted(r["place"] for r in res)
    covered = []
    for place in sorted(set(places)):
        k = places.count(place)
        assert all(t.players[r["player"]].tied == k for r in res if r["place"] == place)
        covered.extend(range(place, place + k))
    assert covered == list(range(1, n + 1))
    assert sum(r["prize"] for r in res) == t.prize_pool == 20 * n
    for place in set(places):                     # tied players share within one unit
        shares = [r["prize"] for r in res if r["place"] == place]
        assert max(shares) - min(shares) <= 1


# --- registration, rebuys, add-ons, absent players ------------------------------------------

def test_ifp9_registration_closes_after_the_late_registration_level():
    cfg = TournamentConfig(structure=small_structure(late_registration_until_level=2))
    t = Tournament(cfg, seed=3, dealt=False)
    for p in ("a", "b", "c"):
        t.register(p)
    t.start(0)
    assert t.payouts is None                      # the field is not final yet
    new = t.register("late", now=700)             # level 2
    assert [type(e) for e in new][-1] is ev.Seated and "late" in t.floor.where
    n = len(t.events)
    with pytest.raises(DirectorError, match="IFP 9"):
        t.register("later", now=25 * 60 + 1)      # level 3
    assert len(t.events) == n and "later" not in t.players
    with pytest.raises(DirectorError, match="already registered"):
        t.register("a")
    t.advance(25 * 60 + 1)
    assert t.payouts is not None and t.prize_pool == 4 * 20


def test_ifp9_dead_stacks_unsold_seats_removed_at_the_start():
    """IFP 9: 10 seats for sale, 7 sold: when registration closes (at the start, no late
    registration) the 3 unsold seats' starting stacks are removed, one event, with the chips
    to take off the tables; they are no one's chips and pay nothing into the prize pool."""
    from dataclasses import replace

    t = Tournament(replace(gananda(), seats=10), seed=4, dealt=False)
    for i in range(7):
        t.register(f"p{i}")
    assert t.unsold_seats == 3 and t.chips == 7 * 1500 and not t.registration_closed
    out = t.start(0)
    dead = [e for e in out if isinstance(e, ev.DeadStacksRemoved)]
    assert dead == [ev.DeadStacksRemoved(3, 4500, ((5, 75), (25, 39), (50, 21), (100, 6),
                                                    (500, 3)), "IFP 9")]
    # Gananda: Tournament Structure: 25 x 5 + 13 x 25 + 7 x 50 + 2 x 100 + 1 x 500 a stack.
    assert sum(v * k for v, k in dead[0].by_value) == dead[0].chips
    assert t.registration_closed and t.dead_stacks == dead[0]
    assert t.chips == 7 * 1500 == sum(p.stack for p in t.players.values())
    assert t.prize_pool == 7 * 20 and t.payouts == (70, 42, 28)   # Gananda: Payout, 7-9
    assert t.follow_clock(60 * 60) and [e for e in t.events if e.type == "dead_stacks_removed"] \
        == dead                                   # removed once
    assert Tournament.replay(t.event_dicts()).state() == t.state()


def test_ifp9_dead_stacks_sold_out_refused_none_when_every_seat_sold():
    """IFP 9: registration stops when every seat for sale is sold (nothing recorded); a
    sold-out event has no dead stacks."""
    from dataclasses import replace

    t = Tournament(replace(config_preset("ifp-2012"), seats=4), seed=4, dealt=False)
    for p in ("a", "b", "c", "d"):
        t.register(p)
    n = len(t.events)
    with pytest.raises(DirectorError, match="all 4 seats are sold"):
        t.register("e")
    assert len(t.events) == n and "e" not in t.players
    t.start(0)
    assert t.registration_closed and t.dead_stacks is None
    assert not any(e.type == "dead_stacks_removed" for e in t.events)
    with pytest.raises(ValueError, match="at least two"):
        replace(config_preset("ifp-2012"), seats=1)


def test_ifp9_dead_stacks_removed_when_late_registration_closes():
    """IFP 9 with late registration until level 2: the unsold seats keep their stacks while
    late entries can buy them; at the first hand of level 3 the stacks still unsold are
    removed. The chip set's stack (1500) is not this structure's (1000): the chips by value
    are left to the director."""
    cfg = TournamentConfig(structure=small_structure(late_registration_until_level=2), seats=6)
    t = Tournament(cfg, seed=3, dealt=True)
    for p in ("a", "b", "c"):
        t.register(p)
    t.start(0)
    assert t.dead_stacks is None and not t.registration_closed and t.unsold_seats == 3
    t.register("late", now=700)                   # level 2: a late entry buys a seat
    assert t.unsold_seats == 2 and t.chips == 4000
    assert not any(e.type == "dead_stacks_removed" for e in t.advance(700))
    out = t.advance(25 * 60 + 1)                  # level 3: registration has closed
    assert [e.type for e in out] == ["level_started", "dead_stacks_removed", "payouts_fixed"]
    assert out[1] == ev.DeadStacksRemoved(2, 2000, (), "IFP 9")
    assert t.chips == 4000 and t.prize_pool == 4 * 20
    assert Tournament.replay(t.event_dicts()).state() == t.state()


def test_ifp9_dead_stacks_simulated_chips_in_play_stay_the_players():
    """IFP 9 in a dealt tournament: 30 seats for sale, 27 sold: 3 stacks removed at the
    start; every hand, chip race (IFP 56) and absent-stack removal keeps the tournament's
    count of chips in play equal to the stacks at the tables (``check``), and the winner ends
    with all of them."""
    from dataclasses import replace

    r = simulate(27, preset=replace(gananda(), seats=30), seed=11, absent=2, check=True)
    t = r.tournament
    dead = [e for e in t.events if e.type == "dead_stacks_removed"]
    assert [(e.seats, e.chips) for e in dead] == [(3, 4500)]
    assert r.prize_pool == 27 * 20 and sum(x["prize"] for x in r.results) == 27 * 20
    removed = sum(e.removed for e in t.events if e.type == "busted")
    assert 0 < removed < 2 * 1500                 # Gananda: absent stacks less blinds posted
    assert t.chips == t.players[t.winner].stack
    assert any(e.type == "chip_raced" for e in t.events)


def test_ifp59_rebuy_only_in_its_period():
    s = small_structure(rebuys={"until_level": 1, "chips": 1000, "max_per_player": 1})
    t = Tournament(TournamentConfig(structure=s), seed=3, dealt=False)
    for p in ("a", "b", "c"):
        t.register(p)
    t.start(0)
    t.rebuy("a", now=60)
    assert t.players["a"].stack == 2000 and t.prize_pool == 80
    with pytest.raises(DirectorError, match="IFP 59"):
        t.rebuy("a", now=120)                     # one a player
    with pytest.raises(DirectorError, match="IFP 59"):
        t.rebuy("b", now=11 * 60)                 # level 2: the period is over
    assert t.prize_pool == 80


def test_gananda_no_rebuys_or_addons():
    t = live(5)
    with pytest.raises(DirectorError, match="no rebuys"):
        t.rebuy("p01", now=10)
    with pytest.raises(DirectorError, match="no add-on"):
        t.addon("p01", now=10)


def test_wpa6_addon_after_its_level():
    """A dealt event: the add-on closes at the next level's first hand."""
    s = small_structure(addon={"after_level": 1, "chips": 500})
    t = Tournament(TournamentConfig(structure=s), seed=3, dealt=True)
    for p in ("a", "b", "c"):
        t.register(p)
    t.start(0)
    t.advance(60)
    with pytest.raises(DirectorError, match="WPA 6"):
        t.addon("a", now=120)                     # level 1 is still running
    t.addon("a", now=10 * 60 + 1)                 # level 2, before its first hand
    assert t.players["a"].stack == 1500 and t.prize_pool == 80
    with pytest.raises(DirectorError, match="WPA 6"):
        t.addon("a", now=10 * 60 + 2)             # one a player
    t.advance(10 * 60 + 5)                        # level 2's first hand
    with pytest.raises(DirectorError, match="WPA 6"):
        t.addon("b", now=10 * 60 + 6)
    assert t.payouts is not None                  # the add-on has closed: the field is final


def test_wpa6_live_addon_on_the_break_closes_when_the_next_round_begins():
    """WPA 6 in a live event ("The 'Add-on' must be done before the first hand of the next
    round will be dealt"): the software does not see the next level's first hand, so the
    add-on is taken on the break after its level and closes when the break ends (issue 22);
    the payouts are fixed then."""
    s = small_structure(addon={"after_level": 2, "chips": 500})   # break 1 follows level 2
    t = Tournament(TournamentConfig(structure=s), seed=3, dealt=False)
    for p in ("a", "b", "c"):
        t.register(p)
    t.start(0)
    t.follow_clock(60)
    with pytest.raises(DirectorError, match="WPA 6"):
        t.addon("a", now=15 * 60)                 # level 2 is still running
    assert t.follow_clock(21 * 60) == []          # on the break: nothing changes
    t.addon("a", now=21 * 60)                     # the break after level 2
    t.follow_clock(26 * 60)                       # level 3 has begun: the add-on has closed
    with pytest.raises(DirectorError, match="closed at the end of the break after level 2"):
        t.addon("b", now=26 * 60)
    assert t.payouts is not None and t.prize_pool == 4 * 20
    assert t.chips == 3 * 1000 + 500


def test_wpa6_live_addon_until_next_level_stays_open_through_the_next_level():
    """WPA 6 with ``addon.until = "next-level"``: the structure keeps the add-on open through
    the next level (the director watching that no hand of it is dealt), refused after it;
    the payouts are fixed once it has closed."""
    s = small_structure(addon={"after_level": 2, "chips": 500, "until": "next-level"})
    t = Tournament(TournamentConfig(structure=s), seed=3, dealt=False)
    for p in ("a", "b", "c"):
        t.register(p)
    t.start(0)
    t.addon("a", now=21 * 60)                     # the break after level 2
    t.follow_clock(26 * 60)                       # level 3 has begun
    t.addon("b", now=26 * 60)                     # still level 3
    assert t.payouts is None
    t.follow_clock(36 * 60)                       # level 4: the add-on has closed
    with pytest.raises(DirectorError, match="WPA 6"):
        t.addon("c", now=36 * 60)
    assert t.payouts is not None and t.prize_pool == 5 * 20
    assert t.chips == 3 * 1000 + 2 * 500


def test_gananda_absent_players_chips_removed_at_start_of_level_3():
    """Gananda: Absent/Late Players: chips removed at the first hand of level 3; the player
    is out. An arrival before then keeps the stack."""
    t = Tournament(gananda(), seed=5, dealt=False)
    for p in ("a", "b", "c", "d"):
        t.register(p, absent=p in ("c", "d"))
    t.start(0)
    t.arrive("d")
    t.advance(26 * 60)                            # level 2
    assert not t.players["c"].out
    out = t.advance(50 * 60)                      # level 3
    busted = [e for e in out if isinstance(e, ev.Busted)]
    assert [(e.player, e.place, e.removed, e.rule) for e in busted] == [
        ("c", 4, 1500, "Gananda: Absent/Late Players")]
    assert not t.players["d"].out
    with pytest.raises(DirectorError, match="not absent"):
        t.arrive("d")


def test_ifp8_absent_player_dealt_in_blinds_posted_cards_killed():
    """IFP 8 / Gananda: an absent player is dealt in, posts his blinds, his cards are killed."""
    t = Tournament(gananda(), seed=9)
    for p in ("a", "b", "c"):
        t.register(p, absent=p == "c")
    t.start(0)
    setup = t.next_hand(1, 0)
    h = play_hand(setup, GANANDA_RULES, {p: _Caller() for p in ("a", "b")}, random.Random(1))
    i = setup.players.index("c")
    assert h.totals[i] in (0, 5, 10) and h.status[i] == 2  # folded (killed)
    assert setup.absent[i]


class _Caller:
    def act(self, hand, player, bb, unit=1):
        hand.check_call()


# --- the house preset, buttons, payouts, deals -------------------------------------------------

def test_gananda_house_preset_on_ifp_2012():
    cfg = gananda()
    base = get_rules("ifp-2012")
    assert cfg.rules.button_start == "seat-1" and cfg.rules.name == "gananda"
    assert cfg.rules.side_pot_order == "largest-stacks-first"
    assert cfg.rules.raise_completion == base.raise_completion
    assert cfg.structure == load_preset("gananda") and cfg.payout == "gananda"
    assert (cfg.buy_in, cfg.to_prize_pool) == (25, 20)
    assert TournamentConfig.from_dict(json.loads(json.dumps(cfg.to_dict()))) == cfg


def test_gananda_seating_seat_1_deals_first_and_ifp16_draw():
    t = Tournament(gananda(), seed=2)
    for i in range(12):
        t.register(f"p{i}")
    t.start(0)
    setup = t.next_hand(1, 0)
    placed = [e for e in t.events if isinstance(e, ev.ButtonPlaced)]
    assert placed[-1].seat == 1 and placed[-1].rule == "Gananda: Seating"
    assert setup.positions.button == 1
    t2 = Tournament(config_preset("ifp-2012"), seed=2)
    for i in range(12):
        t2.register(f"p{i}")
    t2.start(0)
    t2.next_hand(1, 0)
    assert [e for e in t2.events if isinstance(e, ev.ButtonPlaced)][-1].rule == "IFP 16"


def test_ifp15_final_table_random_redraw_is_one_event():
    t = live(12, "ifp-2012")
    t.bust("p01")
    t.bust("p02")
    out = t.rearrange()
    assert [type(e) for e in out] == [ev.FinalTableFormed]
    assert t.floor.table_count == 1 and sorted(s for *_, s in out[0].seats) == list(range(1, 11))


def test_ifp62_deal_needs_every_remaining_player_and_is_paid():
    t = live(7)
    for p in ("p07", "p06", "p05", "p04"):
        t.bust(p)
    left = ["p01", "p02", "p03"]
    stacks = list(zip(left, [3000, 2000, 1000]))
    with pytest.raises(ValueError):
        make_deal(stacks, list(t.payouts), method="chip-chop", agreed_by=left[:2])
    proposal = deal_amounts(stacks, list(t.payouts), method="chip-chop")
    with pytest.raises(DirectorError, match="IFP 62"):
        t.make_deal(proposal)                     # no one has agreed yet
    record = make_deal(stacks, list(t.payouts), method="chip-chop", agreed_by=left)
    t.make_deal(record)
    t.bust("p03")
    t.bust("p02", knocked_out_by="p01")
    assert t.finished
    assert {p: t.players[p].prize for p in left} == {p: record.amount_for(p) for p in left}
    assert sum(p.prize for p in t.players.values()) == 140


# --- events and replay --------------------------------------------------------------------------

def test_events_are_json_and_replay_rebuilds_the_same_state():
    """Replaying the events (through JSON) rebuilds exactly the same tournament, also after
    chip races, absent players, table breaks, the final table and the finish."""
    r = simulate(23, seed=11, absent=2)
    t = r.tournament
    assert t.finished
    data = json.loads(json.dumps(t.event_dicts()))
    again = Tournament.replay(data)
    assert again.state() == t.state()
    assert again.results() == r.results
    kinds = {e["type"] for e in data}
    assert data[0]["type"] == "created" and data[0]["seed"] == 11
    assert {"registered", "started", "seated", "hand_played", "busted", "moved", "level_started",
            "chip_raced", "payouts_fixed", "finished", "button_placed"} <= kinds


def test_replay_midway_continues_with_the_same_draws():
    t = live(25, "ifp-2012", seed=4)
    for p in ("p25", "p24", "p23"):
        t.bust(p)
    copy = Tournament.replay(t.event_dicts())
    assert copy.state() == t.state()
    assert [ev.to_dict(e) for e in copy.rearrange()] == [ev.to_dict(e) for e in t.rearrange()]
    assert copy.state() == t.state()


def test_unknown_event_type_or_headless_log_refused():
    with pytest.raises(ValueError, match="unknown tournament event"):
        ev.from_dict({"type": "exploded"})
    with pytest.raises(DirectorError, match="starts with 'created'"):
        Tournament.replay([{"type": "registered", "player": "a", "absent": False}])


def test_record_hand_refuses_a_stale_setup_or_lost_chips():
    t = Tournament(gananda(), seed=1)
    for p in ("a", "b", "c"):
        t.register(p)
    t.start(0)
    setup = t.next_hand(1, 0)
    n = len(t.events)
    with pytest.raises(DirectorError, match="conserve"):
        t.record_hand(setup, [1500, 1500, 1400], 0)
    t.record_hand(setup, [1490, 1500, 1510], 0)
    with pytest.raises(DirectorError, match="changed"):
        t.record_hand(setup, [1500, 1500, 1500], 0)   # the same setup twice
    with pytest.raises(DirectorError, match="no table"):
        t.next_hand(7, 0)
    assert len(t.events) == n + 1


def _nine_and_nine(seed=1):
    t = Tournament(gananda(), seed=seed, dealt=False)
    for i in range(1, 19):
        t.register(f"p{i:02d}")
    t.start(0)
    return t


def _play_through(t, setup):
    t.record_hand(setup, setup.stacks, 0)      # a live table: the stacks are not tracked


def test_ifp10_a_moved_player_gets_no_hand_between_the_small_blind_and_the_button():
    """IFP 10: a player from a broken table may take any seat, but is dealt no hand in a seat
    between the small blind and the button: he waits until the button has passed him."""
    t = _nine_and_nine()
    seats = t.floor.tables[1].seats
    t.bust(seats[2])                           # seat 3 empties before the first hand
    first = t.next_hand(1, 0)
    assert (first.positions.button, first.positions.small_blind, first.positions.big_blind) == (1, 2, 4)
    _play_through(t, first)
    mover = t.floor.tables[2].seats[0]
    t.apply(ev.Moved(mover, 2, 1, 1, 3, "table broken (IFP 10)"))
    second = t.next_hand(1, 0)
    assert second.positions.button == 2 and second.positions.small_blind == 4
    assert second.positions.waiting == (3,)
    assert mover not in second.players and len(second.players) == 8


def test_ifp19_single_big_blind_when_the_big_blind_busts():
    """IFP 17 / IFP 19: the big blind busts; next hand the big blind moves on, no one posts
    the small blind (a single big blind) and the button moves to the last small blind."""
    t = _nine_and_nine()
    first = t.next_hand(1, 0)
    _play_through(t, first)
    t.bust(t.floor.tables[1].seats[2])         # the big blind (seat 3) busts
    second = t.next_hand(1, 0)
    pos = second.positions
    assert (pos.button, pos.small_blind, pos.big_blind) == (2, None, 4)
    h = play_hand(second, GANANDA_RULES, {p: _Caller() for p in second.players}, random.Random(2))
    posts = [e for e in h.events() if e["type"] == "posted"]
    assert [(p["player"], p["kind"], p["amount"]) for p in posts] == [(0, "big_blind", 10)]
    assert second.players[0] == t.floor.tables[1].seats[3]   # the big blind acts as position 0


def test_gananda_final_table_clock_stopped_while_it_forms():
    """Gananda: Final Table: the timer is stopped while the final table is formed."""
    t = live(12)
    t.bust("p01")
    t.bust("p02")
    out = t.rearrange(now=600)
    assert [type(e) for e in out] == [ev.ClockPaused, ev.FinalTableFormed]
    assert t.clock.paused and "Gananda: Final Table" in t.clock.pause_reason
    t.resume(660)
    assert t.clock.elapsed(700) == 640
    plain = live(12, "ifp-2012")
    plain.bust("p01")
    plain.bust("p02")
    assert [type(e) for e in plain.rearrange(now=600)] == [ev.FinalTableFormed]


def test_tda_rp8_hand_for_hand_two_minutes_off_per_hand_ifp61_clock_runs():
    """TDA RP-8: the clock stops in hand-for-hand play and two minutes come off it per hand;
    IFP 61: the clock keeps running."""
    tda = live(20, "tda-2024")
    tda.hand_for_hand(60)
    tda.hand_for_hand_hand_done(90)
    assert tda.clock.elapsed(100) == 60 + 120
    tda.hand_for_hand(100, False)
    with pytest.raises(DirectorError, match="not begun"):
        tda.hand_for_hand_hand_done(110)
    ifp = live(20, "ifp-2012")
    ifp.hand_for_hand(60)
    ifp.hand_for_hand_hand_done(90)
    assert ifp.clock.elapsed(100) == 100
    assert Tournament.replay(tda.event_dicts()).state() == tda.state()


def test_gananda_moving_players_balancing_and_breaking_are_move_events():
    """Gananda: Moving Players (tables differing by two), IFP 11a (the next big blind moves),
    IFP 10 (a broken table's players fill the open seats): every move is an event with the
    old and new table and seat, which a live director is shown."""
    t = live(20, "ifp-2012")                  # two tables of 10
    for p in list(t.floor.tables[1].players())[:2]:
        t.bust(p)                             # 8 and 10
    assert t.rearrange() == []                # a live move waits for the buttons (IFP 11a)
    t.record_button(2, 1, 0)
    t.record_button(1, 3, 0)
    moves = t.rearrange()
    assert len(moves) == 1 and isinstance(moves[0], ev.Moved)
    m = moves[0]
    assert (m.from_table, m.to_table) == (2, 1) and m.reason == "balancing (IFP 11a)"
    assert m.from_seat == 4                   # button 1, blinds 2 and 3: seat 4 is next
    assert t.floor.where[m.player] == (1, m.to_seat)
    assert Tournament.replay(t.event_dicts()).state() == t.state()
    t2 = live(25, "ifp-2012")                 # three tables: 9, 8, 8
    for p in list(t2.floor.tables[2].players())[:5]:
        t2.bust(p)                            # 20 players fit two tables
    order = list(t2.floor.break_order)
    out = t2.rearrange()
    broken = [e for e in out if isinstance(e, ev.TableBroken)]
    assert [e.table for e in broken] == order[:1]          # the set order (IFP 10)
    assert t2.floor.table_count == 2 and broken[0].table not in t2.floor.tables
    assert all(e.reason == "table broken (IFP 10)" for e in out if isinstance(e, ev.Moved))
    assert Tournament.replay(t2.event_dicts()).state() == t2.state()


def test_ifp17_ifp11a_live_dead_button_reported_on_an_empty_seat():
    """IFP 17 (dead button) with IFP 11a: the director reports the button on a seat that has
    emptied; the small blind is the next player and the player due the big blind next is
    the one after the big blind. A dealt event's buttons are the engine's: none reported."""
    t = live(20, "ifp-2012")                  # two tables of 10
    t.bust(t.floor.tables[2].seats[3])        # seat 4 of table 2 empties
    t.record_button(2, 4, 0)
    b = t.floor.tables[2].button
    assert (b.button, b.small_blind_pos, b.big_blind_pos) == (4, 5, 6)
    assert b.next_big_blind_seat(t.floor.tables[2].seats) == 7
    with pytest.raises(DirectorError, match="table 2 has seats 1-10"):
        t.record_button(2, 11, 0)
    assert Tournament.replay(t.event_dicts()).state() == t.state()
    t.bust(t.floor.tables[1].seats[0])        # the next bust-out: the button is asked again
    assert t.floor.tables[2].button is None
    dealt = Tournament(config_preset("ifp-2012"), seed=1, dealt=True)
    for i in range(4):
        dealt.register(f"p{i}")
    dealt.start(0)
    with pytest.raises(DirectorError, match="the engine deals"):
        dealt.record_button(1, 1, 0)


def test_ifp11a_a_dealt_events_balancing_moves_only_tables_between_hands():
    """rearrange(ready=): the tables of a dealt event not listed are in a hand; a balancing
    move (IFP 11a: between hands) that needs one of them waits, and is made once both tables
    of the move are between hands."""
    t = Tournament(config_preset("ifp-2012"), seed=5)
    for i in range(1, 21):
        t.register(f"p{i:02d}")
    t.start(0)
    assert sorted(t.floor.tables) == [1, 2]
    setup = t.next_hand(1, 0)
    end = list(setup.stacks)
    end[0] += end[1] + end[2]            # two players lose every chip to a third
    end[1] = end[2] = 0
    t.record_hand(setup, end, 0)
    t.eliminate([Bust(setup.players[1], 1, setup.stacks[1], setup.players[0]),
                 Bust(setup.players[2], 1, setup.stacks[2], setup.players[0])])
    assert (t.floor.tables[1].count, t.floor.tables[2].count) == (8, 10)
    assert t.rearrange(0, ready={1}) == []          # table 2 is in a hand: the move waits
    moved = [e for e in t.rearrange(0, ready={1, 2}) if isinstance(e, ev.Moved)]
    assert [(m.from_table, m.to_table) for m in moved] == [(2, 1)]
    assert (t.floor.tables[1].count, t.floor.tables[2].count) == (9, 9)
