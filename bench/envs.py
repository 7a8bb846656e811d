"""pokertd.envs side by side with the poker environments researchers use today (issue 25).

    python bench/envs.py [--budget SECONDS] [--seed S] [--tables N] [--quick]

Heads-up and six-max no-limit hold'em, blinds 1/2, stacks of 100 big blinds, the same random
policy everywhere: at every decision an action drawn uniformly from the legal ones of the same
five-action set (fold, check/call, raise half the pot, raise the pot, all-in: RLCard's and
PettingZoo's own set, OpenSpiel's ``fchpa`` betting abstraction, ours with
``raise_fractions=(0.5, 1.0)``); each environment builds the observation of every decision (the
AEC environments' ``last()``, ours and PettingZoo's in the same loop; RLCard's state;
OpenSpiel's ``observation_tensor``) and a finished hand is followed by a reset. Rates are
decisions (steps) per second; the ratio is ours ÷ it, on medians, interleaved slices
(bench/_common.race). Issue 25's targets: the single environment 5x the fastest peer, the
vector environment 50x. Ours single twice: the PettingZoo AEC environment in PettingZoo's loop,
and HoldemTable through its own small API (reset, step, vector, mask), as OpenSpiel's state
is driven through its own. The last row, the ceiling, is no game at all: an AEC environment that
only does PettingZoo's bookkeeping, in the same loop with the same policy, so the most any AEC
environment could do here.

What each peer simplifies that ours does not (read in their sources: RLCard 1.2.0's
games/nolimitholdem and games/limitholdem/judger.py; the same random play is cheaper there):
RLCard (and PettingZoo's ``texas_holdem_no_limit``, a wrapper of it) has those five actions
only; its "pot" raise adds the pot before the call and its half-pot raise may fall short of
the minimum raise (it need only top the largest bet: no IFP 37 / TDA 43 minimum), any raise
reopens the betting (no IFP 37a / TDA 47 for a short all-in); heads-up the button posts the
big blind and the other player acts first on every street (IFP 18: the button posts the small
blind, acts first pre-flop and last after); the blinds are fixed at 1 and 2, no antes; an odd
chip goes to a random winner (IFP 50 / TDA 20: by position). It does split side pots.
OpenSpiel's ``universal_poker`` (ACPC's game definitions) has no antes, straddles, rule
presets or event log to replay a hand from.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
from _common import Contender, Result, console, print_rate_table, race  # noqa: E402

STACK_BB = 100


def _aec_steps(env, rng: random.Random, k: int) -> None:  # type: ignore[no-untyped-def]
    """k decisions of a PettingZoo AEC environment in PettingZoo's loop (``last``, then a step;
    a reset when the hand is over), the action drawn from the mask: the same code for ours,
    PettingZoo's and the ceiling. (``nonzero`` rather than ``np.flatnonzero``, a Python-level
    wrapper twice as slow here on a five-entry mask.)"""
    for _ in range(k):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.reset()
            obs, *_ = env.last()
        env.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))


class Ours:
    def __init__(self, n: int, seed: int) -> None:
        from pokertd.envs import PokerEnv
        self.env = PokerEnv(game="NT", n_players=n, blinds=(1, 2), stacks=2 * STACK_BB,
                            raise_fractions=(0.5, 1.0))
        self.env.reset(seed=seed)
        self.rng = random.Random(seed)

    def steps(self, k: int) -> None:
        _aec_steps(self.env, self.rng, k)


class OursTable:
    """HoldemTable, one table through its own API (no PettingZoo bookkeeping), as
    OpenSpiel's state is driven: the observation is built at every step, read here."""

    def __init__(self, n: int, seed: int) -> None:
        from pokertd.envs import HoldemTable
        self.table = HoldemTable(game="NT", n_players=n, blinds=(1, 2), stacks=2 * STACK_BB,
                                 raise_fractions=(0.5, 1.0))
        self.table.reset(seed)
        self.rng = random.Random(seed)

    def steps(self, k: int) -> None:
        t, rng = self.table, self.rng
        for _ in range(k):
            if t.player < 0:
                t.reset()
            t.vector  # noqa: B018 - the observation, as the others read theirs
            t.step(rng.choice(t.mask.nonzero()[0].tolist()))


class OursVector:
    def __init__(self, n: int, seed: int, tables: int) -> None:
        from pokertd.envs import VectorPokerEnv
        self.env = VectorPokerEnv(tables, game="NT", n_players=n, blinds=(1, 2),
                                  stacks=2 * STACK_BB, raise_fractions=(0.5, 1.0))
        self.obs, self.masks, _ = self.env.reset(seed=seed)
        self.rng = np.random.default_rng(seed)
        self.owed = 0          # steps done beyond those credited (a call steps every table)
        self.steps(tables)     # loads the compiled kernels before the race times anything

    def steps(self, k: int) -> None:
        env, rng = self.env, self.rng
        masks = self.masks
        calls, self.owed = divmod(k - self.owed, env.num_tables)
        if self.owed:
            calls += 1
            self.owed = env.num_tables - self.owed
        for _ in range(calls):
            acts = (rng.random(masks.shape) * masks).argmax(axis=1)
            _, masks, _, _, _ = env.step(acts)
        self.masks = masks


class RLCard:
    def __init__(self, n: int, seed: int) -> None:
        import rlcard
        self.env = rlcard.make("no-limit-holdem", config={"game_num_players": n, "seed": seed,
                                                          "chips_for_each": 2 * STACK_BB})
        self.state, _ = self.env.reset()
        self.rng = random.Random(seed)

    def steps(self, k: int) -> None:
        env, rng = self.env, self.rng
        for _ in range(k):
            if env.is_over():
                self.state, _ = env.reset()
            self.state, _ = env.step(rng.choice(list(self.state["legal_actions"])))


class PettingZoo:
    def __init__(self, n: int, seed: int) -> None:
        from pettingzoo.classic import texas_holdem_no_limit_v6
        self.env = texas_holdem_no_limit_v6.env(num_players=n)
        self.env.reset(seed=seed)
        self.rng = random.Random(seed)

    def steps(self, k: int) -> None:
        _aec_steps(self.env, self.rng, k)


class Ceiling:
    """No game at all: a PettingZoo AEC environment whose observation and mask are constant,
    its step PettingZoo's bookkeeping only, its hands as long as random play's here or longer
    (3 decisions heads-up, 9 six-max: fewer resets, a higher ceiling). The same loop on it
    gives the most any AEC environment could do here: what the loop, the policy and
    PettingZoo's API cost without a game behind them."""

    def __init__(self, n: int, seed: int) -> None:
        from gymnasium import spaces
        from pettingzoo import AECEnv

        length = 3 if n == 2 else 9

        class NoGame(AECEnv):
            metadata = {"name": "no_game"}

            def __init__(self) -> None:
                super().__init__()
                self.possible_agents = [f"player_{i}" for i in range(n)]
                self.vector = np.zeros(333, np.float32)
                self.mask = np.array([1, 1, 1, 0, 1], np.int8)
                self.k = 0

            def observation_space(self, agent: str) -> spaces.Space:
                return spaces.Box(0.0, 1.0, (333,), np.float32)

            def action_space(self, agent: str) -> spaces.Space:
                return spaces.Discrete(5)

            def reset(self, seed: int | None = None, options: dict | None = None) -> None:
                self.agents = self.possible_agents[:]
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
                self.terminations = dict.fromkeys(self.agents, False)
                self.truncations = dict.fromkeys(self.agents, False)
                self.infos = {a: {} for a in self.agents}
                self.k = 0
                self.agent_selection = self.agents[0]

            def observe(self, agent: str) -> dict:
                return {"observation": self.vector, "action_mask": self.mask}

            def step(self, action: int) -> None:
                a = self.agent_selection
                if self.terminations[a]:
                    self._was_dead_step(action)
                    return
                self._cumulative_rewards[a] = 0.0
                self.k += 1
                if self.k == length:
                    for x in self.agents:
                        self.terminations[x] = True
                    self._accumulate_rewards()
                self.agent_selection = self.possible_agents[self.k % n]

        self.env = NoGame()
        self.env.reset(seed=seed)
        self.rng = random.Random(seed)

    def steps(self, k: int) -> None:
        _aec_steps(self.env, self.rng, k)


class OpenSpiel:
    def __init__(self, n: int, seed: int) -> None:
        import pyspiel
        first = "2 1 1 1" if n == 2 else "3 1 1 1"
        blinds = "2 1" if n == 2 else " ".join(["1", "2"] + ["0"] * (n - 2))
        self.game = pyspiel.load_game(
            "universal_poker", {"betting": "nolimit", "numPlayers": n, "numRounds": 4,
                                "blind": blinds, "firstPlayer": first, "numSuits": 4,
                                "numRanks": 13, "numHoleCards": 2, "numBoardCards": "0 3 1 1",
                                "stack": " ".join([str(2 * STACK_BB)] * n),
                                "bettingAbstraction": "fchpa"})
        self.state = self.game.new_initial_state()
        self.rng = random.Random(seed)

    def steps(self, k: int) -> None:
        rng = self.rng
        s = self.state
        done = 0
        while done < k:
            if s.is_terminal():
                s = self.game.new_initial_state()
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            s.observation_tensor(s.current_player())
            s.apply_action(rng.choice(s.legal_actions()))
            done += 1
        self.state = s


def contender(name: str, make, n_steps: int) -> tuple[Result, Contender | None]:  # type: ignore[no-untyped-def]
    r = Result(name, "steps")
    try:
        env = make()
    except Exception as exc:          # a peer that is not installed or does not load
        r.skipped = f"{type(exc).__name__}: {exc}"[:80]
        return r, None
    return r, Contender(r, lambda lo, hi, env=env: env.steps(hi - lo), n_steps, passes=10 ** 6,
                        probe=200)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--budget", type=float, default=6.0, help="seconds per contender and table size")
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--tables", type=int, default=256, help="tables of the vector environment")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    budget = 1.5 if args.quick else args.budget
    summary = []
    for n, label in ((2, "heads-up"), (6, "six-max")):
        s = args.seed
        rows = [contender("pokertd.envs PokerEnv (AEC)", lambda: Ours(n, s), 10 ** 9),
                contender(f"pokertd.envs VectorPokerEnv ({args.tables} tables)",
                          lambda: OursVector(n, s, args.tables), 10 ** 9),
                contender("pokertd.envs HoldemTable (one table)", lambda: OursTable(n, s),
                          10 ** 9),
                contender("RLCard no-limit-holdem", lambda: RLCard(n, s), 10 ** 9),
                contender("PettingZoo texas_holdem_no_limit_v6", lambda: PettingZoo(n, s), 10 ** 9),
                contender("OpenSpiel universal_poker (fchpa)", lambda: OpenSpiel(n, s), 10 ** 9),
                contender("(ceiling) PettingZoo's AEC loop, no game", lambda: Ceiling(n, s),
                          10 ** 9)]
        race([c for _, c in rows if c is not None], budget, 0.1 if args.quick else 0.3)
        results = [r for r, _ in rows]
        print_rate_table(f"no-limit hold'em, {label}: decisions per second, uniformly random legal "
                         "actions of fold, check/call, half pot, pot, all-in",
                         results, [("AEC ÷ it", results[0]), ("vector ÷ it", results[1]),
                                   ("table ÷ it", results[2])])
        peers = [r for r in results[3:-1] if r.rates]
        if peers:
            best = max(peers, key=lambda r: r.median)
            ceiling = results[-1].median / best.median if results[-1].rates else float("nan")
            summary.append((label, results[0].median / best.median, results[2].median / best.median,
                            results[1].median / best.median, ceiling, best.name))
    for label, aec, table, vector, ceiling, best in summary:
        console.print(f"{label}: the fastest peer is {best}. Single: the AEC environment "
                      f"{aec:,.2f}x, HoldemTable {table:,.2f}x; vector {vector:,.2f}x "
                      f"(issue 25's targets: 5x and 50x). An AEC environment with no game "
                      f"behind it, in the same loop: {ceiling:,.2f}x")


if __name__ == "__main__":
    main()
