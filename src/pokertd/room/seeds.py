"""Seeded tables and dealt events: every draw derived from the seed and where it is made.

A table or a dealt event may be given a ``seed`` (text). Then nothing it deals depends on the
order or the moment things happen, nor on a restart: each draw has its own key, ::

    key = SHA-256( canonical JSON of {"scheme": "pokertd-seed/1", "seed": SEED,
                                      "use": USE, "name": NAME, "table": TABLE, "hand": HAND,
                                      "action": ACTION} )

(canonical JSON: keys sorted, no spaces, ASCII), where ``NAME`` is the dealt event's name and
``TABLE`` its table number, or the table's own name and null for a table of its own; ``HAND``
is the table's hand number (1, 2, ...), ``ACTION`` the number of the hand's events before a
bot's decision (null for the deck and the button). The draws:

- ``use: "deck"``: the hand's deck is the cards 0..51 (``4 * rank + suit``) shuffled by the
  Fisher-Yates of the provably fair scheme (:func:`pokertd.engine.fair.shuffled`: positions 51
  down to 1, each draw 8 bytes of the counter stream ``SHA-256(key || counter)``, rejection
  sampling), so a deck is a function of its key alone, in any Python version;
- ``use: "bot"``: a bot's decision is made by a new bot of the seat's kind seeded with the
  key's hex digest (:func:`pokertd.bots.make_bot`; Python's ``random.Random`` seeded with a
  text is the same in every run);
- ``use: "fair-order"`` and ``"fair-salt"`` (``action`` null): a seeded fair table's committed
  order of hand ``HAND`` (the cards shuffled as for ``"deck"``) and its salt (the key's hex
  digest), :mod:`pokertd.room.fair_deal`;
- ``use: "button"``: a table of its own draws its first button (IFP 16) from
  ``random.Random(int(key))``. A dealt event's seats and buttons are its director's, drawn from
  the same seed (:class:`~pokertd.tournament.director.Tournament`: the seed and the length of
  its log).

So a table loaded again after a crash deals the very next deck and makes the very next bot
decision that it would have made without the crash (the hand number and the number of events
come from its log). The bots' delays and the pause between hands still come from the system
CSPRNG: they change when things happen, never what happens.

A seed is for tests, research and replays: anyone who knows it knows every card before it is
dealt. Without a seed (the default, and what real play must use) every deck is shuffled with
the operating system's CSPRNG.
"""

from __future__ import annotations

import hashlib
import json
import random

__all__ = ["SCHEME", "bot_seed", "check_seed", "deck", "key", "rng"]

SCHEME = "pokertd-seed/1"


def check_seed(seed: object) -> str | None:
    """A seed as stored: None (no seed), or text of 1 to 100 characters (a whole number is
    taken as its digits). Anything else is refused with a ValueError that says so."""
    if seed is None:
        return None
    if isinstance(seed, int) and not isinstance(seed, bool):
        seed = str(seed)
    if not isinstance(seed, str) or not 1 <= len(seed) <= 100:
        raise ValueError(f"seed={seed!r}: give text of 1 to 100 characters or a whole number "
                         "(or no seed: the system CSPRNG)")
    return seed


def key(seed: str, use: str, name: str, table: int | None, hand: int,
        action: int | None = None) -> bytes:
    """The key of one draw (the module docstring)."""
    return hashlib.sha256(json.dumps(
        {"scheme": SCHEME, "seed": seed, "use": use, "name": name, "table": table,
         "hand": hand, "action": action},
        sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()).digest()


def deck(seed: str, name: str, table: int | None, hand: int) -> list[int]:
    """Hand ``hand``'s deck at this table."""
    from pokertd.engine.fair import shuffled
    return shuffled(range(52), key(seed, "deck", name, table, hand))


def bot_seed(seed: str, name: str, table: int | None, hand: int, action: int) -> str:
    """The seed of the bot that makes the decision after ``action`` events of the hand."""
    return key(seed, "bot", name, table, hand, action).hex()


def rng(seed: str, use: str, name: str, table: int | None, hand: int) -> random.Random:
    """A generator for one draw of another kind (the first button)."""
    return random.Random(int.from_bytes(key(seed, use, name, table, hand), "big"))
