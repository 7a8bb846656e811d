"""League points formulas: a small, safe expression language (no Python eval, exec or compile).

A formula is text, tokenized and parsed (Pratt / precedence climbing) into a tree of tuples,
then evaluated by walking the tree. Nothing in a formula can reach Python: only the variables
and functions listed here exist.

Variables (one player in one event):

* ``n`` entrants in the event, ``b`` the event's buy-in,
* ``e`` the player's total cost in the event (buy-ins, rebuys, add-ons),
* ``f`` the player's finish (1 = first), ``k`` the player's knockouts, ``p`` the player's prize.

Operators, loosest first: comparisons ``< <= > >= == !=`` (1 when true, 0 when false); ``+ -``;
``* /``; unary ``-`` and ``+``; ``^`` or ``**`` (power, right-associative, so ``-2^2`` is -4
and ``2^3^2`` is 512). Parentheses group.

Functions: ``sqrt(x)``, ``log(x)`` (base 10) or ``log(x, base)``, ``ln(x)``, ``exp(x)``,
``min(a, b, ...)``, ``max(a, b, ...)``, ``round(x)`` or ``round(x, digits)`` (half away from
zero), ``floor(x)``, ``ceil(x)``, ``abs(x)``, ``if(cond, a, b)`` (a when cond is not 0, else b;
only the chosen branch is evaluated) and the fixed-list lookup ``list(index, base, v1, v2, ...)``:
``base`` is the index of ``v1`` (``list(f, 1, 10, 7, 5)`` gives 10 for first place, 7 for second,
5 for third); an index outside the list gives 0; a non-whole index is an error.

Errors are :class:`FormulaError` and name the (1-based) character position and the problem:
``position 7: unknown function 'sqr'``, ``position 3: expected ')'``. Evaluation errors (division
by zero, the square root or logarithm of a bad number) also give the variables' values.

Presets are data, in ``formulas.toml`` beside this module (:data:`PRESETS`): ``gananda``
(Gananda: Points, Dr. Neau's formula times 10: ``10 * sqrt(n * b * b / e) / (f + 1)``),
``linear``, ``square-root``, ``logarithmic`` and the fixed lists ``fixed-list`` and
``fixed-list-10``.

Points are floats; round them (to 2 decimals) only for display.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from pokertd.records import Record, record

__all__ = ["ABOUT", "FUNCTIONS", "Formula", "FormulaError", "PRESETS", "VARIABLES", "parse", "preset"]

VARIABLES = ("n", "b", "e", "f", "k", "p")

# name -> (minimum arguments, maximum arguments or None for any number)
FUNCTIONS: dict[str, tuple[int, int | None]] = {
    "sqrt": (1, 1), "log": (1, 2), "ln": (1, 1), "exp": (1, 1),
    "min": (1, None), "max": (1, None), "round": (1, 2), "floor": (1, 1), "ceil": (1, 1),
    "abs": (1, 1), "if": (3, 3), "list": (3, None),
}

PRESETS_FILE = "formulas.toml"
"""The formula presets, shipped as data in ``pokertd/league/formulas.toml``: one table per name
with ``formula`` (the text) and ``about`` (one line for people)."""


def _load_presets() -> tuple[dict[str, str], dict[str, str]]:
    import tomllib
    from pathlib import Path

    data = tomllib.loads((Path(__file__).resolve().parent / PRESETS_FILE).read_text(encoding="utf-8"))
    formulas: dict[str, str] = {}
    about: dict[str, str] = {}
    for name, entry in data.items():
        if not isinstance(entry, dict) or set(entry) != {"formula", "about"}:
            raise ValueError(f"{PRESETS_FILE}: [{name}] must have exactly formula and about")
        try:
            Formula(entry["formula"])
        except FormulaError as exc:
            raise ValueError(f"{PRESETS_FILE}: [{name}] formula {entry['formula']!r}: {exc}") from None
        formulas[name], about[name] = entry["formula"], entry["about"]
    return formulas, about


class FormulaError(ValueError):
    """A formula that cannot be parsed or evaluated; the message names the position and problem."""

    def __init__(self, position: int, problem: str) -> None:
        super().__init__(f"position {position}: {problem}")
        self.position = position
        self.problem = problem


# --------------------------------------------------------------------------- tokens

_OPERATORS = ("**", "<=", ">=", "==", "!=", "+", "-", "*", "/", "^", "<", ">", "(", ")", ",")


@record
class _Token(Record):
    kind: str  # "num", "name", "op", "end"
    text: str
    pos: int  # 1-based
    value: float = 0.0


# ASCII digits only: str.isdigit() is true of superscripts and other scripts' digits too,
# which float() refuses or reads otherwise.
_DIGITS = frozenset("0123456789")


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    i, size = 0, len(text)
    while i < size:
        c = text[i]
        if c in " \t\r\n":
            i += 1
            continue
        if c in _DIGITS or (c == "." and i + 1 < size and text[i + 1] in _DIGITS):
            j = i
            while j < size and text[j] in _DIGITS:
                j += 1
            if j < size and text[j] == ".":
                j += 1
                while j < size and text[j] in _DIGITS:
                    j += 1
            if j < size and text[j] in "eE" and j + 1 < size and (
                text[j + 1] in _DIGITS
                or (text[j + 1] in "+-" and j + 2 < size and text[j + 2] in _DIGITS)
            ):
                j += 2
                while j < size and text[j] in _DIGITS:
                    j += 1
            tokens.append(_Token("num", text[i:j], i + 1, float(text[i:j])))
            i = j
            continue
        if c.isascii() and c.isalpha():
            j = i
            while j < size and text[j].isascii() and text[j].isalnum():
                j += 1
            tokens.append(_Token("name", text[i:j], i + 1))
            i = j
            continue
        for op in _OPERATORS:
            if text.startswith(op, i):
                tokens.append(_Token("op", op, i + 1))
                i += len(op)
                break
        else:
            raise FormulaError(i + 1, f"unexpected character {c!r}")
    tokens.append(_Token("end", "", size + 1))
    return tokens


# --------------------------------------------------------------------------- parser

# Binding powers of the infix operators: (left, right); right < left is right-associative.
_INFIX = {
    "<": (10, 11), "<=": (10, 11), ">": (10, 11), ">=": (10, 11), "==": (10, 11), "!=": (10, 11),
    "+": (20, 21), "-": (20, 21),
    "*": (30, 31), "/": (30, 31),
    "^": (51, 50), "**": (51, 50),
}
_PREFIX_POWER = 40


MAX_DEPTH = 100
"""The deepest a formula may nest (parentheses, calls, operators): evaluation walks the tree by
recursion, so a deeper one is refused as an error instead of exhausting Python's stack."""


def _depth(tree: tuple) -> int:
    """The depth of a tree, without recursion."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, d = stack.pop()
        deepest = max(deepest, d)
        if node[0] == "neg":
            stack.append((node[1], d + 1))
        elif node[0] == "bin":
            stack.extend(((node[2], d + 1), (node[3], d + 1)))
        elif node[0] == "call":
            stack.extend((a, d + 1) for a in node[2])
    return deepest


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokenize(text)
        self.i = 0
        self.depth = 0

    def peek(self) -> _Token:
        return self.tokens[self.i]

    def next(self) -> _Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def expect(self, op: str) -> _Token:
        token = self.peek()
        if token.kind != "op" or token.text != op:
            raise FormulaError(token.pos, f"expected {op!r}" + _found(token))
        return self.next()

    def parse(self) -> tuple:
        tree = self.expression(0)
        token = self.peek()
        if token.kind != "end":
            raise FormulaError(token.pos, "expected an operator or the end of the formula" + _found(token))
        if _depth(tree) > 2 * MAX_DEPTH:
            raise FormulaError(1, f"the formula has more than {2 * MAX_DEPTH} operations in a chain")
        return tree

    def expression(self, min_power: int) -> tuple:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise FormulaError(self.peek().pos, f"the formula nests more than {MAX_DEPTH} deep")
        try:
            return self._expression(min_power)
        finally:
            self.depth -= 1

    def _expression(self, min_power: int) -> tuple:
        left = self.prefix()
        while True:
            token = self.peek()
            if token.kind != "op" or token.text not in _INFIX:
                return left
            lbp, rbp = _INFIX[token.text]
            if lbp < min_power:
                return left
            self.next()
            op = "^" if token.text == "**" else token.text
            left = ("bin", op, left, self.expression(rbp), token.pos)

    def prefix(self) -> tuple:
        token = self.next()
        if token.kind == "num":
            return ("num", token.value)
        if token.kind == "op" and token.text in ("-", "+"):
            operand = self.expression(_PREFIX_POWER)
            return ("neg", operand) if token.text == "-" else operand
        if token.kind == "op" and token.text == "(":
            inner = self.expression(0)
            self.expect(")")
            return inner
        if token.kind == "name":
            nxt = self.peek()
            if nxt.kind == "op" and nxt.text == "(":
                return self.call(token)
            if token.text in VARIABLES:
                return ("var", token.text)
            if token.text in FUNCTIONS:
                raise FormulaError(nxt.pos, f"expected '(' after the function {token.text!r}")
            raise FormulaError(token.pos, f"unknown variable {token.text!r} (variables: {', '.join(VARIABLES)})")
        if token.kind == "end":
            raise FormulaError(token.pos, "unexpected end of the formula")
        raise FormulaError(token.pos, f"unexpected {token.text!r}")

    def call(self, name: _Token) -> tuple:
        if name.text not in FUNCTIONS:
            raise FormulaError(name.pos, f"unknown function {name.text!r}")
        self.expect("(")
        args: list[tuple] = []
        if not (self.peek().kind == "op" and self.peek().text == ")"):
            args.append(self.expression(0))
            while self.peek().kind == "op" and self.peek().text == ",":
                self.next()
                args.append(self.expression(0))
        self.expect(")")
        low, high = FUNCTIONS[name.text]
        if len(args) < low or (high is not None and len(args) > high):
            wanted = f"{low}" if low == high else (f"at least {low}" if high is None else f"{low} to {high}")
            raise FormulaError(name.pos, f"{name.text}() takes {wanted} arguments, got {len(args)}")
        return ("call", name.text, tuple(args), name.pos)


def _found(token: _Token) -> str:
    return ", found the end of the formula" if token.kind == "end" else f", found {token.text!r}"


# --------------------------------------------------------------------------- evaluation


def _values(variables: Mapping[str, float]) -> str:
    return ", ".join(f"{v}={_num(variables[v])}" for v in VARIABLES if v in variables)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def _round_half_away(x: float, digits: int) -> float:
    scale = 10.0 ** digits
    return math.copysign(math.floor(abs(x) * scale + 0.5), x) / scale


class _Evaluator:
    def __init__(self, variables: Mapping[str, float]) -> None:
        self.vars = variables

    def fail(self, pos: int, problem: str) -> FormulaError:
        return FormulaError(pos, f"{problem} (with {_values(self.vars)})")

    def eval(self, node: tuple) -> float:
        kind = node[0]
        if kind == "num":
            return node[1]
        if kind == "var":
            return float(self.vars[node[1]])
        if kind == "neg":
            return -self.eval(node[1])
        if kind == "bin":
            return self.binary(node)
        return self.call(node)

    def binary(self, node: tuple) -> float:
        _, op, left, right, pos = node
        a, b = self.eval(left), self.eval(right)
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "/":
            if b == 0:
                raise self.fail(pos, "division by zero")
            return a / b
        if op == "^":
            if a == 0 and b < 0:
                raise self.fail(pos, "zero to a negative power")
            if a < 0 and not float(b).is_integer():
                raise self.fail(pos, f"a negative number ({_num(a)}) to a fractional power")
            try:
                return math.pow(a, b)
            except OverflowError:
                raise self.fail(pos, "the power is too large") from None
        return float({"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b,
                      "==": a == b, "!=": a != b}[op])

    def call(self, node: tuple) -> float:
        _, name, args, pos = node
        if name == "if":
            return self.eval(args[1]) if self.eval(args[0]) != 0 else self.eval(args[2])
        xs = [self.eval(a) for a in args]
        x = xs[0]
        if name == "sqrt":
            if x < 0:
                raise self.fail(pos, f"square root of a negative number ({_num(x)})")
            return math.sqrt(x)
        if name in ("log", "ln"):
            if x <= 0:
                raise self.fail(pos, f"logarithm of a number that is not positive ({_num(x)})")
            if name == "ln":
                return math.log(x)
            if len(xs) == 1:
                return math.log10(x)
            base = xs[1]
            if base <= 0 or base == 1:
                raise self.fail(pos, f"logarithm base must be positive and not 1, got {_num(base)}")
            return math.log(x) / math.log(base)
        if name == "exp":
            try:
                return math.exp(x)
            except OverflowError:
                raise self.fail(pos, f"exp({_num(x)}) is too large") from None
        if name == "min":
            return min(xs)
        if name == "max":
            return max(xs)
        if name == "round":
            digits = xs[1] if len(xs) == 2 else 0.0
            if not digits.is_integer():
                raise self.fail(pos, f"round() digits must be a whole number, got {_num(digits)}")
            return _round_half_away(x, int(digits))
        if name == "floor":
            return float(math.floor(x))
        if name == "ceil":
            return float(math.ceil(x))
        if name == "abs":
            return abs(x)
        # list(index, base, v1, v2, ...)
        index, base, values = xs[0], xs[1], xs[2:]
        if not index.is_integer() or not base.is_integer():
            raise self.fail(pos, f"list() index and base must be whole numbers, got {_num(index)} and {_num(base)}")
        at = int(index) - int(base)
        return values[at] if 0 <= at < len(values) else 0.0


@record
class Formula(Record):
    """A parsed points formula. ``Formula("10 * sqrt(n * b * b / e) / (f + 1)")``."""

    text: str
    tree: Any = None

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            raise TypeError(f"a formula is text, not {type(self.text).__name__}")
        if not self.text.strip():
            raise FormulaError(1, "the formula is empty")
        object.__setattr__(self, "tree", _Parser(self.text).parse())

    def evaluate(self, **variables: float) -> float:
        """The points for these variable values (``n, b, e, f, k, p``; missing ones are 0)."""
        unknown = sorted(set(variables) - set(VARIABLES))
        if unknown:
            raise ValueError(f"unknown formula variables: {', '.join(unknown)}")
        values = {v: float(variables.get(v, 0)) for v in VARIABLES}
        return _Evaluator(values).eval(self.tree)


PRESETS: dict[str, str]
"""Formula presets by name (gananda, linear, square-root, logarithmic, fixed-list, ...)."""
ABOUT: dict[str, str]
"""One line on each preset, by name."""


def __getattr__(name: str) -> Any:
    # PRESETS and ABOUT are read from formulas.toml when first used (a command that reads a
    # stored season needs neither, nor tomllib).
    if name in ("PRESETS", "ABOUT"):
        presets, about = _load_presets()
        globals().update(PRESETS=presets, ABOUT=about)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse(text: str) -> Formula:
    """The :class:`Formula` for ``text``; :class:`FormulaError` names the position and problem."""
    return Formula(text)


def preset(name: str) -> Formula:
    """A preset formula by name (the names of :data:`PRESETS`)."""
    presets: dict[str, str] = globals().get("PRESETS") or __getattr__("PRESETS")
    try:
        return Formula(presets[name])
    except KeyError:
        raise ValueError(f"no formula preset named {name!r} (presets: {', '.join(presets)})") from None
