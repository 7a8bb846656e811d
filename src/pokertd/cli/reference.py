"""The whole command line as one Click group, every command module loaded: what the
documentation site's command-line reference is generated from (``docs/cli.md``). The console
script itself never imports this (it loads a command's module only when the command runs)."""

from __future__ import annotations

import typer

from .app import COMMANDS, app, load_command

cli = typer.main.get_command(app)
# The root group loads each command when it is looked up; here every one is looked up once.
cli.commands = {name: load_command(name, module) for name, (module, _) in COMMANDS.items()}
