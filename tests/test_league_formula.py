"""The points formula language: presets, operators, functions, and errors with positions."""

from __future__ import annotations

import math

import pytest

from pokertd.league.formula import PRESETS, Formula, FormulaError, parse, preset


def test_gananda_points_formula_preset_is_neaus_formula_times_ten() -> None:
    """Gananda: Points (Scoring): score = sqrt(a * b) / (c + 1) * 10, a the buy-in count, b the
    player's buy-in expense, c the finish; with e = b it is 10 * sqrt(n * b) / (f + 1)."""
    assert PRESETS["gananda"] == "10 * sqrt(n * b * b / e) / (f + 1)"
    gananda = preset("gananda")
    for n in (10, 20, 30):
        for f in range(1, n + 1):
            assert gananda.evaluate(n=n, b=25, e=25, f=f) == pytest.approx(10 * math.sqrt(n * 25) / (f + 1))
    # A player who paid twice as much (a rebuy) scores sqrt(1/2) as much.
    assert gananda.evaluate(n=10, b=25, e=50, f=1) == pytest.approx(10 * math.sqrt(10 * 25 / 2) / 2)


def test_other_presets() -> None:
    assert preset("linear").evaluate(n=10, f=1) == 10
    assert preset("linear").evaluate(n=10, f=10) == 1
    assert preset("square-root").evaluate(n=16, f=4) == pytest.approx(20)
    assert preset("logarithmic").evaluate(n=9, f=1) == pytest.approx(10)
    assert [preset("fixed-list").evaluate(f=f) for f in (1, 2, 7, 8)] == [10, 7, 1, 0]
    with pytest.raises(ValueError, match="no formula preset named 'nope'"):
        preset("nope")


@pytest.mark.parametrize(("text", "value"), [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("2 ^ 3 ^ 2", 512), ("2 ** 3", 8), ("-2 ^ 2", -4),
    ("10 / 4", 2.5), ("7 - 2 - 1", 4), ("+3", 3), ("1.5e1", 15), (".5", 0.5),
    ("3 < 4", 1), ("3 >= 4", 0), ("2 == 2", 1), ("2 != 2", 0), ("1 + 1 < 3", 1),
    ("sqrt(16)", 4), ("log(100)", 2), ("log(8, 2)", 3), ("ln(exp(2))", 2),
    ("min(3, 1, 2)", 1), ("max(3, 1, 2)", 3), ("round(2.5)", 3), ("round(-2.5)", -3),
    ("round(1.2345, 2)", 1.23), ("floor(2.7)", 2), ("ceil(2.1)", 3), ("abs(-4)", 4),
    ("if(f <= 3, 10, 0)", 10), ("if(f > 3, 10, 0)", 0),
])
def test_operators_and_functions(text: str, value: float) -> None:
    assert parse(text).evaluate(n=10, b=25, e=25, f=2, k=1, p=100) == pytest.approx(value)


def test_variables() -> None:
    assert parse("n + b + e + f + k + p").evaluate(n=1, b=2, e=3, f=4, k=5, p=6) == 21


def test_if_evaluates_only_the_chosen_branch() -> None:
    assert parse("if(f == 1, 0, 10 / (f - 1))").evaluate(f=1) == 0


def test_list_lookup_index_base_is_explicit_and_out_of_range_is_zero() -> None:
    assert [parse("list(f, 1, 10, 7, 5)").evaluate(f=f) for f in (0, 1, 2, 3, 4)] == [0, 10, 7, 5, 0]
    assert [parse("list(f, 0, 10, 7, 5)").evaluate(f=f) for f in (0, 1, 2, 3)] == [10, 7, 5, 0]
    with pytest.raises(FormulaError, match="position 1: list\\(\\) index and base must be whole"):
        parse("list(f / 2, 1, 10, 7)").evaluate(f=3)


@pytest.mark.parametrize(("text", "message"), [
    ("10 * sqr(n)", "position 6: unknown function 'sqr'"),
    ("(n + 1", "position 7: expected ')', found the end of the formula"),
    ("sqrt(n", "position 7: expected ')'"),
    ("n + x", "position 5: unknown variable 'x'"),
    ("n +", "position 4: unexpected end of the formula"),
    ("n n", "position 3: expected an operator or the end of the formula, found 'n'"),
    ("n $ 2", "position 3: unexpected character '$'"),
    ("sqrt", "position 5: expected '(' after the function 'sqrt'"),
    ("sqrt(1, 2)", "position 1: sqrt() takes 1 arguments, got 2"),
    ("if(1, 2)", "position 1: if() takes 3 arguments, got 2"),
    ("list(f, 1)", "position 1: list() takes at least 3 arguments, got 2"),
    ("", "position 1: the formula is empty"),
    ("* 2", "position 1: unexpected '*'"),
])
def test_parse_errors_name_position_and_problem(text: str, message: str) -> None:
    with pytest.raises(FormulaError) as refused:
        parse(text)
    assert str(refused.value).startswith(message)


@pytest.mark.parametrize("text", [
    "__import__('os')", "__import__('os').system('true')", "open('x')", "n.__class__",
    "[1, 2]", "lambda: 1", "eval('1')", "exec", "'text'",
])
def test_no_eval_python_is_refused_as_a_syntax_error(text: str) -> None:
    with pytest.raises(FormulaError, match="^position \\d+: "):
        parse(text)


@pytest.mark.parametrize(("text", "message"), [
    ("n / (f - 1)", "position 3: division by zero \\(with n=10, b=25, e=25, f=1, k=0, p=0\\)"),
    ("sqrt(n - 20)", "position 1: square root of a negative number \\(-10\\) \\(with n=10, b=25, e=25, f=1"),
    ("log(f - 1)", "position 1: logarithm of a number that is not positive \\(0\\)"),
    ("0 ^ -1", "position 3: zero to a negative power"),
    ("(-8) ^ 0.5", "position 6: a negative number \\(-8\\) to a fractional power"),
])
def test_evaluation_errors_name_position_and_variable_values(text: str, message: str) -> None:
    formula = parse(text)
    with pytest.raises(FormulaError, match=f"^{message}"):
        formula.evaluate(n=10, b=25, e=25, f=1)


def test_unknown_variable_given_to_evaluate_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown formula variables: z"):
        Formula("n").evaluate(z=1)


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    with pytest.raises(FormulaError, match="^position 101: the formula nests more than 100 deep"):
        parse("(" * 5000 + "1" + ")" * 5000)
    with pytest.raises(FormulaError, match="nests more than 100 deep"):
        parse("-" * 5000 + "1")
    with pytest.raises(FormulaError, match="^position 1: the formula has more than 200 operations in a chain"):
        parse("+".join(["1"] * 5000))
    assert parse("+".join(["1"] * 150)).evaluate() == 150
    assert parse("(" * 50 + "2" + ")" * 50).evaluate() == 2
