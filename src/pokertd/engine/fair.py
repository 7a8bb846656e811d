"""Provably fair dealing: a commitment to the deck before the hand, the proof after it.

The scheme (``pokertd-fair/1``), one hand at a time:

1. Before the hand the dealer shuffles a full 52-card deck with the operating system's CSPRNG
   (the *committed order*), draws a secret 256-bit *salt*, and publishes the *commitment*::

       SHA-256( canonical JSON of {"scheme", "hand", "config", "order", "salt"} )

   ``hand`` names the hand (table and number), ``config`` is the hand's set-up (stacks, forced
   bets, seats, rules: :meth:`Hand.config`), ``order`` the committed order as card text. The
   commitment binds the deck to this hand before anyone acts; the salt keeps the order secret.
2. Each player may then add a seed (any text). The cards are dealt from the *dealt order*: the
   committed order shuffled by Fisher-Yates (positions 51 down to 1, each swapped with a
   position below or equal to it) whose draws come from the byte stream
   ``SHA-256(key || counter)`` (counter 0, 1, ... as 8 big-endian bytes), where ``key`` is
   ``SHA-256("pokertd-fair/1 seeds" || canonical JSON of the seeds in the order given)``; each
   draw takes 8 bytes as an unsigned integer and rejects values at or above the largest
   multiple of the range (so every position is exactly equally likely). The dealer cannot
   choose the dealt order (the committed order was fixed first) and no player can predict it
   (the committed order is secret until the reveal).
3. The engine deals from the front of the dealt order (hole cards one at a time round the
   table, then burn and flop, burn and turn, burn and river). After the hand the dealer
   reveals the salt, both orders and the seeds with the hand's events (:meth:`FairDeal.reveal`).

A served table (:mod:`pokertd.room.fair_deal`) deals by the same steps 2 and 3 under the scheme
``pokertd-fair-table/1``: its commitment (:func:`table_commitment`) binds the table, the hand
number, the committed order and the salt, not the set-up, because it is published one hand
ahead, before anyone knows who will play the hand; its seeds name players, not positions
(:func:`verify_table`).

:func:`verify` checks a revealed hand (``pokertd verify HAND.json``): the commitment, that the
dealt order follows from the committed order and the seeds, that every card dealt, burned and
turned follows the dealt order, and that the events are the hand the engine plays from them
(every derived event, chip and stack). Any change to any field fails with the reason.

The committed order and the salt must come from the CSPRNG for the commitment to keep the
order secret. ``pokertd simulate --fair`` draws them from its ``--seed``'s generator instead
(reproducible runs for tests and research): its hands still verify, and the commitment still
binds the order before the hand, but whoever knows the seed can compute every order and salt,
so such a commitment proves nothing to a player. The deck of a seeded table
(:mod:`pokertd.room.seeds`) is the same kind of thing: for tests and replays only.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import CARDS, cards_text, parse_cards
from .events import replay
from .hand import Hand

__all__ = ["SCHEME", "TABLE_SCHEME", "FairDeal", "FairnessError", "MalformedHand",
           "check_table_seeds", "commitment_of", "dealt_order", "shuffled", "table_commitment",
           "verify", "verify_table"]

SCHEME = "pokertd-fair/1"
TABLE_SCHEME = "pokertd-fair-table/1"
_FIELDS = ("scheme", "hand", "config", "commitment", "salt", "committed_order", "seeds",
           "order", "events")
_TABLE_FIELDS = ("scheme", "table", "hand", "commitment", "salt", "committed_order", "seeds",
                 "order", "events")


class FairnessError(ValueError):
    """A revealed hand that fails verification: the message says which check and why."""


class MalformedHand(FairnessError):
    """Not a revealed hand at all (not an object, a field missing, unknown or of the wrong
    kind): ``pokertd verify`` exits 2 for it, 1 for a hand that fails a check."""


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def commitment_of(hand: str, config: Mapping[str, Any], order: Sequence[int], salt: str) -> str:
    """The commitment published before the hand (step 1 of the scheme), as hex."""
    return hashlib.sha256(_canonical({"scheme": SCHEME, "hand": hand, "config": dict(config),
                                      "order": cards_text(order), "salt": salt})).hexdigest()


class _SeedStream:
    """Uniform draws from the SHA-256 counter stream of a key (step 2)."""

    def __init__(self, key: bytes) -> None:
        self.key = key
        self.counter = 0
        self.buffer = b""

    def below(self, m: int) -> int:
        limit = (1 << 64) - (1 << 64) % m
        while True:
            if len(self.buffer) < 8:
                self.buffer += hashlib.sha256(self.key + self.counter.to_bytes(8, "big")).digest()
                self.counter += 1
            v = int.from_bytes(self.buffer[:8], "big")
            self.buffer = self.buffer[8:]
            if v < limit:
                return v % m


def shuffled(order: Sequence[int], key: bytes) -> list[int]:
    """``order`` shuffled by step 2's Fisher-Yates, its draws from the SHA-256 counter stream
    of ``key`` (also the deck of a seeded table: :mod:`pokertd.room.seeds`)."""
    d = [int(c) for c in order]
    stream = _SeedStream(key)
    for i in range(len(d) - 1, 0, -1):
        j = stream.below(i + 1)
        d[i], d[j] = d[j], d[i]
    return d


def dealt_order(committed: Sequence[int], seeds: Sequence[Mapping[str, Any]]) -> list[int]:
    """The order the cards are dealt in: the committed order mixed with the seeds (step 2)."""
    return shuffled(committed, hashlib.sha256(b"pokertd-fair/1 seeds"
                                              + _canonical(list(seeds))).digest())


def _check_seeds(seeds: Any) -> list[dict[str, Any]]:
    if not isinstance(seeds, list):
        raise MalformedHand(f"seeds: expected a list of {{'player', 'seed'}}, got {seeds!r}")
    for k, s in enumerate(seeds):
        if (not isinstance(s, dict) or set(s) != {"player", "seed"}
                or not isinstance(s["seed"], str) or type(s["player"]) is not int):
            raise MalformedHand(f"seeds[{k}]: expected {{'player': position, 'seed': text}}, "
                                f"got {s!r}")
    return seeds


class FairDeal:
    """One provably fair hand: :meth:`announce` before it, :meth:`add_seed` while seeds are
    taken, :meth:`deal` to get the engine's :class:`Hand`, :meth:`reveal` when it is over.

    ``stacks``, ``blinds`` and the keywords are :class:`Hand`'s. ``rng`` draws the committed
    order and the salt: the operating system's CSPRNG unless a test injects one."""

    def __init__(self, hand: str, stacks: Sequence[int], blinds: Sequence[int] = (0, 0), *,
                 rng: random.Random | None = None, **options: Any) -> None:
        if not isinstance(hand, str) or not hand:
            raise ValueError(f"a fair hand needs a name (table and hand number), got {hand!r}")
        for k in ("deck", "seed", "manual"):
            if k in options:
                raise ValueError(f"a fair hand deals from its committed deck: {k}= is not allowed")
        self.hand = hand
        self._args = (list(stacks), tuple(blinds), dict(options))
        # The hand's set-up, known before the deal (the engine checks it here).
        self.config = Hand(stacks, blinds, manual=True, **options).config()
        r = rng if rng is not None else random.SystemRandom()
        order = list(range(52))
        r.shuffle(order)
        self.committed_order = order
        self.salt = f"{r.getrandbits(256):064x}"
        self.commitment = commitment_of(hand, self.config, order, self.salt)
        self.seeds: list[dict[str, Any]] = []
        self._hand: Hand | None = None

    def announce(self) -> dict[str, Any]:
        """What is published before the hand: its name, set-up and the commitment."""
        return {"scheme": SCHEME, "hand": self.hand, "config": self.config,
                "commitment": self.commitment}

    def add_seed(self, player: int, seed: str) -> None:
        """Player ``player`` (position) mixes in his seed; refused once the cards are dealt."""
        if self._hand is not None:
            raise ValueError(f"hand {self.hand}: the cards are dealt, seeds are closed")
        n = len(self.config["stacks"])
        if type(player) is not int or not 0 <= player < n:
            raise ValueError(f"no player {player!r} in hand {self.hand} (positions 0..{n - 1})")
        if not isinstance(seed, str):
            raise ValueError(f"a seed is text, got {seed!r}")
        if any(s["player"] == player for s in self.seeds):
            raise ValueError(f"player {player} has already given his seed for hand {self.hand}")
        self.seeds.append({"player": player, "seed": seed})

    @property
    def order(self) -> list[int]:
        return dealt_order(self.committed_order, self.seeds)

    def deal(self) -> Hand:
        """The hand, dealt from the dealt order (once)."""
        if self._hand is None:
            stacks, blinds, options = self._args
            self._hand = Hand(stacks, blinds, deck=self.order, **options)
        return self._hand

    def reveal(self) -> dict[str, Any]:
        """The proof, published when the hand is over (a ``pokertd verify`` file)."""
        h = self._hand
        if h is None or not h.done:
            raise ValueError(f"hand {self.hand} is not over: its deck is revealed at the end")
        return {"scheme": SCHEME, "hand": self.hand, "config": self.config,
                "commitment": self.commitment, "salt": self.salt,
                "committed_order": cards_text(self.committed_order), "seeds": list(self.seeds),
                "order": cards_text(self.order), "events": h.events()}


def _deck(record: Mapping[str, Any], field: str) -> list[int]:
    text = record[field]
    try:
        cards = parse_cards(text) if isinstance(text, str) else None
    except ValueError as exc:
        raise MalformedHand(f"{field}: {exc}") from None
    if cards is None or len(cards) != 52:
        raise MalformedHand(f"{field}: expected the 52 cards as text, got {text!r}")
    return [int(c) for c in cards]


def _fields(record: Any, fields: Sequence[str]) -> None:
    if set(record) != set(fields):
        extra, missing = sorted(set(record) - set(fields)), sorted(set(fields) - set(record))
        raise MalformedHand(f"fields: expected {', '.join(fields)}"
                            + (f"; missing {', '.join(missing)}" if missing else "")
                            + (f"; unknown {', '.join(map(str, extra))}" if extra else ""))


def verify(record: Any) -> list[str]:
    """Check a revealed hand; the checks passed, in order, or :class:`FairnessError`
    (:class:`MalformedHand` when the record is not a revealed hand at all). A hand of a
    served table (scheme ``pokertd-fair-table/1``) is checked by :func:`verify_table`."""
    if not isinstance(record, dict):
        raise MalformedHand("a revealed hand is a JSON object")
    if record.get("scheme") == TABLE_SCHEME:
        return verify_table(record)
    _fields(record, _FIELDS)
    if record["scheme"] != SCHEME:
        raise MalformedHand(f"scheme: {record['scheme']!r} is not {SCHEME!r} or "
                            f"{TABLE_SCHEME!r}")
    passed = []
    committed = _deck(record, "committed_order")
    salt, hand, config = record["salt"], record["hand"], record["config"]
    if not isinstance(salt, str) or not isinstance(hand, str) or not isinstance(config, dict):
        raise MalformedHand("hand and salt are text and config an object")
    if commitment_of(hand, config, committed, salt) != record["commitment"]:
        raise FairnessError("commitment: SHA-256 of the hand, its set-up, the committed order "
                            "and the salt is not the published commitment")
    passed.append(f"commitment {record['commitment']} matches the committed order and salt")
    seeds = _check_seeds(record["seeds"])
    order = _deck(record, "order")
    if dealt_order(committed, seeds) != order:
        raise FairnessError(f"order: the committed order mixed with the {len(seeds)} seed(s) "
                            "is not the dealt order")
    passed.append(f"the dealt order follows from the committed order and {len(seeds)} seed(s)")
    events = _events(record)
    if events[0].get("type") != "started" or events[0].get("config") != config:
        raise FairnessError("events: the hand did not start with the committed set-up")
    return passed + _dealing_and_replay(events, order)


def _events(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    events = record["events"]
    if not isinstance(events, list) or not events or not isinstance(events[0], dict):
        raise MalformedHand("events: expected the hand's list of events")
    config = events[0].get("config")
    if not isinstance(config, dict) or not isinstance(config.get("stacks"), list):
        raise FairnessError("events: the hand does not start with its set-up ('started' with "
                            "the stacks)")
    return events


def _dealing_and_replay(events: list[dict[str, Any]], order: list[int]) -> list[str]:
    """Step 3 checked: every card dealt, burned and turned comes from the front of the dealt
    order, and the events are the hand the engine plays from them."""
    n = len(events[0]["config"]["stacks"])
    pos = 2 * n
    for k, e in enumerate(events):
        if not isinstance(e, dict):
            raise FairnessError(f"event {k}: not an object")
        t = e.get("type")
        if t == "dealt":
            p = e.get("player")
            want = ([str(CARDS[order[p]]), str(CARDS[order[n + p]])]
                    if type(p) is int and 0 <= p < n else None)
            if e.get("cards") != want:
                raise FairnessError(f"event {k}: player {p} was dealt {e.get('cards')}, the "
                                    f"dealt order gives {want}")
        elif t in ("burned", "board"):
            got = [e.get("card")] if t == "burned" else e.get("cards")
            m = 1 if t == "burned" else len(got) if isinstance(got, list) else 0
            want = [str(CARDS[c]) for c in order[pos:pos + m]]
            if got != want or m == 0:
                raise FairnessError(f"event {k}: {t} {got}, the dealt order gives {want} "
                                    f"(cards {pos + 1}-{pos + m} of the dealt order)")
            pos += m
    passed = ["every card dealt, burned and turned follows the dealt order"]
    try:
        h = replay(events)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise FairnessError(f"events: not the hand the engine plays: {exc}") from None
    if not h.done:
        raise FairnessError("events: the hand is not over")
    passed.append(f"the {len(events)} events replay to the finishing stacks {h.stacks}")
    return passed


# --- a served table's hands (pokertd.room.fair_deal) ------------------------------------------


def table_commitment(table: str, hand: int, order: Sequence[int], salt: str) -> str:
    """The commitment a served table publishes for its hand ``hand`` (scheme
    ``pokertd-fair-table/1``): SHA-256 of the canonical JSON of {"scheme", "table", "hand",
    "order", "salt"}. Unlike :func:`commitment_of` it binds no set-up: it is published when
    the hand before is dealt, before anyone knows who will sit in the next one."""
    return hashlib.sha256(_canonical({"scheme": TABLE_SCHEME, "table": table, "hand": hand,
                                      "order": cards_text(order), "salt": salt})).hexdigest()


def check_table_seeds(seeds: Any) -> list[dict[str, Any]]:
    """A served table's seeds as revealed: ``[{"player": name, "seed": text}, ...]`` in the
    order the server took them."""
    if not isinstance(seeds, list):
        raise MalformedHand(f"seeds: expected a list of {{'player', 'seed'}}, got {seeds!r}")
    for k, s in enumerate(seeds):
        if (not isinstance(s, dict) or set(s) != {"player", "seed"}
                or not isinstance(s["seed"], str) or not isinstance(s["player"], str)):
            raise MalformedHand(f"seeds[{k}]: expected {{'player': name, 'seed': text}}, "
                                f"got {s!r}")
    return seeds


def verify_table(record: Mapping[str, Any]) -> list[str]:
    """Check a hand revealed by a served table (``GET /tables/NAME/hands/N.json``): the
    commitment is SHA-256 of the table, the hand number, the committed order and the salt;
    the dealt order is the committed order mixed with the players' seeds (step 2, the same
    mixing as :func:`dealt_order`); every card dealt follows it (step 3); the events replay
    in the engine to their result."""
    _fields(record, _TABLE_FIELDS)
    table, hand, salt = record["table"], record["hand"], record["salt"]
    if not isinstance(table, str) or type(hand) is not int or not isinstance(salt, str):
        raise MalformedHand("table and salt are text and hand a whole number")
    if not isinstance(record["commitment"], str):
        raise MalformedHand("commitment: expected the hex SHA-256 published before the hand")
    committed = _deck(record, "committed_order")
    if table_commitment(table, hand, committed, salt) != record["commitment"]:
        raise FairnessError("commitment: SHA-256 of the table, the hand number, the committed "
                            "order and the salt is not the published commitment")
    passed = [f"commitment {record['commitment']} matches table {table!r} hand {hand}, the "
              "committed order and the salt"]
    seeds = check_table_seeds(record["seeds"])
    order = _deck(record, "order")
    if dealt_order(committed, seeds) != order:
        raise FairnessError(f"order: the committed order mixed with the {len(seeds)} seed(s) "
                            "is not the dealt order")
    passed.append(f"the dealt order follows from the committed order and {len(seeds)} seed(s)"
                  + (f" ({', '.join(s['player'] for s in seeds)})" if seeds else ""))
    return passed + _dealing_and_replay(_events(record), order)
