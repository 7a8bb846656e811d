"""The Gananda league rules: points, bonuses, best 7 of 9, standings, the Tournament of Champions."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from pokertd.league.season import GANANDA, Event, LeagueError, Result, Season, SeasonConfig
from pokertd.league.standings import event_prizes, standings, standings_history, toc, toc_pool


def field(name: str, players: list[str], knockouts: dict[str, str] | None = None,
          extra: dict[str, dict] | None = None) -> Event:
    """An event where ``players`` finish in list order (first is the winner)."""
    knockouts = knockouts or {}
    extra = extra or {}
    return Event(name, tuple(
        Result(p, i + 1, knocked_out_by=knockouts.get(p), **extra.get(p, {})) for i, p in enumerate(players)
    ))


def neau(n: int, b: int, e: int, f: int) -> float:
    """The Gananda formula, by hand: score = sqrt(a * b) / (c + 1) * 10 with the player's expense."""
    return 10 * math.sqrt(n * b * b / e) / (f + 1)


@pytest.mark.parametrize(("n", "first", "last"), [(10, 79.06, 14.37), (20, 111.80, 10.65), (30, 136.93, 8.83)])
def test_gananda_points_for_fields_of_10_20_30(n: int, first: float, last: float) -> None:
    """Gananda: Points. 10 * sqrt(n * 25) / (f + 1) with no rebuys, for every place."""
    players = [f"P{i:02d}" for i in range(1, n + 1)]
    season = Season("s", GANANDA, [field("E1", players)])
    scores = {s.player: s.points for s in standings(season)}
    for f, p in enumerate(players, start=1):
        assert scores[p] == pytest.approx(10 * math.sqrt(n * 25) / (f + 1))
        assert scores[p] == pytest.approx(neau(n, 25, 25, f))
    assert round(scores["P01"], 2) == first
    assert round(scores[players[-1]], 2) == last


def test_gananda_points_expense_counts_rebuys_and_addons() -> None:
    """Gananda: Points. b is the player's buy-in expense: a rebuy and an add-on triple it."""
    config = GANANDA  # rebuys and add-ons cost the buy-in
    event = field("E1", [f"P{i}" for i in range(10)], extra={"P0": {"rebuys": 1, "addons": 1}})
    season = Season("s", config, [event])
    got = {s.player: s.points for s in standings(season)}
    assert got["P0"] == pytest.approx(neau(10, 25, 75, 1))


def _bonus_season() -> Season:
    """After E1 Ann is both the previous event's winner and the points leader."""
    return Season("s", GANANDA, [field("E1", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"])])


def _knock_bonus(season: Season, event: Event, knocker: str) -> float:
    season.add(event)
    after = {s.player: s.points for s in standings(season)}
    before = {s.player: s.points for s in standings_history(season)[-2]}
    return after[knocker] - before.get(knocker, 0) - neau(event.entrants, 25, 25,
                                                        next(r.finish for r in event.results if r.player == knocker))


def test_gananda_points_knockout_is_one_point() -> None:
    """Gananda: Points. 1 bonus point per player knocked out (neither winner nor leader)."""
    season = _bonus_season()
    event = field("E2", ["Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Ann"], {"Gus": "Cat", "Fay": "Cat"})
    assert _knock_bonus(season, event, "Cat") == pytest.approx(2)


def test_gananda_points_knockout_of_previous_winner_who_is_leader_is_five() -> None:
    """Gananda: Points. Knocking out last week's winner who is also the current leader: 1 + 2 + 2."""
    season = _bonus_season()
    event = field("E2", ["Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Ann"], {"Ann": "Dan"})
    assert _knock_bonus(season, event, "Dan") == pytest.approx(5)


def test_gananda_points_bonuses_add_up_per_knockout() -> None:
    """Gananda: Points. Knocking out the winner-and-leader (5) and one other player (1): 6."""
    season = _bonus_season()
    event = field("E2", ["Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Ann", "Hal"], {"Ann": "Eve", "Hal": "Eve"})
    assert _knock_bonus(season, event, "Eve") == pytest.approx(6)


def test_gananda_points_winner_and_leader_bonuses_separately() -> None:
    """Gananda: Points. +2 for the previous winner and +2 for the current leader, as two players."""
    e1 = field("E1", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"])
    e2 = field("E2", ["Zed", "Cat", "Dan", "Eve"])  # Zed wins E2 but Ann (E1) still leads
    season = Season("s", GANANDA, [e1, e2])
    assert standings(season)[0].player == "Ann"
    e3 = field("E3", ["Cat", "Dan", "Eve", "Bob", "Zed", "Ann"], {"Ann": "Bob", "Zed": "Dan"})
    # Bob knocks out the leader Ann: 1 + 2; Dan knocks out the previous winner Zed: 1 + 2.
    assert _knock_bonus(season, e3, "Dan") == pytest.approx(3)
    scores = {s.player: s.scores[-1] for s in standings(season)}
    assert scores["Bob"] == pytest.approx(neau(6, 25, 25, 4) + 3)


def test_gananda_points_leader_is_the_leader_before_the_event() -> None:
    """Gananda: Points. 'Current points leader' = leader of the standings before the event: in the
    first event nobody leads and nobody won the previous event, so a knockout is 1 point."""
    event = field("E1", ["Ann", "Bob", "Cat"], {"Cat": "Ann", "Bob": "Ann"})
    season = Season("s", GANANDA, [event])
    ann = standings(season)[0]
    assert ann.player == "Ann" and ann.points == pytest.approx(neau(3, 25, 25, 1) + 2)


def test_gananda_points_season_score_is_the_best_7_of_9() -> None:
    """Gananda: Points. A season score is the sum of the seven best tournament scores."""
    others = [f"X{i}" for i in range(9)]
    events = []
    finishes = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    for i, f in enumerate(finishes):
        order = others[: f - 1] + ["Ann"] + others[f - 1:]
        events.append(field(f"E{i + 1}", order))
    season = Season("s", GANANDA, events)
    ann = next(s for s in standings(season) if s.player == "Ann")
    assert ann.events == 9
    assert ann.points == pytest.approx(sum(neau(10, 25, 25, f) for f in finishes[:7]))
    assert len(ann.scores) == 9


def test_gananda_points_substitutes_earn_no_points() -> None:
    """Gananda: Points. Players (but not subs) earn points; a sub still counts as an entrant."""
    event = Event("E1", (Result("Ann", 1), Result("Sub", 2, substitute=True), Result("Bob", 3)))
    got = {s.player: s.points for s in standings(Season("s", GANANDA, [event]))}
    assert "Sub" not in got
    assert got["Bob"] == pytest.approx(neau(3, 25, 25, 3))


def test_gananda_standings_after_every_event_with_ties_events_knockouts_winnings() -> None:
    """Gananda: Standings. Updated after each event; equal points share a rank."""
    e1 = field("E1", ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"], {"Bob": "Ann", "Cat": "Ann"})
    e2 = field("E2", ["Bob", "Ann", "Cat", "Dan", "Eve", "Fay", "Gus"])
    history = standings_history(Season("s", GANANDA, [e1, e2]))
    assert len(history) == 2
    assert [s.player for s in history[0]][:2] == ["Ann", "Bob"]
    final = {s.player: s for s in history[1]}
    assert final["Ann"].events == 2 and final["Ann"].knockouts == 2
    # 7 players: 2-6 bracket? no, 7-9: 50/30/20 of 7 * $20 = $140: 70, 42, 28.
    assert final["Ann"].winnings == 70 + 42 and final["Cat"].winnings == 28 + 28
    # Fay and Gus: fields are identical in both events apart from Ann/Bob, so Dan..Gus differ;
    # a tie: a two-player season where both finish the same.
    tie = Season("t", GANANDA, [field("E1", ["Ann", "Bob"]), field("E2", ["Bob", "Ann"])])
    rows = standings(tie)
    assert [(r.rank, r.player) for r in rows] == [(1, "Ann"), (1, "Bob")]


def test_gananda_cost_and_payout_event_pool_is_20_of_each_25() -> None:
    """Gananda: Cost and Gananda: Payout. $20 of each $25 buy-in to the event's payout."""
    event = field("E1", [f"P{i}" for i in range(10)])
    prizes = event_prizes(Season("s", GANANDA, [event]), event)
    assert sum(prizes.values()) == 200
    assert prizes["P0"] == 92  # 46% of $200


def test_gananda_toc_stack_table() -> None:
    """Gananda: TOC. 1st 3,400 down by 100 to 20th 1,500; 21st and below 1,000."""
    assert [GANANDA.toc_stack(r) for r in range(1, 21)] == list(range(3400, 1499, -100))
    assert GANANDA.toc_stack(1) == 3400 and GANANDA.toc_stack(20) == 1500
    assert GANANDA.toc_stack(21) == 1000 and GANANDA.toc_stack(40) == 1000


def _season_of(players: int, events: int) -> Season:
    names = [f"P{i:02d}" for i in range(players)]
    return Season("s", GANANDA, [field(f"E{e}", names[e:] + names[:e]) for e in range(events)])


def test_gananda_toc_pool_is_fees_plus_five_of_each_buy_in() -> None:
    """Gananda: TOC. Pool = $50 fee per member + $5 of every buy-in of the season."""
    season = _season_of(12, 3)
    assert toc_pool(season) == 50 * 12 + 5 * 12 * 3
    result = toc(season)
    assert result.pool == 780
    # Gananda: Payout, as a regular event: 12 qualifiers, the 10-18 bracket, 46/27/17/10 of
    # $780 = 358.8, 210.6, 132.6, 78 -> 359, 211, 133, 78 (781); the extra $1 comes off the
    # lowest paid place first.
    assert result.payouts == (359, 211, 133, 77)
    assert sum(result.payouts) == 780


def test_gananda_toc_qualification_three_events_or_top_20() -> None:
    """Gananda: TOC. Attended at least three events, or top 20 in points regardless."""
    regulars = [f"R{i:02d}" for i in range(22)]
    events = [field(f"E{e}", regulars[e:] + regulars[:e]) for e in range(3)]
    # Two one-timers: one wins big (top 20), one finishes last (outside the top 20).
    events.append(field("E3", ["Star"] + regulars + ["Late"]))
    season = Season("s", GANANDA, events)
    seats = {s.player: s for s in toc(season).seats}
    assert "Star" in seats and seats["Star"].rank <= 20
    assert "Late" not in seats
    assert all(r in seats for r in regulars)
    for seat in seats.values():
        assert seat.stack == (3400 - 100 * (seat.rank - 1) if seat.rank <= 20 else 1000)


def test_season_refuses_bad_events() -> None:
    with pytest.raises(LeagueError, match="player 'Ann' appears twice"):
        Event("E", (Result("Ann", 1), Result("Ann", 2)))
    with pytest.raises(LeagueError, match="who is not in the event"):
        Event("E", (Result("Ann", 1), Result("Bob", 2, knocked_out_by="Zed")))
    with pytest.raises(LeagueError, match="place 2 is missing"):
        Event("E", (Result("Ann", 1), Result("Bob", 3)))
    with pytest.raises(LeagueError, match="the winner 'Ann' cannot be knocked out"):
        Event("E", (Result("Ann", 1, knocked_out_by="Bob"), Result("Bob", 2)))
    season = Season("s", GANANDA, [Event("E", (Result("Ann", 1), Result("Bob", 2)))])
    with pytest.raises(LeagueError, match="already has an event named 'E'"):
        season.add(Event("E", (Result("Ann", 1), Result("Bob", 2))))
    with pytest.raises(LeagueError, match="points formula 'sqr\\(n\\)': position 1: unknown function 'sqr'"):
        replace(GANANDA, formula="sqr(n)")


def test_gananda_winning_the_tournament_tied_finishers_get_equal_points_and_prizes() -> None:
    """Gananda: Winning the Tournament. Players out on the same deal with equal stacks tie and
    receive equal prize money and tournament points: both get the tied place's points."""
    results = [Result(f"P{i}", i + 1) for i in range(8)] + [Result("Tie1", 9), Result("Tie2", 9)]
    season = Season("s", GANANDA, [Event("E1", tuple(results))])
    got = {s.player: s for s in standings(season)}
    assert got["Tie1"].points == got["Tie2"].points == pytest.approx(neau(10, 25, 25, 9))
    assert got["Tie1"].rank == got["Tie2"].rank == 9
    # Three tied for 2nd (places 2-4 of a field of 10: 27 + 17 + 10 = 54% of $200 = $108 shared).
    results = [Result("W", 1)] + [Result(f"T{i}", 2) for i in range(3)] + [Result(f"R{i}", 5 + i) for i in range(6)]
    event = Event("E1", tuple(results))
    prizes = event_prizes(Season("s", GANANDA, [event]), event)
    assert [prizes[f"T{i}"] for i in range(3)] == [36, 36, 36]


def test_gananda_points_tied_leaders_each_count_as_the_leader() -> None:
    """Gananda: Points. Two players tied first in the standings before the event: knocking out
    either is knocking out the current points leader (+2); Bob also won the previous event."""
    e1 = field("E1", ["Ann", "Bob", "Cat"])
    e2 = field("E2", ["Bob", "Ann", "Cat"])
    season = Season("s", GANANDA, [e1, e2])
    top = standings(season)
    assert [(r.rank, r.player) for r in top[:2]] == [(1, "Ann"), (1, "Bob")]
    e3 = field("E3", ["Cat", "Dan", "Ann", "Bob"], {"Bob": "Cat", "Ann": "Cat"})
    # Bob: 1 + 2 (previous winner) + 2 (a leader); Ann: 1 + 2 (a leader).
    assert _knock_bonus(season, e3, "Cat") == pytest.approx(8)


def test_formula_error_while_scoring_names_event_and_player() -> None:
    config = replace(GANANDA, formula="10 / (n - f)")
    season = Season("s", config, [field("E1", ["Ann", "Bob"])])
    with pytest.raises(LeagueError, match="event 'E1', player 'Bob': points formula '10 / \\(n - f\\)': "
                                          "position 4: division by zero \\(with n=2, b=25, e=25, f=2, k=0, p=12\\)"):
        standings(season)


def test_gananda_winning_the_tournament_a_knocker_outlasts_the_player_knocked_out() -> None:
    """Gananda: Winning the Tournament (the last player eliminated is second, ...): whoever takes a
    player's last chips is still in, so finishes better; a knockout by a player who finished
    level or below is refused."""
    with pytest.raises(LeagueError, match="event 'E': 'Bob' \\(finish 2\\) knocked out by 'Cat', who finished 3: "
                                          "whoever knocks a player out takes their last chips and outlasts them"):
        Event("E", (Result("Ann", 1), Result("Bob", 2, knocked_out_by="Cat"), Result("Cat", 3, knocked_out_by="Ann")))
    with pytest.raises(LeagueError, match="'Bob' \\(finish 2\\) knocked out by 'Cat', who finished 2"):
        Event("E", (Result("Ann", 1), Result("Bob", 2, knocked_out_by="Cat"), Result("Cat", 2, knocked_out_by="Ann")))
    # Two players out on the same hand, tied for 2nd, both knocked out by the winner: fine.
    event = Event("E", (Result("Ann", 1), Result("Bob", 2, knocked_out_by="Ann"), Result("Cat", 2, knocked_out_by="Ann")))
    assert {s.player: s.knockouts for s in standings(Season("s", GANANDA, [event]))}["Ann"] == 2


def test_gananda_standings_season_keeps_events_in_date_order() -> None:
    """Gananda: Standings. An event goes after every event dated on or before it; one without a
    date stays after every event added before it; a bad date is refused, naming the event."""
    def dated(name: str, date: str | None) -> Event:
        return Event(name, (Result("Ann", 1), Result("Bob", 2)), date)

    season = Season("s", GANANDA, [dated("Nov", "2014-11-08"), dated("Oct", "10/04/2014")])
    season.add(dated("Oct2", "2014-10-04"))
    season.add(dated("Undated", None))
    season.add(dated("Sep", "2014-09-06"))   # not before the undated event
    season.add(dated("Dec", "2014-12-13"))
    assert [e.name for e in season.events] == ["Oct", "Oct2", "Nov", "Undated", "Sep", "Dec"]
    with pytest.raises(LeagueError, match=r"event 'X': '13/01/2015' is not a date: there is no month 13"):
        dated("X", "13/01/2015")
