"""The online card room: tables and dealt events played live by people and bots.

Beside :mod:`pokertd.services` (the director's services), not below it: the room deals hands
with the engine, keeps each table's and dealt event's events in the store, decides what each
client may see (:func:`pokertd.room.views.view`) and speaks the tables' protocol
(``docs/table-protocol.md``); a dealt event's director's record goes through
:class:`pokertd.services.tournaments.TournamentService`. The web edge (``pokertd.web.tables``)
is its only caller; nothing in ``services`` or below imports it.

- :mod:`~pokertd.room.tables`: one table (cash game or a dealt event's): its events, replay,
  clocks and the IFP 61 stop
- :mod:`~pokertd.room.table_commands`: a table's commands (seating, dealing, acting, its ticks)
- :mod:`~pokertd.room.seats`: a table's settings, seats and tokens
- :mod:`~pokertd.room.errors`: the errors a table refuses with
- :mod:`~pokertd.room.views`: what each client may see (the secrecy rule)
- :mod:`~pokertd.room.history`: the hands over and their PHH download
- :mod:`~pokertd.room.pokerstars_download`: the same hand as a PokerStars hand history
- :mod:`~pokertd.room.turns`: which turn an act answers, action ids, the time bank
- :mod:`~pokertd.room.fair_deal`: the fair deal (a commitment, the players' seeds, the reveal)
- :mod:`~pokertd.room.server`: the running tables and their clients (the game server)
- :mod:`~pokertd.room.outbox`: a client's outgoing frames, for a client slower than its table
- :mod:`~pokertd.room.dealt_tables`: dealt tournaments played at the room's tables (the log,
  the commands, reading)
- :mod:`~pokertd.room.dealt_rounds`: a dealt event's tables and rounds of hands
- :mod:`~pokertd.room.dealt_record`: a dealt event's stream and its summary
- :mod:`~pokertd.room.allin_stop`: IFP 61's all-in stop under hand-for-hand
- :mod:`~pokertd.room.seeds`: a seeded table's decks and bots (tests and replays only)
"""
