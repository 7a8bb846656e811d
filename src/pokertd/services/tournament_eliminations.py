"""The tournament service's elimination commands: a live bust-out or the bust-outs of one hand
(IFP 57; WPA 8; Gananda: Winning the Tournament; TDA RP-8), with the knockouts credited (IFP
57: heads-up, the last opponent) and the seat moves they call for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokertd.services.tournament_core import Outcome, TournamentServiceCore
from pokertd.services.tournament_floor import _keys, _record_buttons
from pokertd.services.tournament_names import _by_name, _not_himself, player_named
from pokertd.services.tournament_reading import _rule_of
from pokertd.tournament import events as ev
from pokertd.tournament.director import DirectorError, Tournament


class EliminationCommands(TournamentServiceCore):
    """Bust-outs reported by the director, one player or one hand's."""

    def bust(self, name: str, player: str, *, knocked_out_by: str | None = None,
             buttons: Mapping[int, int] | None = None,
             command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """A live bust-out reported by the director, then the seat moves it calls for: the
        final table formed (IFP 15), tables broken (IFP 10) or balanced (IFP 11a; WPA 5: with
        the ``buttons`` reported, table -> seat, recorded after the bust-out)."""
        now = self.now()

        def command(t: Tournament) -> list[ev.Event]:
            out_now = player_named(t, player)
            by = (player_named(t, knocked_out_by) if knocked_out_by is not None
                  else last_opponent(t, [out_now]))
            _not_himself({out_now: by})
            out = t.bust(out_now, knocked_out_by=by, now=now)
            out += _record_buttons(t, buttons, now)
            if not t.finished:
                out += t.rearrange(now)
            return out
        return self.run(name, command, now=now,
                        label="bust", args={"players": [player], "by": knocked_out_by,
                                           "button": _keys(buttons)},
                        command_id=command_id)

    def bust_hand(self, name: str, players: Sequence[str], *,
                  start_stacks: Mapping[str, int] | None = None,
                  knocked_out_by: str | Mapping[str, str] | None = None,
                  buttons: Mapping[int, int] | None = None,
                  command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """Live bust-outs in one hand, reported by the director, then the seat moves they
        call for.

        IFP 57, WPA 8, Gananda: Winning the Tournament: players out in the same hand are
        ranked by their stacks at the start of that hand (``start_stacks``, one per player;
        equal stacks tie under Gananda), players at different tables tie under IFP 57; under
        TDA RP-8 they share the places and no stacks are needed. Each one's table is the one
        he sits at. ``knocked_out_by``: who won the chips, one name for all of them or one per
        player, each at the table of the player he knocked out (IFP 57). ``buttons``: the
        dealer buttons now (table -> seat), for the balancing move (IFP 11a; WPA 5)."""
        now = self.now()

        def command(t: Tournament) -> list[ev.Event]:
            from pokertd.tournament.director import Bust

            out_now = [player_named(t, p) for p in players]
            if not out_now:
                raise DirectorError("no players to bust")
            if len(set(out_now)) != len(out_now):
                twice = sorted({p for p in out_now if out_now.count(p) > 1})
                raise DirectorError(f"{', '.join(twice)} listed twice in one hand")
            if not t.started:
                raise DirectorError("the tournament has not started")
            for p in out_now:
                if p not in t.players:
                    raise DirectorError(f"unknown player {p!r}")
                if t.players[p].out:
                    raise DirectorError(f"{p} is already out (place {t.players[p].place})")
            stacks = _by_name(t, start_stacks or {}, "start-of-hand stack")
            if len(out_now) > 1 and t.stacks_rank_bustouts():
                missing = [p for p in out_now if p not in stacks]
                if missing:
                    # TDA RP-8 shares the places in hand-for-hand play only; TDA is silent
                    # otherwise, and IFP 57 ranks them.
                    rule = _rule_of("same_hand_bustouts", t, "IFP 57")
                    rule = "IFP 57" if rule == "TDA RP-8" else rule
                    raise DirectorError(
                        "players out in the same hand are ranked by their stacks at the start "
                        f"of the hand ({rule}): give each one's (missing: {', '.join(missing)})")
            strangers = sorted(set(stacks) - set(out_now))
            if strangers:
                raise DirectorError(f"a start-of-hand stack for {', '.join(strangers)}, who "
                                    "is not among the players out")
            for p, s in stacks.items():
                if isinstance(s, bool) or not isinstance(s, int) or s < 1:
                    raise DirectorError(f"{p}'s stack at the start of the hand must be a whole "
                                        f"number of chips, at least 1, got {s!r}")
            # The stacks are counts of the chips in play: the players still in hold the rest.
            t.check_counts(stacks, "stack at the start of the hand",
                           others=t.alive - len(out_now))
            if isinstance(knocked_out_by, Mapping):
                by = {p: player_named(t, w) for p, w in
                      _by_name(t, knocked_out_by, "knockout").items()}
                strangers = sorted(set(by) - set(out_now))
                if strangers:
                    raise DirectorError(f"a knockout credited for {', '.join(strangers)}, who "
                                        "is not among the players out")
            elif knocked_out_by is not None:
                winner = player_named(t, knocked_out_by)
                by = {p: winner for p in out_now}
            else:
                # Heads-up the only possible knockout is the last opponent's.
                heads_up = last_opponent(t, out_now)
                by = {} if heads_up is None else {out_now[0]: heads_up}
            _not_himself(by)
            busts = []
            for p in out_now:
                where = t.floor.where.get(p) if t.floor is not None else None
                busts.append(Bust(p, where[0] if where else None, stacks.get(p, 0), by.get(p)))
            out = t.eliminate(busts, now=now)
            out += _record_buttons(t, buttons, now)
            if not t.finished:
                out += t.rearrange(now)
            return out
        return self.run(name, command, now=now,
                        label="bust", args={
                            "players": list(players), "stacks": dict(start_stacks or {}),
                            "by": dict(knocked_out_by) if isinstance(knocked_out_by, Mapping)
                            else knocked_out_by, "button": _keys(buttons)},
                        command_id=command_id)


def last_opponent(t: Tournament, out_now: Sequence[str]) -> str | None:
    """Heads-up, one player out: the only possible knockout is his last opponent's (IFP 57:
    the knockout goes to the player who won his chips)."""
    if len(out_now) != 1 or t.alive != 2 or not t.started or t.finished:
        return None
    left = [p.name for p in t.players.values() if not p.out and p.name != out_now[0]]
    return left[0] if len(left) == 1 else None
