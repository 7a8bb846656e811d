"""The command line starts light: the root group lists its commands from a table and imports
a command's module only when it runs, and a short command loads none of the heavy libraries
(NumPy, Numba, SQLAlchemy, Alembic, matplotlib) it does not use (issue 8: every command
answers at once). Imports are checked in a fresh interpreter, not timed."""

from __future__ import annotations

import importlib.metadata
import json
import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.cli.app import COMMANDS, load_command

runner = CliRunner()

HEAVY = ("numpy", "numba", "sqlalchemy", "alembic", "matplotlib")

PROBE = """
import json, sys
from pokertd.cli import app
try:
    app(sys.argv[1:], prog_name="pokertd")
except SystemExit:
    pass
mods = sorted(m for m in sys.modules if m.split(".")[0] in {heavy!r} or m.startswith("pokertd.cli."))
sys.__stdout__.write("\\nMODULES " + json.dumps(mods) + "\\n")
"""


def loaded_modules(*args: str) -> list[str]:
    """The heavy libraries and CLI modules that ``pokertd ARGS`` imported, in a new process."""
    proc = subprocess.run([sys.executable, "-c", PROBE.format(heavy=set(HEAVY)), *args],
                          capture_output=True, text=True, timeout=120)
    line = [x for x in proc.stdout.splitlines() if x.startswith("MODULES ")]
    assert line, (proc.stdout, proc.stderr)
    return json.loads(line[-1][len("MODULES "):])


def heavy(mods: list[str]) -> set[str]:
    return {m.split(".")[0] for m in mods if m.split(".")[0] in HEAVY}


def test_every_listed_command_exists_with_the_help_listed():
    for name, (module, help_line) in COMMANDS.items():
        command = load_command(name, module)
        assert command.name == name
        if isinstance(command, typer.core.TyperGroup):
            assert command.list_commands(None), f"{name} has no subcommands"
        else:
            first = (command.help or "").strip().split("\n\n")[0].replace("\n", " ")
            assert first == help_line, f"{name}: listed {help_line!r}, its own help says {first!r}"


def test_help_lists_every_command_without_importing_them():
    result = runner.invoke(app, ["--help"], terminal_width=200)
    assert result.exit_code == 0
    for name in COMMANDS:
        assert name in result.output
    mods = loaded_modules("--help")
    assert heavy(mods) == set()
    assert mods == ["pokertd.cli.app"], mods


def test_version_prints_the_installed_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.strip() == f"pokertd {importlib.metadata.version('pokertd')}"
    assert heavy(loaded_modules("--version")) == set()


def test_an_unknown_command_is_a_usage_error():
    result = runner.invoke(app, ["nosuch"])
    assert result.exit_code == 2
    assert "No such command 'nosuch'" in result.output


@pytest.mark.parametrize("args", [
    ["payouts", "--entrants", "27", "--pool", "540", "--format", "json"],
    ["payouts", "--entrants", "27", "--pool", "540"],
    ["phh", "--help"],
    ["tournament", "--help"],
    ["league", "--help"],
])
def test_a_short_command_loads_only_its_own_module(args):
    mods = loaded_modules(*args)
    assert heavy(mods) == set(), mods
    cli = {m for m in mods if m.startswith("pokertd.cli.")} - {"pokertd.cli.app", "pokertd.cli.output"}
    assert cli == {f"pokertd.cli.{COMMANDS[args[0]][0]}"}, cli


def test_a_group_builds_only_the_subcommand_that_runs():
    whole = load_command("tournament", "live")
    assert {"moves", "status", "bust", "undo"} <= set(whole.list_commands(None))
    alone = load_command("tournament", "live", "moves")
    assert alone.list_commands(None) == ["moves"]
    # A word that is no subcommand builds the whole group, so that its error lists the rest.
    assert load_command("tournament", "live", "--help").list_commands(None) == whole.list_commands(None)
    result = runner.invoke(app, ["tournament", "nosuch"])
    assert result.exit_code == 2 and "No such command 'nosuch'" in result.output
