"""The online card room: tables and dealt events played live by people and bots.

Beside :mod:`pokertd.services` (the director's services), not below it: the room deals hands
with the engine, keeps each table's and dealt event's events in the store, decides what each
client may see (:func:`pokertd.room.tables.view`) and speaks the tables' protocol
(``docs/table-protocol.md``); a dealt event's director's record goes through
:class:`pokertd.services.tournaments.TournamentService`. The web edge (``pokertd.web.tables``)
is its only caller; nothing in ``services`` or below imports it.

- :mod:`~pokertd.room.tables`: one table (cash game or a dealt event's), its seats, clocks and views
- :mod:`~pokertd.room.server`: the running tables and their clients (the game server)
- :mod:`~pokertd.room.dealt_tables`: dealt tournaments played at the room's tables
- :mod:`~pokertd.room.allin_stop`: IFP 61's all-in stop under hand-for-hand
- :mod:`~pokertd.room.seeds`: a seeded table's decks and bots (tests and replays only)
"""
