"""The tournament director: the Tournament aggregate, changed only by events.

A :class:`Tournament` holds one event's state: the players (stack, absent, place, knockouts,
rebuys, add-ons, prize), the floor of tables (:class:`~pokertd.tournament.seating.Floor` with
each table's :class:`~pokertd.tournament.button.ButtonState`), the clock, the prize pool, the
payouts and any deal. Every change is one of the typed events of
:mod:`pokertd.tournament.events`; :meth:`Tournament.apply` performs it, the log
(:attr:`Tournament.events`) keeps it, and :meth:`Tournament.replay` rebuilds exactly the same
state from the log alone (:meth:`Tournament.state` compares): the log opens with a ``created``
event holding the configuration, the seed and the kind of event (dealt or live).

Commands (``register``, ``start``, ``next_hand``/``record_hand``, ``eliminate``/``bust``,
``rearrange``, ``chip_up``, ``rebuy``, ``addon``, ``arrive``, ``pause``/``resume``,
``make_deal``) check their input and refuse bad input with a :class:`DirectorError` (a
``ValueError``) that says what is wrong, before any event is recorded: the state is unchanged.
Chance (the seat draw, the button draw, breaking tables, the final-table redraw, chip races)
comes from a generator derived from the tournament's seed and the length of the log, so the
same seed and the same commands give the same events, also after a replay; with no seed the
system CSPRNG draws (IFP 5).

The seating algorithms (:mod:`~pokertd.tournament.seating`,
:mod:`~pokertd.tournament.balancing`) change the floor as they decide; a command that runs one
records the resulting events without applying their floor part a second time; a replay applies
every event in full.

Rules decided here:

- Eliminations (IFP 57; WPA 8; Gananda: Winning the Tournament; TDA RP-8), by the preset's
  ``same_hand_bustouts``: players busted in the same hand at one table are ranked by their
  stacks at the start of that hand, the lower stack finishing lower; equal stacks tie and share
  the prize (Gananda). Under ``ifp-2012`` players busted in the same hand at different tables
  tie (IFP 57): each table's bust-outs are ranked lowest stack first, and the players of the
  same rank at different tables share places. Under ``wpa`` and the Gananda house the stacks
  rank everyone busted in the hand, wherever they sat (WPA 8); under ``wpa`` players in the
  money out at different tables when play is not hand-for-hand tie and split their combined
  prize money (WPA 8, second sentence). Under ``tda-2024`` everyone busted on a hand-for-hand
  hand shares the places (TDA RP-8-A); otherwise, TDA being silent, IFP 57 ranks them. A tie
  of ``k`` players for place ``p`` spans places ``p .. p + k - 1`` and shares their prizes
  (:func:`payouts.split_tie`).
- Places with late registration (Gananda: Winning the Tournament, "the last player eliminated
  will be the second prize winner; the second last ... the third ... and so on"; IFP 9): a
  bust-out's place is the number of players left then; a late entry after it finishes above
  every player out, whose places move down one, so the order they went out ranks them over
  the whole field (the first out last of all); until registration closes they are
  provisional (:attr:`Tournament.places_provisional`).
- Knockouts: credited to the player who won the busted player's chips (see
  :func:`pokertd.sim.knockouts` for a dealt hand); a live director names him, and a player at
  another table than the busted player is refused (IFP 57: the chips are won at his table).
- Live balancing (IFP 11a; WPA 5; TDA 11): the software does not see a live event's hands, so
  the director reports a table's dealer button (:meth:`Tournament.record_button`, held until
  the next bust-out; the blinds of that hand on the seats it was dealt to, IFP 17) and a
  balancing move waits for the buttons of both its tables
  (:meth:`Tournament.balancing_wait`); play halts meanwhile at a table short by the preset's
  threshold (:meth:`Tournament.halted_tables`: IFP 11a and TDA 11-D three, WPA 5 two).
- A live event's hand-for-hand play (IFP 61; TDA RP-8), end-of-day last hands (IFP 14; WPA 9:
  :meth:`Tournament.announce_last_hands`) and chip race, one table at a time from the counts
  the director gives (IFP 56; WPA 14; TDA 24: :meth:`Tournament.race_table`), are events.
- Absent players (IFP 8; Gananda: Absent/Late Players): dealt in, blinds posted, cards killed
  (the bots fold them); an absent player whose forced bets put him all-in has his hand killed
  as it is dealt and is eliminated (:func:`pokertd.sim.play_hand`); under the Gananda
  structure their chips are removed at the first hand of level 3 and they are out, tied with
  any other absent player removed then.
- Registration closes when play starts or at the end of the late-registration level (IFP 9);
  a configuration with a number of seats for sale (``TournamentConfig.seats``) stops selling
  when they are sold, and at the close of registration the starting stack of every unsold
  seat is removed and its chips taken out of play (IFP 9: dead stacks), one
  ``dead_stacks_removed`` event.
- Chips in play (:attr:`Tournament.chips`): every starting stack sold, rebuy and add-on, less
  the chips removed (absent players' stacks) and changed by chip races; in a dealt event it is
  the sum of the stacks of the players still in. Unsold seats' stacks are never counted.
- Rebuys only in the rebuy period and add-ons only after their level (IFP 59; WPA 6). A dealt
  event knows when the next level's first hand is dealt; a live one does not, so there the
  add-on is taken on the break after its level and closes when that break ends (the next
  round begins); with no break there, or ``addon.until = "next-level"``, during the next level
  too (the director sees that no hand of it has been dealt).
- Chip counts (IFP 56, IFP 62): a deal's stacks add up to the chips in play; the last table's
  chip race count completes their count, and a difference is refused or recorded as a count
  correction with the director's reason (TDA 1: ``count_corrected``).
- Payouts (Gananda: Payout, or the generated structure) are fixed when the field is final:
  at the start when there is no late registration, rebuy or add-on, else when the last of them
  closes, or at the finish; ties share the places they span (IFP 57, WPA 8, Gananda).
- Deals (IFP 62): allowed by the preset, recorded as agreed by every remaining player.

The class is made of parts of one job each, every one a subclass of
:class:`~pokertd.tournament.core.TournamentCore` (the state, the event machinery and the
checks they share): :mod:`~pokertd.tournament.registration`,
:mod:`~pokertd.tournament.clock_commands`, :mod:`~pokertd.tournament.clock_controls`,
:mod:`~pokertd.tournament.hands`,
:mod:`~pokertd.tournament.eliminations`, :mod:`~pokertd.tournament.money`,
:mod:`~pokertd.tournament.balancing_commands` and :mod:`~pokertd.tournament.chip_race_commands`;
each keeps the handlers (``_on_<type>``) of its own events.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pokertd.tournament import events as ev
from pokertd.tournament.balancing_commands import BalancingCommands
from pokertd.tournament.chip_race_commands import ChipRaceCommands
from pokertd.tournament.clock_commands import ClockCommands
from pokertd.tournament.clock_controls import ClockControls
from pokertd.tournament.core import Bust, DirectorError, HandSetup, PlayerState, field_rule
from pokertd.tournament.eliminations import Eliminations
from pokertd.tournament.hands import DealtHands
from pokertd.tournament.house import TournamentConfig
from pokertd.tournament.money import Money
from pokertd.tournament.registration import Registration

__all__ = ["Bust", "DirectorError", "HandSetup", "PlayerState", "Tournament", "field_rule"]


class Tournament(Registration, ClockCommands, ClockControls, DealtHands, Eliminations, Money,
                 BalancingCommands, ChipRaceCommands):
    """One tournament: configure, register, start, play, eliminate, pay.

    ``dealt=True``: the engine deals every hand and the tournament tracks every chip (a
    player can only be busted with no chips, and chips are conserved by every hand).
    ``dealt=False``: a live event, where the director reports bust-outs.
    """

    @classmethod
    def replay(cls, events: Iterable[ev.Event | dict[str, Any]]) -> Tournament:
        """The tournament rebuilt from its events (objects or their JSON dictionaries); the
        first is the ``created`` event with the configuration."""
        t: Tournament | None = None
        for e in events:
            if isinstance(e, dict):
                e = ev.from_dict(e)
            if t is None:
                if not isinstance(e, ev.Created):
                    raise DirectorError(f"a tournament's log starts with 'created', not {e.type!r}")
                t = cls(TournamentConfig.from_dict(e.config), seed=e.seed, dealt=e.dealt)
                continue
            t.apply(e)
        if t is None:
            raise DirectorError("no events to replay")
        return t
