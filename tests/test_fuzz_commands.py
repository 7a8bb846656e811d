"""Random and malformed command sequences (issue 13: bad input everywhere) for the engine, the
tournament director and the league: every command is either done or refused with the layer's
typed error and a message, never another exception; after a refusal the state is exactly what
it was (nothing recorded); and the log replays to the state reached."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pokertd.engine import Hand, IllegalAction, replay
from pokertd.services.seasons import ImportRefused, add_events, change_members, import_csv, load_season
from pokertd.league.season import Event, LeagueError, Result
from pokertd.league.standings import standings_history
from pokertd.rules.declarations import LeftToDirector
from pokertd.storage import open_store
from pokertd.tournament.button import ButtonError
from pokertd.tournament.chip_race import ChipRaceError
from pokertd.tournament.chips import ChipSetError
from pokertd.tournament.clock import ClockError
from pokertd.tournament.director import DirectorError, Tournament
from pokertd.tournament.house import config_preset
from pokertd.tournament.icm import DealError
from pokertd.tournament.payouts import PayoutError
from pokertd.tournament.seating import SeatingError

RUNS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Values a malformed command may carry in place of a number, a name or a player.
ODD = st.sampled_from([None, -1, 0, 1, 2, 7, 10**9, 2.5, float("nan"), True, "", " ", "x", "p1",
                       [], {}, "A" * 300])
AMOUNT = st.integers(-50, 3000) | ODD
PLAYER_INDEX = st.integers(-2, 7) | ODD


# ------------------------------------------------------------------------ engine


def hand_state(h: Hand) -> tuple:
    return (json.dumps(h.events()), list(h.stacks), list(h.bets), list(h.status), h.actor,
            h.phase, h.street, h.done, list(h.board))


ENGINE_COMMAND = st.one_of(
    st.tuples(st.just("fold"), PLAYER_INDEX),
    st.tuples(st.just("check_call"), PLAYER_INDEX),
    st.tuples(st.just("check"), PLAYER_INDEX),
    st.tuples(st.just("call"), PLAYER_INDEX),
    st.tuples(st.just("raise_to"), AMOUNT, PLAYER_INDEX | st.none()),
    st.tuples(st.just("legal_raise")),
    st.tuples(st.just("out_of_turn"), PLAYER_INDEX, st.sampled_from(["fold", "check", "call",
                                                                      "raise", "bet", "x", None]),
              AMOUNT),
    st.tuples(st.just("physical_bet"), st.lists(st.integers(-5, 1000) | ODD, max_size=4),
              st.none() | AMOUNT | st.sampled_from(["raise", "call", "all in", "pot"])),
    st.tuples(st.just("kill"), PLAYER_INDEX),
    st.tuples(st.just("show"), PLAYER_INDEX, st.none() | st.sampled_from(["AsKs", "2c", "xx"])),
    st.tuples(st.just("muck"), PLAYER_INDEX),
)


def run_engine(h: Hand, command: tuple) -> None:
    name, *args = command
    if name == "legal_raise":
        la = h.legal_actions()
        if la.min_raise_to is not None:
            h.raise_to(la.min_raise_to)
        else:
            h.check_call()
    elif name == "raise_to":
        h.raise_to(args[0], args[1])
    elif name == "out_of_turn":
        h.out_of_turn(*args)
    elif name == "physical_bet":
        h.physical_bet(args[0], args[1])
    else:
        getattr(h, name)(*args)


@RUNS
@given(st.integers(2, 6), st.integers(0, 2**32), st.sampled_from(["ifp-2012", "wpa", "tda-2024"]),
       st.sampled_from(["no-limit", "pot-limit", "fixed-limit"]),
       st.lists(ENGINE_COMMAND, min_size=1, max_size=40))
def test_engine_commands_are_done_or_refused_with_the_hand_unchanged(n, seed, rules, structure,
                                                                      commands):
    h = Hand([400 + 137 * i for i in range(n)], (5, 10), seed=seed, rules=rules,
             structure=structure, auto_showdown=False)
    for command in commands:
        if h.done:
            break
        before = hand_state(h)
        try:
            run_engine(h, command)
        except IllegalAction as exc:
            assert exc.what and exc.rule, command
            assert hand_state(h) == before, f"{command} refused but changed the hand"
        except ValueError as exc:         # bad arguments (not a player, not chips): refused
            assert str(exc), command
            assert hand_state(h) == before, f"{command} refused but changed the hand"
        except LeftToDirector as exc:     # the book leaves it to the TD (IFP 1, TDA 1, TDA 40-A)
            assert exc.rule, command
            assert hand_state(h) == before, f"{command} left to the director but changed the hand"
    assert sum(h.stacks) + h.pot + sum(h.bets) == sum(h.starting) or h.done
    if h.done:
        assert sum(h.stacks) == sum(h.starting)              # no chip lost or made
        assert replay(h.events()).stacks == h.stacks


# ------------------------------------------------------------------------ director

TYPED = (DirectorError, ClockError, ButtonError, ChipRaceError, ChipSetError, DealError,
         PayoutError, SeatingError)
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lee"]
NAME = st.sampled_from(NAMES) | ODD
TIME = st.floats(-100, 20000, allow_nan=False) | st.sampled_from([float("nan"), float("inf")])

DIRECTOR_COMMAND = st.one_of(
    st.tuples(st.just("register"), NAME, st.booleans()),
    st.tuples(st.just("register_many")),
    st.tuples(st.just("unregister"), NAME),
    st.tuples(st.just("arrive"), NAME),
    st.tuples(st.just("start"), TIME),
    st.tuples(st.just("pause"), TIME),
    st.tuples(st.just("resume"), TIME),
    st.tuples(st.just("hand_for_hand"), TIME, st.booleans()),
    st.tuples(st.just("announce_last_hands"), TIME, st.none() | st.integers(-2, 9) | ODD),
    st.tuples(st.just("advance"), TIME),
    st.tuples(st.just("bust"), NAME, st.none() | NAME, st.none() | st.integers(-1, 4) | ODD),
    st.tuples(st.just("rebuy"), NAME, TIME, st.none() | AMOUNT),
    st.tuples(st.just("addon"), NAME, TIME),
    st.tuples(st.just("rearrange"), TIME),
    st.tuples(st.just("record_button"), st.integers(-1, 4) | ODD, st.integers(-1, 11) | ODD, TIME),
    st.tuples(st.just("race_table"), st.integers(-1, 4) | ODD,
              st.dictionaries(NAME.filter(lambda x: isinstance(x, str)), st.integers(-5, 40) | ODD,
                              max_size=4), TIME),
    st.tuples(st.just("chip_up"), st.lists(st.sampled_from([1, 5, 25, 100, 500, 0, -5]), max_size=3)),
)


def run_director(t: Tournament, command: tuple) -> None:
    name, *args = command
    if name == "register":
        t.register(args[0], absent=args[1])
    elif name == "register_many":
        for p in NAMES:
            if p not in t.players:
                t.register(p)
                return
    elif name == "bust":
        t.bust(args[0], knocked_out_by=args[1], table=args[2])
    elif name == "rebuy":
        t.rebuy(args[0], args[1], stack=args[2])
    elif name == "hand_for_hand":
        t.hand_for_hand(args[0], args[1])
    else:
        getattr(t, name)(*args)


def director_state(t: Tournament) -> str:
    return json.dumps(t.state(), sort_keys=True, default=str) + str(len(t.events))


@RUNS
@given(st.sampled_from(["gananda", "ifp-2012", "wpa", "tda-2024"]), st.integers(0, 99),
       st.lists(DIRECTOR_COMMAND, min_size=1, max_size=50))
def test_director_commands_are_done_or_refused_with_the_tournament_unchanged(preset, seed,
                                                                             commands):
    t = Tournament(config_preset(preset), seed=seed, dealt=False)
    for p in NAMES[:5]:
        t.register(p)
    for command in commands:
        if t.finished:
            break
        before = director_state(t)
        try:
            run_director(t, command)
        except TYPED as exc:
            assert str(exc), command
            assert director_state(t) == before, f"{command} refused but changed the tournament"
    assert Tournament.replay(t.event_dicts()).state() == t.state()


# ------------------------------------------------------------------------ league

LEAGUE_ERRORS = (LeagueError, ImportRefused)


@st.composite
def league_event(draw) -> dict:
    """An event as plain data, built inside the command (its checks refuse it): sometimes
    malformed."""
    k = draw(st.integers(1, 6))
    players = draw(st.lists(st.sampled_from(NAMES), min_size=k, max_size=k, unique=True))
    finishes = list(range(1, k + 1))
    if draw(st.booleans()):
        finishes = draw(st.permutations(finishes))
    if draw(st.integers(0, 4)) == 0:               # a gap, a tie or a zero: malformed
        finishes[draw(st.integers(0, k - 1))] = draw(st.integers(-1, k + 2) | ODD)
    results = []
    for p, f in zip(players, finishes):
        results.append({"player": p, "finish": f, "buyins": draw(st.integers(0, 3)),
                        "rebuys": draw(st.integers(0, 2)), "addons": draw(st.integers(0, 1)),
                        "knocked_out_by": draw(st.none() | st.sampled_from(players + ["Nobody"])),
                        "substitute": draw(st.booleans())})
    date = draw(st.none() | st.sampled_from(["2014-10-04", "2014-11-08", "2015-01-10", "10/04/14"]))
    return {"name": draw(st.sampled_from(["T1", "T2", "T3", "T4", ""]) | ODD),
            "results": results, "date": date}


LEAGUE_COMMAND = st.one_of(
    st.tuples(st.just("events"), st.lists(league_event(), min_size=1, max_size=3)),
    st.tuples(st.just("csv"), st.sampled_from([
        "event,date,player,finish,buyins,rebuys,addons,knocked_out_by\nT9,2014-12-06,Ann,1,1,0,0,\n"
        "T9,2014-12-06,Bob,2,1,0,0,Ann\n",
        "event,date,player,finish\nT9,x,Ann,1\n", "", "nonsense"])),
    st.tuples(st.just("members"), st.lists(NAME, max_size=3), st.lists(NAME, max_size=2)),
)


def season_events(store, name: str) -> list:
    info = store.find_stream("league-season", name)
    return [] if info is None else [(e.type, e.payload) for e in store.read(info.id)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(st.lists(LEAGUE_COMMAND, min_size=1, max_size=8))
def test_league_commands_are_done_or_refused_with_the_season_unchanged(tmp_path_factory, commands):
    store = open_store(f"sqlite:///{tmp_path_factory.mktemp('league') / 'l.db'}")
    try:
        for command in commands:
            before = season_events(store, "S")
            try:
                if command[0] == "events":
                    add_events(store, "S", [
                        Event(e["name"], tuple(Result(**r) for r in e["results"]), e["date"])
                        for e in command[1]])
                elif command[0] == "csv":
                    import_csv(store, "S", command[1])
                else:
                    change_members(store, "S", add=command[1], remove=command[2])
            except LEAGUE_ERRORS as exc:
                assert str(exc), command
                assert season_events(store, "S") == before, f"{command} refused but changed"
        if store.find_stream("league-season", "S") is not None:
            standings_history(load_season(store, "S"))       # the season scores as stored
    finally:
        store.close()
