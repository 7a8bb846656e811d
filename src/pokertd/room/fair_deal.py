"""The fair deal at a served table: a commitment before each hand, the players' seeds, the
reveal after it (scheme ``pokertd-fair-table/1``, :mod:`pokertd.engine.fair`).

A table opened with ``fair`` (its :class:`~pokertd.room.tables.TableConfig`; a dealt event's
``fair`` setting gives it to every table of the event) deals every hand so that its players can
check it:

1. Hand N's *committed order* (the 52 cards shuffled with the operating system's CSPRNG) and a
   secret 256-bit *salt* are drawn one hand ahead: when the table opens (hand 1) and when hand
   N - 1 is dealt. Its *commitment*, ``SHA-256(canonical JSON of {"scheme", "table", "hand",
   "order", "salt"})`` (:func:`pokertd.engine.fair.table_commitment`), is in every frame from
   then on (``fair.next``), for players and spectators alike. The order and the salt are
   written to the table's log (event ``committed``) and sent to nobody.
2. Until hand N is dealt, each player seated may give one seed (``{"type": "seed", "seed":
   TEXT}``: 1 to 64 printable ASCII characters), stored in the order taken (event ``seeded``).
   A seed taken after the commitment was published and before the deal is hand N's; one sent
   during hand N - 1 is for hand N, whose commitment is already out.
3. Hand N is dealt from the *dealt order*: the committed order shuffled by the seeds
   (:func:`pokertd.engine.fair.dealt_order` of ``[{"player": name, "seed": text}, ...]`` in the
   order taken). The server fixed its order before it saw a seed and cannot change it after;
   no player can aim at a deck, because the committed order is secret until the reveal.
4. Once hand N is over, as its clients see it (a hand stopped at its all-in showdown under
   hand-for-hand, IFP 61, is over only when it goes on), every frame reveals its salt, both
   orders and the seeds (``fair.revealed``), and ``GET /tables/NAME/hands/N.json`` gives the
   file ``pokertd verify`` checks (:func:`record`).

The reveal makes every card's place in the deck public once the hand is over, folded and
mucked hands included: the price of a deck every player can check. A seeded fair table
(:mod:`pokertd.room.seeds`, tests and replays) draws its committed orders and salts from its
seed (``use`` ``"fair-order"`` and ``"fair-salt"``): its hands verify, but whoever knows the
seed knows every card, so its commitments prove nothing to a player.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pokertd.cards import CARDS, cards_text, parse_cards
from pokertd.engine.fair import TABLE_SCHEME, dealt_order, shuffled, table_commitment

from . import seeds as seeded

if TYPE_CHECKING:
    from .tables import Table

__all__ = ["EVENTS", "SEED_LIMIT", "FairLog", "apply", "check_seed", "committed_event",
           "deal", "give_seed", "public", "record"]

EVENTS = ("committed", "seeded")
SEED_LIMIT = 64
_SEED = re.compile(r"[\x20-\x7e]{1,%d}" % SEED_LIMIT)
KEEP = 16          # commitments kept in memory: the last hands' (HISTORY) and the next two


@dataclass
class Commitment:
    hand: int
    commitment: str
    committed_order: list[int]
    salt: str
    seeds: list[dict[str, str]] = field(default_factory=list)


@dataclass
class FairLog:
    """A fair table's commitments by hand number, as its log has them."""

    hands: dict[int, Commitment] = field(default_factory=dict)


def committed_event(name: str, hand: int, *, seed: str | None = None,
                    event: str | None = None, table_id: int | None = None) -> dict[str, Any]:
    """The ``committed`` event of hand ``hand`` at the table ``name``: a fresh committed order
    and salt (the CSPRNG's; a seeded table's from its seed) and their commitment."""
    if seed is None:
        order = list(range(52))
        secrets.SystemRandom().shuffle(order)
        salt = secrets.token_hex(32)
    else:
        where = event or name
        order = shuffled(range(52), seeded.key(seed, "fair-order", where, table_id, hand))
        salt = seeded.key(seed, "fair-salt", where, table_id, hand).hex()
    return {"hand": hand, "commitment": table_commitment(name, hand, order, salt),
            "order": [str(CARDS[c]) for c in order], "salt": salt}


def apply(table: Table, kind: str, p: dict[str, Any]) -> None:
    """A ``committed`` or ``seeded`` event's effect on the table's :class:`FairLog`."""
    log = table.fair_log
    if log is None:
        log = table.fair_log = FairLog()
    if kind == "committed":
        log.hands[p["hand"]] = Commitment(p["hand"], p["commitment"],
                                          [int(c) for c in parse_cards(" ".join(p["order"]))],
                                          p["salt"])
        for old in [k for k in log.hands if k <= p["hand"] - KEEP]:
            del log.hands[old]
    else:
        log.hands[p["hand"]].seeds.append({"player": p["player"], "seed": p["seed"]})


def deal(table: Table, number: int) -> tuple[list[int], list[tuple[str, dict[str, Any]]],
                                              list[tuple[str, dict[str, Any]]]]:
    """Hand ``number``'s dealt order (step 3), the events to write before its deal and after
    it (the next hand's commitment, step 1). Before it: nothing, as a fair table's log has
    each hand's commitment from its opening on; if it had none, the hand's own would be drawn
    there (published with the deal, so without its players' seeds) rather than no deal."""
    log = table.fair_log
    before: list[tuple[str, dict[str, Any]]] = []
    c = None if log is None else log.hands.get(number)
    if c is None:
        p = committed_event(table.name, number, seed=table.seed, event=table.event,
                            table_id=table.table_id)
        before.append(("committed", p))
        c = Commitment(number, p["commitment"], [int(x) for x in parse_cards(" ".join(p["order"]))],
                       p["salt"])
    after = [("committed", committed_event(table.name, number + 1, seed=table.seed,
                                           event=table.event, table_id=table.table_id))]
    return dealt_order(c.committed_order, c.seeds), before, after


def check_seed(seed: Any) -> str:
    """A player's seed as taken: 1 to 64 printable ASCII characters (canonical JSON holds
    them as they are, in any client's encoding)."""
    from .tables import TableError
    if not isinstance(seed, str) or not _SEED.fullmatch(seed):
        shown = repr(seed)[:40] + ("..." if len(repr(seed)) > 40 else "")
        raise TableError(f"seed {shown}: give 1 to {SEED_LIMIT} printable ASCII characters "
                         "(letters, digits, punctuation, spaces)")
    return seed


def give_seed(table: Table, seat: int, seed: Any, hand: Any = None) -> int:
    """The player in ``seat`` gives his seed for the next hand (step 2); the hand's number.
    ``hand``: the number the client means it for, refused if that hand is dealt already."""
    from .tables import TableError
    if not table.config.fair:
        raise TableError(f"table {table.name!r} does not deal fairly (fair is off): it takes "
                         "no seeds")
    s = table._seat(seat)
    if s.bot is not None:
        raise TableError(f"seat {seat} holds a bot: only a player gives a seed")
    seed = check_seed(seed)
    number = table.hands + 1
    if hand is not None and (isinstance(hand, bool) or hand != number):
        raise TableError(f"hand={hand!r}: seeds are taken for hand {number}, the next to be "
                         "dealt (its commitment is published); a hand dealt takes no more")
    c = table.fair_log.hands.get(number) if table.fair_log is not None else None
    if c is None:
        raise TableError(f"hand {number} has no commitment yet: send your seed once "
                         "fair.next is in the state")
    if any(x["player"] == s.name for x in c.seeds):
        raise TableError(f"{s.name} has already given a seed for hand {number}; one a hand")
    table._commit([("seeded", {"hand": number, "seat": seat, "player": s.name, "seed": seed})])
    return number


def _hand_over(table: Table, number: int) -> Any:
    """Hand ``number`` if its clients see it over (IFP 61: a stopped hand is not yet)."""
    over = table.shown_state()[2]
    return next((p for p in over if p.number == number), None)


def _revealed(c: Commitment, played: Any) -> dict[str, Any]:
    return {"hand": c.hand, "commitment": c.commitment, "salt": c.salt,
            "committed_order": cards_text(c.committed_order), "seeds": list(c.seeds),
            "order": "".join(played.deck)}


def public(table: Table) -> dict[str, Any]:
    """The ``fair`` part of every client's frame: the commitment of the hand shown in progress
    and of the next one (with the names of the players who gave a seed for it) and the reveal
    of the last hand over. Never an order or a salt of a hand not over."""
    log = table.fair_log or FairLog()
    played, _, over = table.shown_state()

    def announced(number: int) -> dict[str, Any] | None:
        c = log.hands.get(number)
        return None if c is None else {"hand": number, "commitment": c.commitment,
                                       "seeds": [x["player"] for x in c.seeds]}

    last = over[0] if over else None
    done = None if last is None else log.hands.get(last.number)
    return {"scheme": TABLE_SCHEME,
            "current": None if played is None else announced(played.number),
            "next": announced(table.hands + 1),
            "revealed": None if done is None or last is None else _revealed(done, last)}


def record(table: Table, number: int) -> dict[str, Any]:
    """Hand ``number`` as ``pokertd verify`` checks it (scheme ``pokertd-fair-table/1``): all
    of it was revealed to every client when the hand ended."""
    from .tables import HISTORY, TableError
    if not table.config.fair:
        raise TableError(f"table {table.name!r} does not deal fairly (fair is off): its hands "
                         f"have no verifiable form; hand {number} as PHH: "
                         f"/tables/{table.name}/hands/{number}.phh?token=...")
    played = _hand_over(table, number)
    if played is None:
        if table.played is not None and table.played.number == number or \
                table.held() is not None and table.held().number == number:
            raise TableError(f"hand {number} is not over (or is stopped at its all-in showdown, "
                             "IFP 61): its deck is revealed when it ends")
        raise TableError(f"hand {number} is not among the last {HISTORY} hands over at this "
                         "table")
    c = (table.fair_log or FairLog()).hands.get(number)
    if c is None:
        raise TableError(f"hand {number} was dealt before this table dealt fairly")
    r = _revealed(c, played)
    del r["hand"]
    return {"scheme": TABLE_SCHEME, "table": table.name, "hand": number, **r,
            "events": played.events}
