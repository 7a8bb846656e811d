"""Tournaments kept in the event store: load, run one director command, append its events.

A tournament is one event stream of kind ``"tournament"`` named after it; its events are the
JSON forms of :mod:`pokertd.tournament.events`, the first one ``created`` (DESIGN: "State
changes are events"). Every command goes the same way::

    service = TournamentService(open_store(url))
    service.create("Friday 27", config_preset("gananda"))
    service.register("Friday 27", ["Ann", "Bob", "Cid"])
    service.start("Friday 27")
    outcome = service.bust("Friday 27", "Cid", knocked_out_by="Ann")
    outcome.events          # the events appended, as stored (numbered)

1. :meth:`TournamentService.load` reads the stream and replays it
   (:meth:`Tournament.replay`), noting the number of its last event;
2. the command runs on the replayed tournament; a refusal (:class:`DirectorError`, or any
   other ``ValueError`` of the pure layers) propagates and nothing is written;
3. :meth:`TournamentService.commit` appends exactly the events the command recorded, in one
   transaction, after the event noted at the load: if another writer appended meanwhile the
   store raises :class:`~pokertd.storage.ConcurrencyError` and nothing is written (the command
   is then run again on the new state, or the user is told).

The events a command appends are one *batch*, opened by a ``command`` marker naming the command
and its arguments (:mod:`pokertd.services.history`). :meth:`TournamentService.undo` takes the
last command back with an ``undone`` event naming its batch, and :meth:`TournamentService.redo`
puts it back: nothing is deleted, the replay leaves undone batches out. The clock's events
recorded with a command go and come back with it; what the clock has brought by the time of
the undo or redo is recorded again at once, in the undo's or redo's own batch.

A process killed at any moment therefore leaves the tournament at its last committed command:
the store commits a batch whole or not at all, and the state is only ever rebuilt from it.

A command may carry a ``command_id`` chosen by its client (a UUID from the console's
JavaScript, a script's ``--command-id``: :data:`COMMAND_ID`). It is stored in the batch's marker,
in the same transaction as the command's events (the ``created`` command's in the stream's
configuration), and a command whose id the log already holds is not run again: its
:class:`Outcome` is the first one's events, marked ``repeated``, and nothing is written. A client
whose request was applied but whose answer was lost (the server killed, the database restarted,
the network) sends it again with the same id and learns it is done. The ids are read from the
log (:meth:`~pokertd.services.history.History.find`), so they outlive any process; two requests
with one id at once cannot both be applied, since every append names the event it follows: the
second one's append fails (:class:`~pokertd.storage.ConcurrencyError`) and its retry finds the id.

The clock changes a live event between commands: before and after each command (at the
command's time) the service runs :meth:`Tournament.follow_clock`, which records what the
clock has brought since the last one (a new level; IFP 9 dead stacks at the close of
registration; the Gananda absent stacks removed at level 3 and the moves they call for; the
payouts fixed once late registration, rebuys and add-ons have closed), in the same
transaction as the command. The read commands (:meth:`TournamentService.observe`: status,
payouts, moves) record those events too, so what they show is what the log holds.

The time of a command (the clock's start, pauses, late entries, the Gananda final-table stop)
is the service's ``clock()``: wall-clock seconds by default, injectable for tests.

The service is made of modules of one job each: its core
(:mod:`~pokertd.services.tournament_core`: load, run, commit, undo, redo) and the replays it
keeps (:mod:`~pokertd.services.tournament_replays`); the commands by group
(:mod:`~pokertd.services.tournament_registration`, :mod:`~pokertd.services.tournament_clock`,
:mod:`~pokertd.services.tournament_eliminations`, :mod:`~pokertd.services.tournament_money`,
:mod:`~pokertd.services.tournament_floor`), the players they name
(:mod:`~pokertd.services.tournament_names`), and what the readers show
(:mod:`~pokertd.services.tournament_reading`). Every name is importable from here.
"""

from __future__ import annotations

# The names this module has always given, from the modules that now hold them.
from pokertd.services.history import HistoryError
from pokertd.services.tournament_clock import ClockCommands
from pokertd.services.tournament_core import (
    COMMAND_ID, COMMAND_ID_FORM, KIND, CommandIdReused, Loaded, Outcome, Reverted,
    TournamentExists, TournamentServiceError, UnknownTournament, _new_event, check_command_id,
)
from pokertd.services.tournament_eliminations import EliminationCommands, last_opponent
from pokertd.services.tournament_floor import FloorCommands
from pokertd.services.tournament_money import MoneyCommands
from pokertd.services.tournament_names import player_named
from pokertd.services.tournament_reading import (
    SEAT_CHANGES, describe_move, preset_rule, prize_won, rulings, seat_changes, seat_list, status,
)
from pokertd.services.tournament_registration import RegistrationCommands
from pokertd.services.tournament_replays import SEAT_RECORDS, _Kept

__all__ = [
    "COMMAND_ID", "CommandIdReused", "HistoryError", "KIND", "Loaded", "Outcome", "Reverted",
    "TournamentExists",
    "TournamentService", "TournamentServiceError", "UnknownTournament", "describe_move",
    "last_opponent", "player_named", "preset_rule", "prize_won", "rulings", "seat_changes",
    "check_command_id", "status",
]


class TournamentService(RegistrationCommands, ClockCommands, EliminationCommands, MoneyCommands,
                        FloorCommands):
    """Tournaments in one store (see the module docstring)."""
