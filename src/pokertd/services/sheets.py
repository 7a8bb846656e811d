"""What a director prints on a night (issue 22, "Printed sheets"), as plain data read from the
tournament: the seat draw (a card per player: table and seat), the table list for the dealers,
the payout sheet (a line per paid place for the signature of the player paid) and the results.
The console (:mod:`pokertd.web.sheets`) and the command line (``pokertd sheet``) print them
on paper (:mod:`.sheet_page`); nothing here is written to the log.

Amounts are as paid: a player's place's prize, shared with the players tied with him (IFP 57,
WPA 8, Gananda); after a deal (IFP 62) the deal's amounts, and what was left to play for goes to
the winner.
"""

from __future__ import annotations

from typing import Any

from pokertd.tournament.director import Tournament

from .tournaments import prize_won

__all__ = ["SHEETS", "SheetError", "sheet"]

#: Each sheet: its name on the command line and in the console's address, and its title.
SHEETS = {"seat-draw": "Seat draw", "tables": "Table list", "payouts": "Payout sheet",
          "results": "Results"}


class SheetError(ValueError):
    """A sheet that cannot be printed yet (the seats not drawn, the payouts not fixed), or
    one that does not exist; the message says which and what would be right."""


def sheet(t: Tournament, kind: str, name: str) -> dict[str, Any]:
    """The data of sheet ``kind`` (one of :data:`SHEETS`) of the tournament ``t`` named
    ``name``: ``{"kind", "title", "name", ...}`` and the sheet's own fields."""
    if kind not in SHEETS:
        raise SheetError(f"no sheet {kind!r}: the sheets are {', '.join(SHEETS)}")
    out: dict[str, Any] = {"kind": kind, "title": SHEETS[kind], "name": name}
    out.update({"seat-draw": _seat_draw, "tables": _tables, "payouts": _payouts,
                "results": _results}[kind](t, name))
    return out


def _drawn(t: Tournament, name: str) -> None:
    if t.floor is None:
        raise SheetError(f"{name}: the seats are drawn when the event starts "
                         f"(pokertd tournament start {name!r}); nothing to print yet")


def _seat_draw(t: Tournament, name: str) -> dict[str, Any]:
    """A card per player in play, by table and seat (the order they are laid out to cut)."""
    _drawn(t, name)
    assert t.floor is not None
    cards = sorted(({"player": p, "table": at[0], "seat": at[1]}
                    for p, at in t.floor.where.items() if not t.players[p].out),
                   key=lambda c: (c["table"], c["seat"]))
    return {"cards": cards}


def _tables(t: Tournament, name: str) -> dict[str, Any]:
    """Every table's seats, empty ones too (the dealer seats a player moved in there)."""
    _drawn(t, name)
    assert t.floor is not None
    tables = []
    for tid, table in sorted(t.floor.tables.items()):
        seats = [{"seat": k + 1, "player": p} for k, p in enumerate(table.seats)]
        tables.append({"table": tid, "seats": seats,
                       "players": sum(1 for s in seats if s["player"] is not None)})
    return {"tables": tables, "players_left": t.alive}


def _payouts(t: Tournament, name: str) -> dict[str, Any]:
    """A line per paid place: place, amount as paid, the player (once he is out) and room for
    his signature. Before the places are known, the players of a deal (IFP 62) have their
    lines with the deal's amounts and no place yet."""
    if t.payouts is None:
        raise SheetError(f"{name}: the payouts are fixed when registration closes (at the end "
                         "of the last level of registration, or at the start of a freezeout); "
                         "nothing to print yet")
    placed: dict[int, list[str]] = {}
    for p in t.players.values():
        if p.place is not None:
            placed.setdefault(p.place, []).append(p.name)
    dealt = [] if t.deal is None else list(t.deal["players"])
    rows: list[dict[str, Any]] = []
    if t.deal is not None and not t.finished:
        rows += [{"place": None, "amount": prize_won(t, p), "player": p}
                 for p in dealt if not t.players[p].out]
    for place, amount in enumerate(t.payouts, start=1):
        names = sorted(placed.get(place, []))
        if names:
            rows += [{"place": place, "amount": prize_won(t, n), "player": n} for n in names]
        elif not (t.deal is not None and place <= len(dealt)):
            rows.append({"place": place, "amount": amount, "player": None})
    left = 0 if t.deal is None or t.finished else int(t.deal["left_to_play_for"])
    return {"rows": rows, "prize_pool": t.prize_pool, "left_to_play_for": left,
            "deal": None if t.deal is None else t.deal["method"]}


def _results(t: Tournament, name: str) -> dict[str, Any]:
    """Every player, best place first: place, prize as paid, knockouts; before the end, the
    players still in play first, without a place."""
    rows = []
    for p in sorted(t.players.values(),
                    key=lambda p: (p.place if p.place is not None else 0, p.name)):
        rows.append({"place": p.place, "player": p.name,
                     "prize": prize_won(t, p.name) if p.place is not None or t.finished else None,
                     "knockouts": p.knockouts})
    return {"rows": rows, "final": t.finished, "winner": t.winner,
            "entrants": t.entrants, "prize_pool": t.prize_pool}
