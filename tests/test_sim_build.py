"""The bots and the dealt-tournament loop run compiled (mypyc, built by setup.py) or from
their sources: both must play the same tournaments, hand for hand, with the engine built or
not (each compiled module treats the others' objects as plain Python objects)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = r"""
import hashlib, json, sys
import pokertd._compiled as compiled
only_source = set(sys.argv[1:])
if only_source:                     # these modules from their sources, the rest as built
    built = compiled.current_build
    compiled.current_build = lambda name: False if name in only_source else built(name)
import pokertd.bots, pokertd.engine, pokertd.sim
from pokertd.sim import simulate
digest = hashlib.sha256()
for players, preset, bot, absent in ((60, "gananda", "sensible", 3), (45, "tda-2024", "random", 0),
                                     (33, "wpa", "sensible", 0)):
    r = simulate(players, preset=preset, seed=players, bot=bot, absent=absent, check=True)
    digest.update(json.dumps([r.hands, r.results]).encode())
print(json.dumps({"sim": compiled.is_compiled(pokertd.sim._run),
                  "bots": compiled.is_compiled(pokertd.bots._players),
                  "engine": pokertd.engine.COMPILED, "digest": digest.hexdigest()}))
"""


def _run(*args: str, pure: bool = False) -> dict:
    env = dict(os.environ)
    env.pop("POKERTD_PURE_PYTHON", None)
    if pure:
        env["POKERTD_PURE_PYTHON"] = "1"
    out = subprocess.run([sys.executable, "-c", SCRIPT, *args], env=env, capture_output=True,
                         text=True, check=True)
    return json.loads(out.stdout)


def test_compiled_and_source_bots_and_loop_play_the_same_tournaments():
    built = _run()
    sources = _run(pure=True)
    assert (sources["sim"], sources["bots"], sources["engine"]) == (False, False, False)
    assert built["digest"] == sources["digest"]
    # The loop and the bots from source beside the compiled engine, and the other way round.
    mixed = _run("pokertd.sim.run", "pokertd.bots.players")
    assert (mixed["sim"], mixed["bots"]) == (False, False)
    assert mixed["digest"] == built["digest"]
    engine_source = _run("pokertd.engine.hand")
    assert engine_source["engine"] is False
    assert engine_source["digest"] == built["digest"]
