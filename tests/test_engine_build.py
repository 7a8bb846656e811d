"""The hand engine runs compiled (mypyc, built by setup.py) or from its source: both must
deal the same cards and play the same hands, event for event."""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = r"""
import hashlib, json, random
import pokertd.engine as engine
from pokertd.engine import Hand
rng = random.Random(2026)
digest = hashlib.sha256()
for k in range(300):
    n = rng.randint(2, 10)
    stacks = [rng.randint(1, 3000) for _ in range(n)]
    h = Hand(stacks, (5, 10), rng=random.Random(k), ante=rng.choice([0, 1]),
             structure=rng.choice(["no-limit", "pot-limit", "fixed-limit"]),
             absent=[i for i in range(n) if rng.random() < 0.1])
    while not h.done:
        la = h.legal_actions()
        r = rng.random()
        if la.min_raise_to is not None and r < 0.3:
            h.raise_to(rng.randint(la.min_raise_to, la.max_raise_to))
        elif r < 0.8 or not la.call:
            h.check_call()
        else:
            h.fold()
    digest.update(json.dumps(h.events()).encode())
print(json.dumps({"compiled": engine.COMPILED, "digest": digest.hexdigest()}))
"""


def _run(pure: bool) -> dict:
    env = dict(os.environ)
    env.pop("POKERTD_PURE_PYTHON", None)
    if pure:
        env["POKERTD_PURE_PYTHON"] = "1"
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)


def test_compiled_and_source_engines_play_the_same_hands():
    source = _run(pure=True)
    assert source["compiled"] is False
    built = _run(pure=False)
    assert built["digest"] == source["digest"]
