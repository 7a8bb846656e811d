"""A season built from the tournament simulator, end to end: nine dealt Gananda events of 10,
20 and 30 players scored by the league, checked against the director's own records."""

from __future__ import annotations

import math

import pytest

from pokertd.league.season import GANANDA, LeagueError, Season
from pokertd.league.standings import event_prizes, standings, toc
from pokertd.league.tournaments import event_from_tournament
from pokertd.sim import simulate
from pokertd.tournament.director import Tournament


@pytest.fixture(scope="module")
def simulated() -> tuple[Season, list]:
    runs = [simulate(size, seed=seed) for seed, size in enumerate([10, 20, 30] * 3)]
    season = Season("simulated", GANANDA)
    for i, run in enumerate(runs):
        season.add(event_from_tournament(run.tournament, f"T{i + 1}"))
    return season, runs


def test_gananda_simulated_season_points_are_the_formula_plus_bonuses_best_7(simulated) -> None:
    """Gananda: Points, over nine simulated events: best 7 of up to 9 scores per player."""
    season, runs = simulated
    rows = standings(season)
    assert len(rows) == 30  # p01..p30 (the 30-player fields hold everyone)
    for row in rows:
        assert row.points == pytest.approx(sum(sorted(row.scores, reverse=True)[:7]))
        assert row.events == len(row.scores)
    # Each event score is the formula plus 1 per knockout, plus 0, 2 or 4 more per knockout
    # (the previous winner, the leader); the first event has neither.
    bonuses = 0
    for row in rows:
        played = [(e, run) for e, run in zip(season.events, runs) if row.player in run.tournament.players]
        for i, ((event, run), score) in enumerate(zip(played, row.scores)):
            finish = next(r.finish for r in event.results if r.player == row.player)
            base = 10 * math.sqrt(event.entrants * 25 * 25 / 25) / (finish + 1)
            ko = run.tournament.players[row.player].knockouts
            if event is season.events[0]:
                assert score == pytest.approx(base + ko)
            else:
                assert base + ko - 1e-9 <= score <= base + 5 * ko + 1e-9
                bonuses += score > base + ko + 1e-9
    assert bonuses > 0  # these seeds knock out a previous winner or a leader at least once


def test_gananda_simulated_season_knockouts_and_winnings_match_the_director(simulated) -> None:
    """Gananda: Payout. The league's prizes are the director's prizes; knockouts the director's."""
    season, runs = simulated
    for event, run in zip(season.events, runs):
        assert event_prizes(season, event) == {n: p.prize for n, p in run.tournament.players.items()}
    rows = {r.player: r for r in standings(season)}
    for player, row in rows.items():
        assert row.knockouts == sum(run.tournament.players[player].knockouts
                                    for run in runs if player in run.tournament.players)
        assert row.winnings == sum(run.tournament.players[player].prize
                                   for run in runs if player in run.tournament.players)


def test_gananda_simulated_season_toc(simulated) -> None:
    """Gananda: TOC. Everyone played at least 3 events (the 30-player fields), so all qualify;
    the pool is 30 fees plus $5 of each of the 180 buy-ins."""
    season, _ = simulated
    result = toc(season)
    assert len(result.seats) == 30
    assert result.pool == 50 * 30 + 5 * (10 + 20 + 30) * 3
    assert sum(result.payouts) == result.pool
    assert sorted(s.stack for s in result.seats)[:10] == [1000] * 10


def test_unfinished_tournament_is_refused() -> None:
    from pokertd.tournament.house import config_preset

    t = Tournament(config_preset("gananda"))
    with pytest.raises(LeagueError, match="the tournament is not finished"):
        event_from_tournament(t, "T1")
