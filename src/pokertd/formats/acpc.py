"""The Annual Computer Poker Competition's formats: game definitions and the dealer protocol.

A game definition (``GAMEDEF ... END GAMEDEF``) is read by :func:`parse_gamedef` into a
:class:`GameDef`; the protocol's messages (``MATCHSTATE:position:hand:betting:cards``, a
client's reply with its action appended, the dealer log's ``STATE`` and ``SCORE`` lines) are
read and written here. Every error names the line (or the message) and the bad value.

The ACPC's conventions, as its protocol document (version 2.0.0) states them:

- positions are counted from the first player after the button (in heads-up games with
  reverse blinds position 0 is the big blind);
- ``firstPlayer`` and the game file's other player numbers count from 1;
- a no-limit raise ``rN`` gives N, the total the raiser has put in the pot *in the whole
  hand* (not the round);
- a card is its rank ``23456789TJQKA`` and suit ``cdhs``; its index is ``rank * numSuits +
  suit``, which with four suits is pokertd's own index (``4 * rank + suit``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "ACPCError", "Action", "GameDef", "MatchState", "VERSION", "card_index", "card_text",
    "format_betting", "format_matchstate", "format_score_line", "format_state_line",
    "load_gamedef", "parse_action", "parse_betting", "parse_gamedef", "parse_matchstate",
]

VERSION = "VERSION:2.0.0"
RANKS = "23456789TJQKA"
SUITS = "cdhs"
MAX_PLAYERS = 10
MAX_ROUNDS = 4
INT32_MAX = 2**31 - 1          # the stack of a game file that gives none (the ACPC's default)


class ACPCError(ValueError):
    """A game definition or protocol message that does not follow the ACPC's format."""


@dataclass(frozen=True)
class GameDef:
    """An ACPC game definition. Lists are per player in position order, or per round;
    ``first_player`` counts from 0 (the file counts from 1)."""

    betting: str                            # "limit" or "nolimit"
    players: int
    rounds: int
    blinds: tuple[int, ...]
    stacks: tuple[int, ...]
    raise_sizes: tuple[int, ...]            # limit only: the bet of each round
    first_player: tuple[int, ...]
    max_raises: tuple[int, ...] | None      # None: no cap (the ACPC's default)
    suits: int
    ranks: int
    hole_cards: int
    board_cards: tuple[int, ...]
    text: str = field(default="", compare=False)

    @property
    def big_blind(self) -> int:
        return max(self.blinds)


_KEYS = {  # lower-case keyword -> (field, how many values: 1, "players" or "rounds")
    "stack": ("stacks", "players"), "blind": ("blinds", "players"),
    "raisesize": ("raise_sizes", "rounds"), "numplayers": ("players", 1),
    "numrounds": ("rounds", 1), "firstplayer": ("first_player", "rounds"),
    "maxraises": ("max_raises", "rounds"), "numsuits": ("suits", 1), "numranks": ("ranks", 1),
    "numholecards": ("hole_cards", 1), "numboardcards": ("board_cards", "rounds"),
}


def parse_gamedef(text: str, source: str = "<game>") -> GameDef:
    """Read a game definition; refuse one that is incomplete or inconsistent, naming the line."""
    values: dict[str, tuple[int, list[int]]] = {}
    betting: str | None = None
    started = ended = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        low = line.lower()
        where = f"{source}, line {number}"
        if low == "gamedef":
            started = True
            continue
        if low == "end gamedef":
            ended = True
            break
        if not started:
            raise ACPCError(f"{where}: {line!r} comes before GAMEDEF: a game definition starts "
                            "with a line GAMEDEF")
        if low in ("limit", "nolimit"):
            betting = low
            continue
        if low == "potlimit":
            raise ACPCError(f"{where}: {line!r}: the ACPC's betting types are limit and nolimit")
        key, sep, rest = line.partition("=")
        name = key.strip().lower()
        if not sep or name not in _KEYS:
            raise ACPCError(f"{where}: {line!r} is not a game definition line: expected limit, "
                            "nolimit or NAME = VALUES with NAME one of stack, blind, raiseSize, "
                            "numPlayers, numRounds, firstPlayer, maxRaises, numSuits, numRanks, "
                            "numHoleCards, numBoardCards")
        nums: list[int] = []
        for word in rest.split():
            if not word.isdigit():
                raise ACPCError(f"{where}: {key.strip()} value {word!r} is not a whole number "
                                "of 0 or more")
            nums.append(int(word))
        if not nums:
            raise ACPCError(f"{where}: {key.strip()} has no value")
        values[_KEYS[name][0]] = (number, nums)
    if not started:
        raise ACPCError(f"{source}: no GAMEDEF line: a game definition starts with GAMEDEF and "
                        "ends with END GAMEDEF")
    if not ended:
        raise ACPCError(f"{source}: no END GAMEDEF line: the game definition is not closed")
    if betting is None:
        raise ACPCError(f"{source}: the betting type is missing: a line limit or nolimit")
    return _checked(values, betting, source, text)


def _checked(values: dict[str, tuple[int, list[int]]], betting: str, source: str,
             text: str) -> GameDef:
    def one(name: str, label: str, lo: int, hi: int) -> int:
        if name not in values:
            raise ACPCError(f"{source}: {label} is missing")
        number, nums = values[name]
        if len(nums) != 1 or not lo <= nums[0] <= hi:
            raise ACPCError(f"{source}, line {number}: {label} = {' '.join(map(str, nums))}: "
                            f"expected one number from {lo} to {hi}")
        return nums[0]

    players = one("players", "numPlayers", 2, MAX_PLAYERS)
    rounds = one("rounds", "numRounds", 1, MAX_ROUNDS)
    suits = one("suits", "numSuits", 1, 4)
    ranks = one("ranks", "numRanks", 1, 13)
    hole = one("hole_cards", "numHoleCards", 1, 3)

    def many(name: str, label: str, count: int, default: list[int] | None, lo: int = 0) -> list[int]:
        if name not in values:
            if default is None:
                raise ACPCError(f"{source}: {label} is missing ({count} numbers)")
            return default
        number, nums = values[name]
        if len(nums) < count:
            raise ACPCError(f"{source}, line {number}: {label} = {' '.join(map(str, nums))}: "
                            f"{len(nums)} numbers, expected {count}")
        for x in nums[:count]:
            if x < lo:
                raise ACPCError(f"{source}, line {number}: {label} value {x} is below {lo}")
        return nums[:count]

    blinds = many("blinds", "blind", players, None)
    stacks = many("stacks", "stack", players, [INT32_MAX] * players, 1)
    for p in range(players):
        if blinds[p] > stacks[p]:
            raise ACPCError(f"{source}, line {values['blinds'][0]}: player {p + 1}'s blind "
                            f"{blinds[p]} is more than his stack {stacks[p]}")
    raise_sizes = (many("raise_sizes", "raiseSize", rounds, None, 1) if betting == "limit"
                   else [])
    first = many("first_player", "firstPlayer", rounds, [1] * rounds, 1)
    for r, f in enumerate(first):
        if f > players:
            raise ACPCError(f"{source}, line {values['first_player'][0]}: firstPlayer {f} on "
                            f"round {r + 1}: expected a player from 1 to {players}")
    max_raises = (many("max_raises", "maxRaises", rounds, None) if "max_raises" in values
                  else None)
    board = many("board_cards", "numBoardCards", rounds, [0] * rounds)
    if players * hole + sum(board) > suits * ranks:
        raise ACPCError(f"{source}: {players} players with {hole} hole cards and {sum(board)} "
                        f"board cards need more than the deck's {suits * ranks} cards")
    return GameDef(betting, players, rounds, tuple(blinds), tuple(stacks), tuple(raise_sizes),
                   tuple(f - 1 for f in first), None if max_raises is None else tuple(max_raises),
                   suits, ranks, hole, tuple(board), text)


def load_gamedef(path: str | Path) -> GameDef:
    """Read a game definition file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as e:
        raise ACPCError(f"{p}: cannot read the game definition: {e.strerror}") from None
    except UnicodeDecodeError:
        raise ACPCError(f"{p}: not a text file (a game definition is plain text)") from None
    return parse_gamedef(text, str(p))


# --- cards --------------------------------------------------------------------------------

def card_text(index: int, suits: int = 4) -> str:
    return RANKS[index // suits] + SUITS[index % suits]


def card_index(text: str, suits: int = 4) -> int:
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS[:suits]:
        raise ACPCError(f"card {text!r}: expected a rank of {RANKS} and a suit of {SUITS[:suits]}")
    return RANKS.index(text[0]) * suits + SUITS.index(text[1])


def _cards(text: str, what: str) -> list[int]:
    if len(text) % 2:
        raise ACPCError(f"{what} {text!r}: cards are two characters each")
    return [card_index(text[i:i + 2]) for i in range(0, len(text), 2)]


# --- actions and betting ------------------------------------------------------------------

@dataclass(frozen=True)
class Action:
    """``f``, ``c`` or ``r``; ``size`` is a no-limit raise's total for the hand."""

    kind: str
    size: int | None = None

    def __str__(self) -> str:
        return self.kind if self.size is None else f"{self.kind}{self.size}"


def _read_actions(text: str, where: str) -> tuple[list[Action], int]:
    """The actions at the start of ``text`` and how many characters they took."""
    out: list[Action] = []
    i = 0
    while i < len(text) and text[i] in "fcr":
        kind = text[i]
        i += 1
        j = i
        while j < len(text) and text[j].isdigit():
            j += 1
        if j > i and kind != "r":
            raise ACPCError(f"{where}: {kind + text[i:j]!r}: only a raise takes a size")
        out.append(Action(kind, int(text[i:j]) if j > i else None))
        i = j
    return out, i


def parse_action(text: str) -> Action:
    """One action as a client sends it: ``f``, ``c``, ``r`` or ``rN``."""
    acts, used = _read_actions(text, "action")
    if len(acts) != 1 or used != len(text):
        raise ACPCError(f"action {text!r}: expected f (fold), c (check or call), r (limit raise) "
                        "or rN (no-limit raise to N chips in the hand)")
    return acts[0]


def parse_betting(text: str) -> list[list[Action]]:
    """A betting string, round by round (``/`` between rounds)."""
    rounds = []
    for part in text.split("/"):
        acts, used = _read_actions(part, "betting")
        if used != len(part):
            raise ACPCError(f"betting {text!r}: {part[used:]!r} is not an action (f, c, r or rN)")
        rounds.append(acts)
    return rounds


def format_betting(rounds: list[list[Action]]) -> str:
    return "/".join("".join(map(str, r)) for r in rounds)


# --- match states -------------------------------------------------------------------------

@dataclass(frozen=True)
class MatchState:
    """A dealer's view for one player (``holes[p]`` empty when he cannot see them), or a
    client's reply (with ``action``)."""

    position: int
    hand: int
    betting: list[list[Action]]
    holes: list[list[int]]
    board: list[list[int]]
    action: Action | None = None
    prefix: str = ""         # the message up to the cards, as sent (a reply must repeat it)


def _cards_part(text: str, players: int, where: str) -> tuple[list[list[int]], list[list[int]]]:
    holes_text, *boards = text.split("/")
    holes = holes_text.split("|")
    if len(holes) != players:
        raise ACPCError(f"{where}: cards {text!r} give {len(holes)} players' hole cards, the "
                        f"game has {players}")
    return ([_cards(h, "hole cards") for h in holes], [_cards(b, "board cards") for b in boards])


def parse_matchstate(line: str, players: int, reply: bool = False) -> MatchState:
    """``MATCHSTATE:position:hand:betting:cards`` (and ``:action`` when ``reply``)."""
    text = line.rstrip("\r\n")
    parts = text.split(":")
    want = 6 if reply else 5
    if parts[0] != "MATCHSTATE" or len(parts) != want:
        raise ACPCError(f"message {text!r}: expected MATCHSTATE:position:hand:betting:cards"
                        + (":action" if reply else ""))
    if not parts[1].isdigit() or int(parts[1]) >= players:
        raise ACPCError(f"message {text!r}: position {parts[1]!r}: expected 0 to {players - 1}")
    if not parts[2].isdigit():
        raise ACPCError(f"message {text!r}: hand number {parts[2]!r} is not a whole number")
    holes, board = _cards_part(parts[4], players, f"message {text!r}")
    try:
        betting = parse_betting(parts[3])
        action = parse_action(parts[5]) if reply else None
    except ACPCError as e:
        raise ACPCError(f"message {text!r}: {e}") from None
    return MatchState(int(parts[1]), int(parts[2]), betting, holes, board, action,
                      ":".join(parts[:5]))


def _cards_text(holes: list[list[int]], board: list[list[int]]) -> str:
    out = "|".join("".join(card_text(c) for c in h) for h in holes)
    for b in board:
        out += "/" + "".join(card_text(c) for c in b)
    return out


def format_matchstate(position: int, hand: int, betting: list[list[Action]],
                      holes: list[list[int]], board: list[list[int]]) -> str:
    return f"MATCHSTATE:{position}:{hand}:{format_betting(betting)}:{_cards_text(holes, board)}"


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.6f}".rstrip("0")


def format_state_line(hand: int, betting: list[list[Action]], holes: list[list[int]],
                      board: list[list[int]], values: list[int], names: list[str]) -> str:
    """The dealer log's line for a hand: every hole card, the values and the names by position."""
    return (f"STATE:{hand}:{format_betting(betting)}:{_cards_text(holes, board)}:"
            f"{'|'.join(map(_number, values))}:{'|'.join(names)}")


def format_score_line(totals: list[int], names: list[str]) -> str:
    """The dealer log's last line: each seat's total, in seat order."""
    return f"SCORE:{'|'.join(map(_number, totals))}:{'|'.join(names)}"
