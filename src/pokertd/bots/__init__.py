"""Bots that play hands of :class:`pokertd.engine.Hand` through its public API.

``bot.act(hand, player, big_blind, unit)`` makes exactly one legal action; every bot is seeded
and deterministic. The bots live in :mod:`pokertd.bots.players`, compiled with mypyc at
install time (its source runs alike when it is not: :mod:`pokertd._compiled`).
"""

from pokertd._compiled import load as _load

_players = _load("pokertd.bots.players")

RandomBot = _players.RandomBot
SensibleBot = _players.SensibleBot
absent_action = _players.absent_action
chen_score = _players.chen_score
make_bot = _players.make_bot
MIX = _players.MIX
STYLES = _players.STYLES
_strength = _players._strength

__all__ = ["MIX", "STYLES", "RandomBot", "SensibleBot", "absent_action", "chen_score", "make_bot"]
