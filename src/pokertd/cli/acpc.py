"""``pokertd acpc``: the ACPC match protocol (pokertd.acpc).

``pokertd acpc serve GAME.game --port P [--hands N] [--seed S] [--log FILE] [--phh DIR]``
deals a match of the game to the players that connect (in the order they connect), prints
``listening on HOST:PORT`` when it is ready and the ``SCORE`` line when the match is over.

``pokertd acpc play GAME.game HOST PORT [--bot STYLE] [--seed S]`` plays one of pokertd's bots
against any ACPC dealer and prints ``{"hands": N, "total": CHIPS}``.

Exit status: 0 the match was played, 1 it broke off (a player left or answered wrongly), 2 a
bad game file or option.
"""

# No `from __future__ import annotations`: Typer reads each parameter's annotation.
import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from .app import app, fail

acpc_app = typer.Typer(name="acpc", help="The ACPC match protocol: deal a match to bots over "
                       "TCP, or connect a bot to a dealer.", no_args_is_help=True)
app.add_typer(acpc_app, name="acpc")


def _game(path: Path):  # type: ignore[no-untyped-def]
    from ..acpc.hand import engine_options
    from ..formats.acpc import ACPCError, load_gamedef
    try:
        g = load_gamedef(path)
        engine_options(g)
    except ACPCError as e:
        raise fail(str(e) if str(e).startswith(str(path)) else f"{path}: {e}") from None
    return g


@acpc_app.command("serve")
def serve_cmd(
    game: Annotated[Path, typer.Argument(help="The ACPC game definition file.")],
    port: Annotated[int, typer.Option(min=0, max=65535, help="TCP port (0: any free port).")],
    hands: Annotated[int, typer.Option(min=1, help="Hands in the match.")] = 1000,
    seed: Annotated[Optional[int], typer.Option(min=0, help="Seed of the deals (default: a random one, logged).")] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    names: Annotated[Optional[str], typer.Option(help="The seats' names, comma separated (default p1,p2,...).")] = None,
    log: Annotated[Optional[Path], typer.Option(help="Write the ACPC log (STATE and SCORE lines) here.")] = None,
    phh: Annotated[Optional[Path], typer.Option(help="Write every hand as PHH into this folder.")] = None,
    timeout: Annotated[float, typer.Option(min=0.1, help="Seconds a player may take to answer.")] = 60.0,
) -> None:
    """Deal a match of an ACPC game to the players that connect (protocol 2.0.0)."""
    from ..acpc.server import MatchError, serve

    g = _game(game)
    seat_names = names.split(",") if names else None
    if seat_names is not None and (len(seat_names) != g.players or not all(seat_names)):
        raise fail(f"--names {names!r}: give {g.players} names, comma separated")
    if phh is not None:
        try:
            phh.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise fail(f"--phh {phh}: cannot create the folder ({e.strerror})") from None

    def ready(p: int) -> None:
        typer.echo(f"listening on {host}:{p}")

    try:
        out = log.open("w", encoding="utf-8") if log else None
    except OSError as e:
        raise fail(f"--log {log}: cannot write it ({e.strerror})") from None
    try:
        result = serve(g, port, hands, seed, host=host, on_listening=ready, names=seat_names,
                       game_name=game.name, log=out, phh_dir=phh, timeout=timeout)
    except MatchError as e:
        raise fail(f"the match broke off: {e}", 1) from None
    except OSError as e:
        raise fail(f"cannot listen on {host}:{port} ({e.strerror or e})", 1) from None
    finally:
        if out is not None:
            out.close()
    typer.echo(result.lines[-1])


@acpc_app.command("play")
def play_cmd(
    game: Annotated[Path, typer.Argument(help="The ACPC game definition file the dealer plays.")],
    host: Annotated[str, typer.Argument(help="The dealer's address.")],
    port: Annotated[int, typer.Argument(min=1, max=65535, help="The dealer's port.")],
    bot: Annotated[str, typer.Option(help="sensible, tight, loose or random.")] = "sensible",
    seed: Annotated[int, typer.Option(help="The bot's seed.")] = 0,
    timeout: Annotated[float, typer.Option(min=0.1, help="Seconds to wait for the dealer.")] = 60.0,
) -> None:
    """Play one of pokertd's bots against an ACPC dealer until the match ends."""
    from ..acpc.client import play
    from ..bots.players import STYLES, make_bot
    from ..formats.acpc import ACPCError

    g = _game(game)
    if bot not in STYLES and bot != "random":
        raise fail(f"--bot {bot!r}: one of {', '.join([*STYLES, 'random'])}")
    try:
        result = play(g, host, port, make_bot(bot, seed), timeout=timeout)
    except ACPCError as e:
        raise fail(f"the dealer sent what this game cannot be: {e}", 1) from None
    except OSError as e:
        raise fail(f"{host}:{port}: {e.strerror or e}", 1) from None
    typer.echo(json.dumps({"hands": result.hands, "total": result.total}))
