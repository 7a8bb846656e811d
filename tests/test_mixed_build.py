"""The mixed games' hand runs compiled (engine/mixed_hand.py built by mypyc in setup.py) or from
its source: built, from source (POKERTD_PURE_PYTHON=1) and with a stale build (the source
edited after the build) it must deal the same cards and play the same hands, event for event,
in every game (badugi and short deck among them)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pokertd
from pokertd import _compiled

SCRIPT = r"""
import hashlib, json, random
from pokertd.engine import mixed
from pokertd.engine.mixed import MixedHand
rng = random.Random(2026)
digest = hashlib.sha256()
for k in range(240):
    variant = ["PO", "FO/8", "NO", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "NT", "FB", "NS"][k % 11]
    stud = variant[1:] in ("7S", "7S/8", "R")
    n = rng.randint(2, 8 if stud else 6)
    stacks = [rng.randint(1, 3000) for _ in range(n)]
    kw = (dict(antes=2, bring_in=5, small_bet=10, big_bet=20) if stud else
          dict(blinds=[0] * (n - 1) + [10], antes=2, min_bet=10) if variant == "NS" else
          dict(blinds=[5, 10] + [0] * (n - 2), small_bet=10, big_bet=20, min_bet=10))
    h = MixedHand(variant, stacks, rng=random.Random(k), rules=["ifp-2012", "tda-2024", "wpa"][k % 3], **kw)
    while not h.done:
        la = h.legal_actions()
        r = rng.random()
        if la["phase"] == "drawing":
            h.discard([c for c in h.holes[la["player"]] if rng.random() < 0.4])
        elif la["bring_in"]:
            h.post_bring_in() if r < 0.6 or la["min_raise_to"] is None else h.raise_to(la["min_raise_to"])
        elif la["min_raise_to"] is not None and r < 0.3:
            h.raise_to(rng.randint(la["min_raise_to"], la["max_raise_to"]))
        elif r < 0.85 or la["check"]:
            h.check_call()
        else:
            h.fold()
    events = h.events()
    assert MixedHand.replay(events).stacks == h.stacks
    digest.update(json.dumps(events).encode())
# A history with unknown cards ("??") drawn: the Wikipedia badugi hand.
from pokertd.formats.phh import load
from pokertd.formats.phh_mixed import replay_mixed
digest.update(json.dumps(replay_mixed(load(BADUGI_FILE)).events()).encode())
print(json.dumps({"compiled": mixed.COMPILED, "digest": digest.hexdigest()}))
""".replace("BADUGI_FILE", repr(str(Path(__file__).parent / "data" / "phh" / "televised"
                                     / "alice-carol-wikipedia.phh")))


def _run(pure: bool = False, path: str | None = None) -> dict:
    env = dict(os.environ)
    env.pop("POKERTD_PURE_PYTHON", None)
    if pure:
        env["POKERTD_PURE_PYTHON"] = "1"
    if path is not None:
        env["PYTHONPATH"] = path
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def test_compiled_source_and_stale_mixed_hands_play_the_same_hands(tmp_path: Path):
    built = _run()
    source = _run(pure=True)
    assert source["compiled"] is False
    assert built["compiled"] is _compiled.current_build("pokertd.engine.mixed_hand")
    assert built["digest"] == source["digest"]
    # A copy of the package whose mixed_hand.py is newer than its build: the source runs.
    package = Path(pokertd.__file__).parent
    copy = tmp_path / "pokertd"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    later = time.time() + 60
    os.utime(copy / "engine" / "mixed_hand.py", (later, later))
    stale = _run(path=str(tmp_path))
    assert stale["compiled"] is False
    assert stale["digest"] == source["digest"]
