"""PHH (Poker Hand History, the TOML format of the PHH standard).

Hold'em (``NT``, ``FT``) is read and written here with :class:`~pokertd.engine.Hand`; the
other games (Omaha, stud, razz, deuce-to-seven draw, badugi, short deck: ``PO``, ``FO/8``,
``F7S``, ``F7S/8``, ``FR``, ``N2L1D``, ``F2L3D``, ``FB``, ``NS`` ...) by :mod:`.phh_mixed`;
other variants are refused with
``unsupported variant: X``.

PHH lists players ``p1 .. pN`` from the seat left of the button, the button last: the
engine's position order. Heads-up PHH gives the forced bets as ``[small, big]`` and the
button (``p2``) posts the small blind, so the list is reversed into position order.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cards import CARDS
from ..engine import Hand, IllegalAction
from ..engine.hand import BETTING, FIXED_LIMIT, NO_LIMIT, STRUCTURES
from ..rules import DEFAULT_PRESET, PRESETS, RuleSet
from .phh_reader import PHHError
from .phh_refusals import file_numbers, refusal
from .phh_reader import loads as _read

__all__ = [
    "PHHError", "ReplayResult", "SUPPORTED_VARIANTS", "dumps", "export_hand", "find_file_names",
    "find_files", "hand_from_phh", "load", "loads", "replay", "replay_file", "stacks_match",
    "table_fields", "table_options",
]

SUPPORTED_VARIANTS = {"NT": NO_LIMIT, "FT": FIXED_LIMIT}


@dataclass
class ReplayResult:
    path: str
    ok: bool
    finishing_stacks: list[int] | None = None
    error: str | None = None
    action: int | None = None
    unchecked: str | None = None
    """Why a hand replayed under ``--check`` could not be checked (the file records no
    finishing stacks): it is reported as replayed, not as failed."""

    def to_json(self) -> str:
        if self.ok and self.unchecked is not None:
            return json.dumps({"path": self.path, "ok": True, "finishing_stacks": self.finishing_stacks,
                               "checked": False, "note": self.unchecked})
        if self.ok:
            stacks = self.finishing_stacks
            if stacks is not None and all(type(s) is int for s in stacks):
                # json.dumps of the same dict, written out (one line per hand of a replay)
                return (f'{{"path": {_json_string(self.path)}, "ok": true, "finishing_stacks": '
                        f'[{", ".join(map(str, stacks))}]}}')
            return json.dumps({"path": self.path, "ok": True, "finishing_stacks": stacks})
        return json.dumps({"path": self.path, "ok": False, "error": self.error, "action": self.action})


_json_string = json.encoder.encode_basestring_ascii       # json.dumps's own, for one string


def loads(text: str, source: str | None = None) -> dict[str, Any]:
    """The fields of PHH text (the TOML subset PHH uses, :mod:`.phh_reader`); a refusal is a
    :class:`PHHError` naming ``source`` and the line."""
    return _read(text, source)


def load(path: str | Path) -> dict[str, Any]:
    data = _read_bytes(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PHHError(f"{path}: not UTF-8 text (byte {e.start}): PHH files are UTF-8") from None
    return _read(text, str(path))


def _read_bytes(path: str | Path) -> bytes:
    """The file's bytes, by plain reads (a buffered file object costs more than a PHH
    file's parsing)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        chunks = []
        while True:
            try:
                chunk = os.read(fd, 1 << 16)
            except IsADirectoryError as e:          # named as open() names it
                raise IsADirectoryError(e.errno, e.strerror, str(path)) from None
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(fd)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def find_files(paths: Iterable[str | Path]) -> list[Path]:
    """``.phh`` files: each path a file, or a folder searched recursively (sorted)."""
    return [Path(p) for p in find_file_names(paths)]


def find_file_names(paths: Iterable[str | Path]) -> list[str]:
    """:func:`find_files` as strings, found without building a ``Path`` per file: in each
    folder, as ``Path.rglob("*.phh")`` finds them (not into symlinked folders, past folders
    it may not read) and keeping files only, in ``Path`` order (part by part)."""
    out: list[str] = []
    for p in paths:
        base = Path(p)
        if not base.is_dir():
            out.append(str(base))
            continue
        text = str(base)
        prefix = "" if text == "." else text if text.endswith("/") else text + "/"
        found: list[str] = []
        folders = [prefix]
        while folders:
            folder = folders.pop()
            try:
                with os.scandir(folder or ".") as entries:
                    for e in entries:
                        name = e.name
                        try:
                            if e.is_dir(follow_symlinks=False):
                                folders.append(f"{folder}{name}/")
                            elif name.endswith(".phh") and e.is_file():
                                found.append(folder + name)
                        except OSError:         # gone, or a symlink loop: not a file
                            continue
            except PermissionError:
                continue
        # Path order compares part by part: a "/" sorts before every character of a name.
        found.sort(key=lambda f: f.replace("/", "\0"))
        out.extend(found)
    return out


def _int(value: Any, field: str) -> int:
    if isinstance(value, bool):
        raise PHHError(f"{field}: not a chip amount: {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value == int(value):
        return int(value)
    raise PHHError(f"{field}: non-integer chip amount {value!r}: this engine counts whole chips "
                   "and does not round")


_JUST_INT = {int}


def _ints(values: Any, field: str, n: int | None = None) -> list[int]:
    if not isinstance(values, list):
        raise PHHError(f"{field}: expected a list of chip amounts")
    out = values[:] if set(map(type, values)) <= _JUST_INT else [_int(v, field) for v in values]
    if n is not None and len(out) != n:
        raise PHHError(f"{field}: {len(out)} entries for {n} players")
    return out


def table_options(data: dict[str, Any], rules: RuleSet | str | None) -> tuple[Any, dict[str, Any]]:
    """The rules a hand is replayed under and its chip unit, from the file's own fields
    where the caller names no rules: ``_rules``, the preset the hand was played under (this
    project writes it when it is not the default ``ifp-2012``), and ``_chip_unit``, the
    smallest chip in play when it is more than 1 (TDA 20, IFP 50: the odd chips of a split
    pot are that chip, not a single unit). Both are PHH user-defined fields (the leading
    underscore)."""
    if rules is None and "_rules" in data:
        name = data["_rules"]
        if not isinstance(name, str) or name not in PRESETS:
            raise PHHError(f"_rules: {name!r} is not a rules preset (presets: "
                           f"{', '.join(PRESETS)})")
        rules = name
    unit = data.get("_chip_unit", 1)
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise PHHError(f"_chip_unit: the smallest chip in play is a whole number of at least "
                       f"1, not {unit!r}")
    return rules, ({"chip_unit": unit} if unit > 1 else {})


def hand_from_phh(data: dict[str, Any], rules: RuleSet | str | None = None, **options: Any) -> Hand:
    """A hand set up from a PHH file's forced bets and stacks, dealt by hand (``manual``),
    under ``rules`` (by default the file's own: :func:`table_options`)."""
    if not isinstance(data, dict):
        raise PHHError(f"a PHH hand is a table of fields, not {type(data).__name__}")
    rules, table = table_options(data, rules)
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in SUPPORTED_VARIANTS:
        raise PHHError(f"unsupported variant: {variant} (this engine plays "
                       f"{', '.join(SUPPORTED_VARIANTS)})")
    if "starting_stacks" not in data or "actions" not in data:
        raise PHHError("missing required field: starting_stacks and actions are required")
    stacks = _ints(data["starting_stacks"], "starting_stacks")
    n = len(stacks)
    antes = _ints(data.get("antes", [0] * n), "antes", n)
    blinds = _ints(data.get("blinds_or_straddles", [0] * n), "blinds_or_straddles", n)
    # The hands of one game share their forced bets: their setup is worked out once.
    key: Any = (variant, tuple(antes), tuple(blinds), data.get("ante_trimming_status") is False,
                *((type(data.get(f)), data.get(f)) for f in _BET_FIELDS))
    try:
        setup = _SETUPS.get(key)
    except TypeError:                    # a bet field of no hashable value: refused below
        setup = key = None
    if setup is None:
        setup = _setup(data, variant, n, antes, blinds)
        if key is not None:
            if len(_SETUPS) >= 4096:
                _SETUPS.clear()
            _SETUPS[key] = setup
    try:
        return Hand(stacks, rules=rules, **{**setup, **table, **options})
    except ValueError as e:
        raise PHHError(str(e)) from e


_BET_FIELDS = ("min_bet", "small_bet", "big_bet")
_SETUPS: dict[Any, dict[str, Any]] = {}


def _setup(data: dict[str, Any], variant: str, n: int, antes: list[int], blinds: list[int]) -> dict[str, Any]:
    """The engine's options for a PHH hand's forced bets and betting structure."""
    if n == 2:
        blinds = blinds[::-1]            # heads-up: the button (p2) posts the small blind (IFP 18)
    kwargs: dict[str, Any] = dict(blinds_or_straddles=blinds, ante=antes, manual=True,
                                  auto_showdown=False, structure=SUPPORTED_VARIANTS[variant])
    # One ante, on the big blind, untrimmed: a big-blind ante, posted after the big blind
    # (TDA RP-11). (The big blind is the second forced bet; heads-up, player 0.)
    posters = [i for i in range(n) if blinds[i]]
    if n == 2 and len(posters) == 2:
        posters = [1, 0]
    bb = posters[1] if len(posters) >= 2 else (posters[0] if posters else -1)
    others = [a for i, a in enumerate(antes) if i != bb]
    if bb >= 0 and antes[bb] and not any(others) and data.get("ante_trimming_status") is False:
        kwargs["ante"] = 0
        kwargs["bb_ante"] = antes[bb]
    if variant == "FT":
        if "small_bet" not in data or "big_bet" not in data:
            raise PHHError("FT needs small_bet and big_bet")
        kwargs["small_bet"] = _int(data["small_bet"], "small_bet")
        kwargs["big_bet"] = _int(data["big_bet"], "big_bet")
    else:
        if "min_bet" not in data:
            raise PHHError("NT needs min_bet")
        kwargs["min_bet"] = _int(data["min_bet"], "min_bet")
    return kwargs


def _player(token: str, n: int, i: int) -> int:
    digits = token[1:]
    if token[:1] != "p" or not (digits.isascii() and digits.isdigit()) or not 1 <= int(digits) <= n:
        raise PHHError(f"action {i}: unknown player {token!r}", i)
    return int(token[1:]) - 1


def _apply(h: Hand, action: str, i: int) -> None:
    text = action.split("#", 1)[0].strip()
    parts = text.split()
    if not parts:
        raise PHHError(f"action {i}: empty action", i)
    n = h.n
    if parts[0] == "d":
        if len(parts) >= 3 and parts[1] == "dh":
            p = _player(parts[2], n, i)
            cards = parts[3] if len(parts) > 3 else None
            h.deal_hole(p, None if cards is None or set(cards) == {"?"} else cards)
            return
        if len(parts) == 3 and parts[1] == "db":
            h.deal_board(parts[2])
            return
        raise PHHError(f"action {i}: unsupported dealing action {text!r} for hold'em", i)
    p = _player(parts[0], n, i)
    if len(parts) < 2:
        raise PHHError(f"action {i}: missing verb in {text!r}", i)
    verb = parts[1]
    if verb == "f":
        h.fold(p)
    elif verb == "cc":
        h.check_call(p)
    elif verb == "cbr":
        if len(parts) != 3:
            raise PHHError(f"action {i}: cbr needs one amount", i)
        try:
            amount = _int(json.loads(parts[2]), f"action {i}")
        except json.JSONDecodeError:
            raise PHHError(f"action {i}: not an amount: {parts[2]!r}", i) from None
        h.raise_to(amount, p)
    elif verb == "sm":
        cards = parts[2] if len(parts) > 2 else None
        if h.shown[p]:
            # Already tabled (IFP 43 all-in hands are face up): the cards must be the same.
            if cards is not None and "?" not in cards and None not in (h.holes[p] or (None,)):
                known = sorted(h.holes[p])
                given = sorted(int(c) for c in _cards(cards))
                if known != given:
                    raise PHHError(f"action {i}: p{p + 1} shows {cards} but holds "
                                   f"{''.join(str(CARDS[c]) for c in h.holes[p])}", i)
            return
        if cards is None or "?" in cards:
            h.muck(p)
        else:
            h.show(p, cards)
    else:
        raise PHHError(f"action {i}: unsupported action {text!r} for hold'em", i)


def _cards(text: str):
    from ..cards import parse_cards
    return parse_cards(text)


# Actions written plainly, by their text: (verb, player index or -1, argument). Hands share
# most of their actions' texts ("p3 f", "d dh p1 AsKd", "p5 cbr 225").
_FOLD, _CHECK_CALL, _RAISE_TO, _DEAL_HOLE, _DEAL_BOARD = range(5)
_PLAIN: dict[str, tuple[int, int, Any]] = {}


def _plain_action(action: str) -> tuple[int, int, Any] | None:
    """An action applied directly, or ``None`` for :func:`_apply` to read: ``pN f``,
    ``pN cc``, ``pN cbr AMOUNT`` (decimal digits), ``d dh pN CARDS`` (known cards) and
    ``d db CARDS``, each as _apply reads it (a test checks)."""
    parts = (action.split("#", 1)[0] if "#" in action else action).split()
    k = len(parts)
    if k < 2:
        return None
    if parts[0] == "d":
        if k == 4 and parts[1] == "dh":
            p = _plain_player(parts[2])
            return None if p < 0 or "?" in parts[3] else (_DEAL_HOLE, p, parts[3])
        if k == 3 and parts[1] == "db":
            return _DEAL_BOARD, -1, parts[2]
        return None
    p = _plain_player(parts[0])
    if p < 0:
        return None
    verb = parts[1]
    if verb == "f":
        return _FOLD, p, None
    if verb == "cc":
        return _CHECK_CALL, p, None
    if verb == "cbr" and k == 3:
        amount = parts[2]
        if amount.isdigit() and amount.isascii() and (amount[0] != "0" or len(amount) == 1):
            return _RAISE_TO, p, int(amount)
    return None


def _plain_player(token: str) -> int:
    """The index of ``pN`` written plainly (N from 1, no leading zero), else -1."""
    digits = token[1:]
    if token[:1] == "p" and digits.isdigit() and digits.isascii() and digits[0] != "0":
        return int(digits) - 1
    return -1


def replay(data: dict[str, Any], rules: RuleSet | str | None = None) -> Any:
    """Replay a PHH hand from ``starting_stacks`` and ``actions`` alone; the hand is complete.

    Refusals are :class:`PHHError` with ``action`` set to the index at fault (the number of
    actions when the history stops before the hand is over).
    """
    if not isinstance(data, dict):
        raise PHHError(f"a PHH hand is a table of fields, not {type(data).__name__}")
    variant = data.get("variant")
    if isinstance(variant, str) and variant not in SUPPORTED_VARIANTS:
        from .phh_mixed import is_mixed, replay_mixed
        if is_mixed(data.get("variant")):
            return replay_mixed(data, rules)       # Omaha, stud, razz, draw (phh_mixed)
    h = hand_from_phh(data, rules)
    actions = data["actions"]
    if not isinstance(actions, list):
        raise PHHError("actions: expected a list of strings")
    n = h.n
    plain = _PLAIN
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise PHHError(f"action {i}: not a string", i)
        try:
            # Actions written plainly are applied here; any other spelling, or a player
            # beyond this hand's, goes through _apply, which reads every action (the same
            # engine calls: the same results and refusals).
            op = plain.get(a)
            if op is None:
                op = _plain_action(a)
                if op is not None:
                    if len(plain) >= 65536:
                        plain.clear()
                    plain[a] = op
            if op is not None and op[1] < n:
                verb, p, arg = op
                if verb == _FOLD:
                    h.fold(p)
                elif verb == _CHECK_CALL:
                    h.check_call(p)
                elif verb == _RAISE_TO:
                    h.raise_to(arg, p)
                elif verb == _DEAL_HOLE:
                    h.deal_hole(p, arg)
                else:
                    h.deal_board(arg)
            else:
                _apply(h, a, i)
        except IllegalAction as e:
            raise refusal(a, i, e, h.actor if h.phase == BETTING else -1) from e
        except PHHError:
            raise
        except ValueError as e:
            raise PHHError(f"action {i} ({a.strip()}): {e}", i) from e
    try:
        h.finish_showdown()                     # hands not shown or mucked: cards speak (IFP 48)
    except IllegalAction as e:
        raise PHHError(f"showdown: {file_numbers(str(e))}", len(actions)) from e
    if not h.done:
        raise PHHError(f"the history stops before the hand is over ({h.legal_actions().describe()})",
                       len(actions))
    return h


def stacks_match(engine: Sequence[int], recorded: Sequence[int | float]) -> bool:
    """The engine's stacks against recorded ones. A recorded fractional stack (a half chip
    of a split pot) may differ by one chip, since the engine gives the odd chip by the rules
    (IFP 50); the totals must agree exactly."""
    if len(engine) != len(recorded):
        return False
    for e, r in zip(engine, recorded):
        if isinstance(r, bool) or not isinstance(r, (int, float)):
            return False
        if r == int(r):
            if e != int(r):
                return False
        elif abs(e - r) > 1:
            return False
    return abs(sum(engine) - sum(recorded)) < 1e-6


def replay_file(path: str | Path, rules: RuleSet | str | None = None, check: bool = False) -> ReplayResult:
    p = str(path)
    try:
        data = load(path)
        h = replay(data, rules)
    except PHHError as e:
        return ReplayResult(p, False, error=str(e), action=e.action)
    except OSError as e:
        return ReplayResult(p, False, error=f"cannot read: {e}")
    stacks = list(h.stacks)
    if check:
        rec = data.get("finishing_stacks")
        if rec is None:
            return ReplayResult(p, True, finishing_stacks=stacks,
                                unchecked="the file records no finishing_stacks: replayed, not checked")
        if not stacks_match(stacks, rec):
            return ReplayResult(p, False, error=f"finishing stacks {stacks} differ from the recorded {rec}",
                                action=len(data["actions"]))
    return ReplayResult(p, True, finishing_stacks=stacks)


# ---------------------------------------------------------------------------- writing

def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    raise ValueError(f"cannot write {v!r} as PHH")


_FIELD_ORDER = ("variant", "ante_trimming_status", "antes", "blinds_or_straddles", "small_bet",
                "big_bet", "min_bet", "starting_stacks", "actions")


def dumps(data: dict[str, Any]) -> str:
    """PHH text for a dictionary of PHH fields (required fields first)."""
    keys = [k for k in _FIELD_ORDER if k in data] + [k for k in data if k not in _FIELD_ORDER]
    return "".join(f"{k} = {_toml_value(data[k])}\n" for k in keys)


def table_fields(rules_name: str, chip_unit: int) -> dict[str, Any]:
    """The user-defined fields a hand needs to replay as it was played (:func:`table_options`
    reads them): the rules preset when not the default, the smallest chip when above 1."""
    out: dict[str, Any] = {}
    if rules_name in PRESETS and rules_name != DEFAULT_PRESET:
        out["_rules"] = rules_name
    if chip_unit > 1:
        out["_chip_unit"] = chip_unit
    return out


def export_hand(hand: Hand, **extra: Any) -> dict[str, Any]:
    """The PHH fields of a hand played by the engine (``NT`` or ``FT``)."""
    from ..engine.hand import POT_LIMIT
    if hand.structure == POT_LIMIT:
        raise PHHError("unsupported variant: pot-limit hold'em has no PHH variant code here")
    t = hand.t
    n = hand.n
    variant = "FT" if hand.structure == FIXED_LIMIT else "NT"
    antes = list(t.ante_list)
    if t.bb_ante:
        antes[t.bb_player] += t.bb_ante
    blinds = list(t.blinds)
    if n == 2:
        blinds = blinds[::-1]
    data: dict[str, Any] = {"variant": variant, "ante_trimming_status": not t.bb_ante,
                            "antes": antes, "blinds_or_straddles": blinds}
    if variant == "FT":
        data["small_bet"] = t.small_bet
        data["big_bet"] = t.big_bet
    else:
        data["min_bet"] = t.min_bet
    data["starting_stacks"] = list(hand.starting)
    data.update(table_fields(hand.rules.name, t.chip_unit))
    actions: list[str] = []
    for e in hand.events():
        ty = e["type"]
        if ty == "dealt":
            cards = "".join(c or "??" for c in e["cards"]) if e["cards"] else "????"
            actions.append(f"d dh p{e['player'] + 1} {cards}")
        elif ty == "board":
            actions.append(f"d db {''.join(e['cards'])}")
        elif ty == "acted":
            p = f"p{e['player'] + 1}"
            a = e["action"]
            actions.append(f"{p} f" if a == "fold" else f"{p} cc" if a in ("check", "call")
                           else f"{p} cbr {e['to']}")
        elif ty == "shown":
            cards = "".join(c or "??" for c in e["cards"])
            actions.append(f"p{e['player'] + 1} sm {cards}")
        elif ty == "mucked":
            actions.append(f"p{e['player'] + 1} sm")
        elif ty in ("voided", "irregularity", "dead"):
            what = (f"was void ({e['cause']}, {e['rule']})" if ty == "voided" else
                    f"had player {e['player'] + 1}'s hand made dead ({e['rule']})" if ty == "dead"
                    else f"had an irregularity ruled ({e['situation']}, {e['rule']})")
            raise PHHError(f"the hand {what}: PHH has no action for the floor's rulings, so the "
                           "file could not replay it")
        elif ty == "killed":
            raise PHHError(f"player {e['player'] + 1}'s hand was killed by the dealer ({e['rule']}): "
                           "PHH has no action for a killed hand, so the file could not replay it")
    data["actions"] = actions
    if hand.done:
        data["finishing_stacks"] = list(hand.stacks)
    data.update(extra)
    return data
