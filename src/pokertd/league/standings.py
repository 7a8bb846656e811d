"""Event scores, season standings after every event, and the Tournament of Champions.

Gananda: Points. A player's event score is the season formula (``n`` entrants, ``b`` the buy-in,
``e`` what the player paid, ``f`` the finish, ``k`` the player's knockouts, ``p`` the prize) plus
the bonuses: ``knockout_points`` (1) per player knocked out, ``previous_winner_bonus`` (2) more for
knocking out the previous event's winner, and ``leader_bonus`` (2) more for knocking out the
current points leader — the leader of the standings *before* this event. One player who is both
earns the knocker 1 + 2 + 2 = 5. When several players share first place in the standings (or
tied for the previous event's win), each of them counts as the leader (the winner).
Substitutes earn no points (and are not in the standings): a result played as a sub, a declared
substitute, and, once the season has a membership list, a player not on it (who paid no league
fee, ``Gananda: Cost``) — :meth:`Season.earns_points`.

A season score is the sum of a player's ``best_of`` (Gananda: 7; None: every) best event scores. Standings
rank by points; equal points (compared to 9 decimals, so float noise does not split a tie)
share a rank (1, 1, 3) and are listed by name. Points are floats: round them (to 2 decimals)
only for display.

Gananda: TOC. Players who attended at least ``toc_min_events`` (3) events qualify, and the top
``toc_top_n`` (20) in points regardless; the starting stack follows the final rank (tied players
share the higher rank's stack); the pool is the league fees of the members (the membership list,
or while none was set every player who played not as a sub) plus the TOC part of every buy-in of
the season (a sub's and a non-member's too: they paid the buy-in), paid by the season's payout table for the number of qualifiers.
"""

from __future__ import annotations

from ..records import Record, record
from ..tournament.payouts import award, load_payout_table
from .formula import FormulaError
from .season import Event, LeagueError, Season

__all__ = ["EventScore", "Standing", "Toc", "TocSeat", "event_prizes", "event_scores", "score_event",
           "standings", "standings_history", "toc"]

_TIE_DIGITS = 9


@record
class EventScore(Record):
    player: str
    event: str
    finish: int
    formula_points: float
    knockouts: int
    bonus: float
    prize: int
    substitute: bool = False

    @property
    def points(self) -> float:
        return 0.0 if self.substitute else self.formula_points + self.bonus


@record
class Standing(Record):
    rank: int
    player: str
    points: float
    events: int
    knockouts: int
    winnings: int
    scores: tuple[float, ...]  # every event score, in event order

    def to_dict(self) -> dict[str, object]:
        return {"rank": self.rank, "player": self.player, "points": round(self.points, 2),
                "events": self.events, "knockouts": self.knockouts, "winnings": self.winnings}


def event_prizes(season: Season, event: Event) -> dict[str, int]:
    """Gananda: Payout. Prizes from the event's pool (what the players paid, less the TOC part of
    each buy-in), paid by the season's payout table; tied finishers share the places they span.
    An event that records each player's prize (a tournament run here) pays what it records."""
    if event.results[0].prize is not None:
        # A tournament run here: what it paid (its payouts, ties shared, or a deal, IFP 62).
        return {r.player: int(r.prize or 0) for r in event.results}
    config = season.config
    pool = sum(config.cost(r) for r in event.results) - config.toc_contribution * sum(r.buyins for r in event.results)
    table = load_payout_table(config.payouts)
    try:
        amounts = table.payouts(event.entrants, pool)
    except ValueError as exc:
        raise LeagueError(f"event {event.name!r}: {exc}") from None
    groups: dict[int, list[str]] = {}
    for r in sorted(event.results, key=lambda r: (r.finish, r.player)):
        groups.setdefault(r.finish, []).append(r.player)
    return {str(k): v for k, v in award(amounts, list(groups.values())).items()}


def score_event(season: Season, event: Event, leaders: frozenset[str], previous_winners: frozenset[str]) -> dict[str, EventScore]:
    """Gananda: Points. Every player's score in ``event``, given the standings leaders before it
    and the previous event's winners."""
    config = season.config
    formula = config.points
    prizes = event_prizes(season, event)
    victims: dict[str, list[str]] = {}
    for r in event.results:
        if r.knocked_out_by is not None:
            victims.setdefault(r.knocked_out_by, []).append(r.player)
    out: dict[str, EventScore] = {}
    for r in event.results:
        knocked = victims.get(r.player, [])
        bonus = 0.0
        for v in knocked:
            bonus += config.knockout_points
            if v in previous_winners:
                bonus += config.previous_winner_bonus
            if v in leaders:
                bonus += config.leader_bonus
        try:
            points = formula.evaluate(n=event.entrants, b=config.buy_in, e=config.cost(r), f=r.finish,
                                      k=len(knocked), p=prizes[r.player])
        except FormulaError as exc:
            raise LeagueError(f"event {event.name!r}, player {r.player!r}: points formula "
                              f"{config.formula!r}: {exc}") from None
        out[r.player] = EventScore(r.player, event.name, r.finish, points, len(knocked), bonus,
                                   prizes[r.player], not season.earns_points(r))
    return out


def _rank(season: Season, scores: dict[str, list[EventScore]]) -> list[Standing]:
    best_of = season.config.best_of
    rows = []
    for player, played in scores.items():
        points = sum(sorted((s.points for s in played), reverse=True)[:best_of])
        rows.append((player, points, played))
    rows.sort(key=lambda row: (-round(row[1], _TIE_DIGITS), row[0]))
    out: list[Standing] = []
    for i, (player, points, played) in enumerate(rows):
        rank = out[-1].rank if out and round(out[-1].points, _TIE_DIGITS) == round(points, _TIE_DIGITS) else i + 1
        out.append(Standing(rank, player, points, len(played), sum(s.knockouts for s in played),
                            sum(s.prize for s in played), tuple(s.points for s in played)))
    return out


def standings_history(season: Season) -> list[list[Standing]]:
    """The standings after each event of the season, in order (Gananda: Standings)."""
    scores: dict[str, list[EventScore]] = {}
    history: list[list[Standing]] = []
    previous_winners: frozenset[str] = frozenset()
    for event in season.events:
        current = history[-1] if history else []
        leaders = frozenset(s.player for s in current if s.rank == 1)
        for player, score in score_event(season, event, leaders, previous_winners).items():
            if not score.substitute:  # Gananda: Points — players, but not subs (nor non-members), earn points
                scores.setdefault(player, []).append(score)
        history.append(_rank(season, scores))
        previous_winners = event.winners
    return history


def event_scores(season: Season) -> dict[str, dict[str, EventScore]]:
    """Each event's scores by player, as :func:`standings_history` counts them (the bonuses'
    leaders and previous winners those of the events before: Gananda: Standings)."""
    history = standings_history(season)
    out: dict[str, dict[str, EventScore]] = {}
    previous_winners: frozenset[str] = frozenset()
    for i, event in enumerate(season.events):
        leaders = frozenset(s.player for s in history[i - 1] if s.rank == 1) if i else frozenset()
        out[event.name] = score_event(season, event, leaders, previous_winners)
        previous_winners = event.winners
    return out


def standings(season: Season) -> list[Standing]:
    """The standings after the season's last event (empty before the first)."""
    history = standings_history(season)
    return history[-1] if history else []


@record
class TocSeat(Record):
    rank: int
    player: str
    points: float
    events: int
    stack: int


@record
class Toc(Record):
    seats: tuple[TocSeat, ...]
    pool: int
    payouts: tuple[int, ...]


def toc_pool(season: Season) -> int:
    """Gananda: TOC ("the total of the $50 league fees collected ... plus the total of the
    individual $5 rakes for the season's buyins"): the league fee of every member
    (:meth:`Season.member_list`) plus the TOC part of every buy-in, subs' included."""
    config = season.config
    buyins = sum(r.buyins for e in season.events for r in e.results)
    return config.league_fee * len(season.member_list()) + config.toc_contribution * buyins


def toc(season: Season) -> Toc:
    """Gananda: TOC. Who qualifies, with what starting stack, and what the pool pays."""
    config = season.config
    seats = tuple(
        TocSeat(s.rank, s.player, s.points, s.events, config.toc_stack(s.rank))
        for s in standings(season)
        if s.events >= config.toc_min_events or s.rank <= config.toc_top_n
    )
    pool = toc_pool(season)
    try:
        paid = load_payout_table(config.payouts).payouts(len(seats), pool) if seats else ()
    except ValueError as exc:
        raise LeagueError(f"the Tournament of Champions: {exc}") from None
    return Toc(seats, pool, tuple(paid))
