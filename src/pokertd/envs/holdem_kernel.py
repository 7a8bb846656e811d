"""The compiled hold'em tables of :mod:`.fast` (Numba): the state layout and the kernels.

A table's fields are a row of ``st`` (``T_*``), its players' a block of ``pl`` (``pl[i, STACK,
position]`` ...), its deck and action log two rows (this hand's and the last one's) of
``deck`` and ``log``; the settings are the ``cfg`` array (``C_*``, built by
:func:`.fast.config_array`). :func:`step` plays one action at every table, :func:`reset_all`
deals the first hands. Every rule the kernels play is the engine's, cited where it decides:
:mod:`.fast` says which, and ``tests/test_envs_fast.py`` holds them to the engine.

The kernels use NumPy's error model: no check for a division by zero, which cannot happen here
(the big blind, a pot's winners and a draw's range are never zero), on each of the step's
divisions.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..evaluator.kernels import FLUSH_TEST, SUIT_BIAS, _flush_suit, _nonflush


# Config array (cfg) fields.
(C_N, C_BIG, C_TOP, C_ANTE, C_BBANTE, C_BBPLAYER, C_FIRST, C_STRUCT, C_MINBET, C_PREMIN,
 C_PRERAISES, C_SMALLBET, C_BIGBET, C_CAP, C_ACCUM, C_HALF, C_ODDFIRST, C_NFR, C_CONT, C_H,
 C_ENTRY, C_BOARD_AT, C_POS_AT, C_STREET_AT, C_STACKS_AT, C_FOLDED_AT, C_POTS_AT,
 C_TOCALL_AT, C_HIST_AT, C_NACT, C_MAXRAISE, C_RAISETO, C_STREETS, C_NPOST,
 C_STACKS0) = range(35)
C_POSTS = C_STACKS0 + 10                 # (position, amount) in posting order, then the end
C_SIZE_CFG = C_POSTS + 20
# A table's fields in its row of the state array (st).
(T_STREET, T_ACTOR, T_CUR, T_MINR, T_FULL, T_RAISES, T_NACT, T_NLIVE, T_POT, T_DEAD,
 T_DONE, T_HANDNO, T_NLOG, T_ROW, T_PREVNLOG, T_SHIFT, T_CALL, T_LO, T_HI) = range(19)
T_FIELDS = 19          # (T_SHIFT: the hand number mod n; T_CALL..T_HI: the last _legal read)
# Each player's row (pl[i, X, position]): stack, bet this round, total put in, status, the
# raise count he last acted at (-1: not yet this round); then the showdown's scratch space.
STACK, BET, TOTAL, STATUS, ACTED, LEVEL, STRENGTH, WINNER = range(8)
NL, PL, FL = 0, 1, 2
ACTIVE, ALL_IN, FOLDED = 0, 1, 2
K_FOLD, K_CHECK, K_CALL, K_RAISE = 0, 1, 2, 3
RIVER = 3


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _next_random(rng, i):
    """splitmix64: the next 64-bit draw of table i's generator."""
    z = rng[i] + np.uint64(0x9E3779B97F4A7C15)
    rng[i] = z
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _below(rng, i, m):
    """A uniform draw below m (m < 2**32): Lemire's multiply-shift on 32 random bits, with
    its rejection step (exactly uniform), a division only on the rare path."""
    mm = np.uint64(m)
    while True:
        prod = (_next_random(rng, i) >> np.uint64(32)) * mm
        low = prod & np.uint64(0xFFFFFFFF)
        if low >= mm or low >= (np.uint64(0x100000000) - mm) % mm:
            return np.int64(prod >> np.uint64(32))


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _strength(deck, r, n, p, key, offsets, table, flush):
    """The 7-card strength of position p's hole cards with the board (IFP 48: cards speak)."""
    b0 = 2 * n
    k = np.int64(0)
    k += key[deck[r, p]] + key[deck[r, n + p]]
    k += key[deck[r, b0 + 1]] + key[deck[r, b0 + 2]] + key[deck[r, b0 + 3]]
    k += key[deck[r, b0 + 5]] + key[deck[r, b0 + 7]]
    sc = (k & 0xFFFF) + SUIT_BIAS
    if sc & FLUSH_TEST:
        s = _flush_suit(sc)
        mask = 0
        for c in (deck[r, p], deck[r, n + p], deck[r, b0 + 1], deck[r, b0 + 2],
                  deck[r, b0 + 3], deck[r, b0 + 5], deck[r, b0 + 7]):
            if (c & 3) == s:
                mask |= 1 << (c >> 2)
        return np.int64(flush[mask])
    return np.int64(_nonflush(k, offsets, table))


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _find_actor(i, p, inclusive, n, st, pl):
    """The next position after p (or from p) who must act, or -1 (Hand._find_actor)."""
    nact = st[i, T_NACT]
    if nact <= 1:
        if nact == 0:
            return -1
        top = 0
        for q in range(n):
            if pl[i, BET, q] > top:
                top = pl[i, BET, q]
        for q in range(n):
            if pl[i, STATUS, q] == ACTIVE:
                return q if pl[i, BET, q] < top else -1
        return -1
    cur = st[i, T_CUR]
    if inclusive and pl[i, STATUS, p] == ACTIVE and (pl[i, ACTED, p] < 0 or pl[i, BET, p] < cur):
        return p
    for k in range(1, n):
        q = p + k
        if q >= n:
            q -= n
        if pl[i, STATUS, q] == ACTIVE and (pl[i, ACTED, q] < 0 or pl[i, BET, q] < cur):
            return q
    return -1


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _live_levels(i, n, st, pl):
    """The live hands' totals, ascending, in pl[i, LEVEL] (an insertion sort: at most ten
    of them); how many."""
    nl = 0
    for q in range(n):
        if pl[i, STATUS, q] != FOLDED:
            t = pl[i, TOTAL, q]
            j = nl
            while j > 0 and pl[i, LEVEL, j - 1] > t:
                pl[i, LEVEL, j] = pl[i, LEVEL, j - 1]
                j -= 1
            pl[i, LEVEL, j] = t
            nl += 1
    return nl


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _split_pot(i, n, amount, nw, st, pl, odd_first):
    """A pot shared by the tied winners in position order (clockwise from the button): odd
    chips one each (IFP 50) or all to the first (TDA 20-A)."""
    q = amount // nw
    r = amount - q * nw
    for j in range(nw):
        pl[i, STACK, pl[i, WINNER, j]] += q
    if odd_first:
        pl[i, STACK, pl[i, WINNER, 0]] += r
    else:
        for j in range(r):
            pl[i, STACK, pl[i, WINNER, j]] += 1


@njit(cache=True, error_model="numpy", _nrt=False)
def _award(i, n, cfg, st, pl, deck, key, offsets, table, flush):
    """The showdown: every pot to the best live hand among its players (IFP 51: antes dead
    in the main pot, side pots from the live bets)."""
    for p in range(n):
        pl[i, STRENGTH, p] = (_strength(deck, st[i, T_ROW], n, p, key, offsets, table, flush)
                              if pl[i, STATUS, p] != FOLDED else -1)
    odd_first = cfg[C_ODDFIRST]
    # Levels: the distinct totals of the live hands, ascending.
    nl = _live_levels(i, n, st, pl)
    below = 0
    prev = -1
    paid = 0
    first = True
    for j in range(nl):
        lv = pl[i, LEVEL, j]
        if lv == prev:
            continue
        prev = lv
        cum = 0
        for q in range(n):
            t = pl[i, TOTAL, q]
            cum += t if t < lv else lv
        amt = cum - below
        below = cum
        last = True
        for jj in range(j + 1, nl):
            if pl[i, LEVEL, jj] != lv:
                last = False
                break
        if first:
            amt += st[i, T_DEAD]
        if last:
            amt = st[i, T_POT] - paid          # what is left (folded chips above: none)
        if amt == 0 and not first:
            continue
        first = False
        best = -1
        nw = 0
        for q in range(n):
            if pl[i, STATUS, q] != FOLDED and pl[i, TOTAL, q] >= lv:
                s = pl[i, STRENGTH, q]
                if s > best:
                    best = s
                    nw = 0
                if s == best:
                    pl[i, WINNER, nw] = q
                    nw += 1
        if nw == 1:
            pl[i, STACK, pl[i, WINNER, 0]] += amt
        else:
            _split_pot(i, n, amt, nw, st, pl, odd_first)
        paid += amt
    st[i, T_POT] = 0
    st[i, T_DONE] = 1
    st[i, T_ACTOR] = -1


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _end_round(i, n, cfg, st, pl, deck, key, offsets, table, flush):
    """Close the betting round (IFP 27: an uncalled bet returned), gather the bets, and go
    on: the next street's round, the board run out, the showdown, or the pot uncontested."""
    while True:
        st[i, T_ACTOR] = -1
        top = 0
        who = -1
        for q in range(n):
            if pl[i, BET, q] > top:
                top = pl[i, BET, q]
                who = q
        if top:
            second = 0
            seen_top = False
            for q in range(n):
                b = pl[i, BET, q]
                if b == top and not seen_top:
                    seen_top = True
                elif b > second:
                    second = b
            if top > second and pl[i, STATUS, who] != FOLDED:
                x = top - second
                pl[i, BET, who] = second
                pl[i, STACK, who] += x
                if pl[i, STATUS, who] == ALL_IN:
                    pl[i, STATUS, who] = ACTIVE
                    st[i, T_NACT] += 1
            s = 0
            for q in range(n):
                pl[i, TOTAL, q] += pl[i, BET, q]
                s += pl[i, BET, q]
                pl[i, BET, q] = 0
            st[i, T_POT] += s
        if st[i, T_NLIVE] < 2:
            # IFP 44: the last live hand takes the pot unshown.
            w = -1
            for q in range(n):
                if pl[i, STATUS, q] == ACTIVE:
                    w = q
                    break
            if w < 0:
                for q in range(n):
                    if pl[i, STATUS, q] == ALL_IN:
                        w = q
                        break
            pl[i, STACK, w] += st[i, T_POT]
            st[i, T_POT] = 0
            st[i, T_DONE] = 1
            return
        street = st[i, T_STREET]
        if street == RIVER:
            _award(i, n, cfg, st, pl, deck, key, offsets, table, flush)
            return
        street += 1
        st[i, T_STREET] = street
        st[i, T_CUR] = 0
        if cfg[C_STRUCT] == FL:
            st[i, T_MINR] = cfg[C_SMALLBET] if street == 1 else cfg[C_BIGBET]
        else:
            st[i, T_MINR] = cfg[C_MINBET]
        st[i, T_RAISES] = 0
        st[i, T_FULL] = 0
        for q in range(n):
            pl[i, ACTED, q] = -1
        a = _find_actor(i, 0, True, n, st, pl)
        if a >= 0:
            st[i, T_ACTOR] = a
            return


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _deal(i, n, cfg, st, pl, deck, rng, key, offsets, table, flush):
    """The next hand at table i: the deck (a partial Fisher-Yates shuffle of the cards a hand
    may need), the antes (dead), the blinds in posting order (IFP 18), the first to act."""
    k = 2 * n + 8
    r = 2 * i + (st[i, T_HANDNO] & 1)        # this hand's row (the last hand's kept in the other)
    st[i, T_SHIFT] = st[i, T_HANDNO] % n     # the agent in position p is p + shift (mod n)
    st[i, T_ROW] = r
    # (The row holds a permutation of the 52 cards, the hand before last's: a partial
    # Fisher-Yates shuffle of any permutation deals uniformly.)
    for j in range(k):
        x = j + _below(rng, i, 52 - j)
        t = deck[r, j]
        deck[r, j] = deck[r, x]
        deck[r, x] = t
    for p in range(n):
        pl[i, STACK, p] = cfg[C_STACKS0 + p]
        pl[i, BET, p] = 0
        pl[i, TOTAL, p] = 0
        pl[i, STATUS, p] = ACTIVE
        pl[i, ACTED, p] = -1
    pot = 0
    ante = cfg[C_ANTE]
    if ante:
        for p in range(n):
            pl[i, STACK, p] -= ante
            pot += ante
    for j in range(cfg[C_NPOST]):
        p = cfg[C_POSTS + 2 * j]
        pl[i, STACK, p] -= cfg[C_POSTS + 2 * j + 1]
        pl[i, BET, p] = cfg[C_POSTS + 2 * j + 1]
    if cfg[C_BBANTE]:
        pl[i, STACK, cfg[C_BBPLAYER]] -= cfg[C_BBANTE]
        pot += cfg[C_BBANTE]
    st[i, T_POT] = pot
    st[i, T_DEAD] = pot
    st[i, T_NACT] = n
    st[i, T_NLIVE] = n
    st[i, T_STREET] = 0
    st[i, T_DONE] = 0
    st[i, T_NLOG] = 0
    st[i, T_FULL] = 0
    top = cfg[C_TOP]
    for p in range(n):
        if pl[i, BET, p] > top:
            top = pl[i, BET, p]
    st[i, T_CUR] = top
    st[i, T_MINR] = cfg[C_PREMIN]
    st[i, T_RAISES] = cfg[C_PRERAISES]
    # Every stack covers more than its forced bets (Config): every player can act.
    st[i, T_ACTOR] = _find_actor(i, cfg[C_FIRST], True, n, st, pl)


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _legal(i, n, cfg, st, pl):
    """(call, min raise-to, max raise-to) of the player to act (-1: no raise), as
    Hand.legal_actions gives them."""
    p = st[i, T_ACTOR]
    b = pl[i, BET, p]
    s = pl[i, STACK, p]
    cur = st[i, T_CUR]
    if st[i, T_NACT] == 1:
        # Alone able to act: chips nobody can match are not needed to call; no raise.
        mx = 0
        for q in range(n):
            if pl[i, BET, q] > mx:
                mx = pl[i, BET, q]
        target = mx if mx < cur else cur
        need = target - b
        return (s if need >= s else (need if need > 0 else 0)), -1, -1
    need = cur - b
    if need >= s:                      # a call puts the player all-in (IFP 41)
        return s, -1, -1
    a = pl[i, ACTED, p]
    need_open = cfg[C_ACCUM] != 0 and need >= st[i, T_MINR]
    if not (a < 0 or a < st[i, T_FULL] or need_open):
        return need, -1, -1                         # IFP 37a / TDA 47: not reopened
    answer = False
    for k in range(1, n):
        q = p + k
        if q >= n:
            q -= n
        if pl[i, STATUS, q] == ACTIVE and pl[i, BET, q] + pl[i, STACK, q] > cur:
            answer = True
            break
    if not answer:
        return need, -1, -1                         # nobody could call a raise (IFP 41)
    allin = b + s
    lo = cur + st[i, T_MINR]
    sm = cfg[C_STRUCT]
    if sm == NL:
        return need, (lo if lo < allin else allin), allin
    elif sm == FL:
        cap = cfg[C_CAP]
        if cap and st[i, T_RAISES] >= cap:
            return need, -1, -1                     # IFP 33: one bet and three raises
        if lo > allin:
            lo = allin
        return need, lo, lo
    else:
        # IFP 39: pot limit: the pot after calling, on top of the call.
        sb = 0
        for q in range(n):
            sb += pl[i, BET, q]
        hi = cur + st[i, T_POT] + sb + (cur - b)
        if hi > allin:
            hi = allin
        return need, (lo if lo < hi else hi), hi


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _fraction_to(i, n, f, p, call, lo, st, pl):
    """The raise-to of a raise of f times the pot after calling (at least the minimum)."""
    tp = st[i, T_POT]
    for q in range(n):
        tp += pl[i, BET, q]
    to = pl[i, BET, p] + call + np.int64(f * (tp + call))
    return to if to > lo else lo


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _act(i, a, amount, n, cfg, fr, st, pl, log, deck, key, offsets, table, flush):
    """Play action index a (checked legal by the caller) for table i's player to act."""
    p = st[i, T_ACTOR]
    r = st[i, T_ROW]
    call = st[i, T_CALL]                           # (as _read found them for this decision)
    lo = st[i, T_LO]
    hi = st[i, T_HI]
    nlog = st[i, T_NLOG]
    if nlog < log.shape[1]:
        log[r, nlog, 0] = p
        log[r, nlog, 1] = st[i, T_STREET]
    st[i, T_NLOG] = nlog + 1
    if a == 0:                                     # fold (IFP 28: even when a check is free)
        if nlog < log.shape[1]:
            log[r, nlog, 2] = K_FOLD
            log[r, nlog, 3] = pl[i, BET, p]
        pl[i, STATUS, p] = FOLDED
        st[i, T_NACT] -= 1
        st[i, T_NLIVE] -= 1
        nxt = -1 if st[i, T_NLIVE] == 1 else _find_actor(i, p, False, n, st, pl)
    elif a == 1:                                   # check or call (all-in for less)
        b = pl[i, BET, p]
        if nlog < log.shape[1]:
            log[r, nlog, 2] = K_CALL if call else K_CHECK
            log[r, nlog, 3] = b + call
        if call > 0:
            if call >= pl[i, STACK, p]:
                call = pl[i, STACK, p]
                pl[i, STATUS, p] = ALL_IN
                st[i, T_NACT] -= 1
            pl[i, STACK, p] -= call
            pl[i, BET, p] = b + call
        pl[i, ACTED, p] = st[i, T_FULL]
        nxt = _find_actor(i, p, False, n, st, pl)
    else:                                          # a bet or raise
        if a == cfg[C_MAXRAISE]:
            to = hi
        elif a == cfg[C_RAISETO]:
            x = amount
            if not x >= 0.0:
                x = 0.0
            if x > 1.0:
                x = 1.0
            to = lo + np.int64(np.rint(x * (hi - lo)))
        else:
            to = _fraction_to(i, n, fr[a - 2], p, call, lo, st, pl)
        if nlog < log.shape[1]:
            log[r, nlog, 2] = K_RAISE
            log[r, nlog, 3] = to
        x = to - pl[i, BET, p]
        pl[i, STACK, p] -= x
        pl[i, BET, p] = to
        cur = st[i, T_CUR]
        inc = to - cur
        if inc >= st[i, T_MINR]:
            # IFP 37: a full bet or raise; the largest sets the next minimum raise.
            if cfg[C_STRUCT] != FL:
                st[i, T_MINR] = inc
            st[i, T_FULL] += 1
            st[i, T_RAISES] += 1
        elif cfg[C_STRUCT] == FL and cfg[C_HALF] and 2 * inc >= st[i, T_MINR]:
            # TDA 47-B: in limit, an all-in of half a bet or more reopens the betting.
            st[i, T_FULL] += 1
            st[i, T_RAISES] += 1
        st[i, T_CUR] = to
        if pl[i, STACK, p] == 0:
            pl[i, STATUS, p] = ALL_IN
            st[i, T_NACT] -= 1
        pl[i, ACTED, p] = st[i, T_FULL]
        nxt = _find_actor(i, p, False, n, st, pl)
    if nxt < 0:
        _end_round(i, n, cfg, st, pl, deck, key, offsets, table, flush)
    else:
        st[i, T_ACTOR] = nxt


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _decide(i, n, cfg, fr, st, pl, mrow):
    """Table i's decision: the legal actions of the player to act (kept in T_CALL..T_HI for
    _act and _vector), his mask in mrow; the agent he is."""
    p = st[i, T_ACTOR]
    call, lo, hi = _legal(i, n, cfg, st, pl)
    st[i, T_CALL] = call
    st[i, T_LO] = lo
    st[i, T_HI] = hi
    nact = cfg[C_NACT]
    for a in range(nact):
        mrow[a] = 0
    mrow[0] = 1
    mrow[1] = 1
    if lo >= 0:
        mrow[cfg[C_MAXRAISE]] = 1
        if cfg[C_STRUCT] != FL:
            for j in range(cfg[C_NFR]):
                if _fraction_to(i, n, fr[j], p, call, lo, st, pl) < hi:
                    mrow[2 + j] = 1
        if cfg[C_CONT]:
            mrow[cfg[C_RAISETO]] = 1
    agent = p + st[i, T_SHIFT]
    return agent - n if agent >= n else agent


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _vector(i, p, n, cfg, st, pl, log, deck, row):
    """Position p's vector at table i, Table.write_vector's layout: the chips to call and the
    raise range if p is to act (as _decide found them), the pots while the hand is on."""
    r = st[i, T_ROW]
    done = st[i, T_DONE] != 0
    big = np.float32(cfg[C_BIG])
    row[:] = 0.0
    row[deck[r, p]] = 1.0
    row[deck[r, n + p]] = 1.0
    street = st[i, T_STREET]
    b0 = cfg[C_BOARD_AT]
    if street >= 1:
        row[b0 + deck[r, 2 * n + 1]] = 1.0
        row[b0 + deck[r, 2 * n + 2]] = 1.0
        row[b0 + deck[r, 2 * n + 3]] = 1.0
    if street >= 2:
        row[b0 + deck[r, 2 * n + 5]] = 1.0
    if street >= 3:
        row[b0 + deck[r, 2 * n + 7]] = 1.0
    row[cfg[C_POS_AT] + p] = 1.0
    last = cfg[C_STREETS] - 1
    row[cfg[C_STREET_AT] + (street if street < last else last)] = 1.0
    s0 = cfg[C_STACKS_AT]
    f0 = cfg[C_FOLDED_AT]
    for k in range(n):
        q = p + k
        if q >= n:
            q -= n
        row[s0 + k] = pl[i, STACK, q] / big
        row[s0 + n + k] = pl[i, BET, q] / big
        row[s0 + 2 * n + k] = pl[i, TOTAL, q] / big
        stq = pl[i, STATUS, q]
        if stq == FOLDED:
            row[f0 + k] = 1.0
        elif stq == ALL_IN:
            row[f0 + n + k] = 1.0
    if not done:
        # The pots of the rounds closed so far (core._pots): a pot per level of the live
        # totals, the antes (dead) in the first, the chips above the last level in the
        # last. (Once the hand is over they are in the winners' stacks.)
        nl = _live_levels(i, n, st, pl)
        p0 = cfg[C_POTS_AT]
        prev = 0
        j = 0
        first = True
        while j < nl:
            lv = pl[i, LEVEL, j]
            while j < nl and pl[i, LEVEL, j] == lv:
                j += 1
            amount = 0
            for q in range(n):
                t = pl[i, TOTAL, q]
                amount += (t if t < lv else lv) - (t if t < prev else prev)
                if j == nl and t > lv:
                    amount += t - lv
            if first:
                amount += st[i, T_DEAD]
                first = False
            if amount:
                row[p0] = amount / big
                p0 += 1
            prev = lv
        if st[i, T_ACTOR] == p:
            t0 = cfg[C_TOCALL_AT]
            row[t0] = st[i, T_CALL] / big
            if st[i, T_LO] >= 0:
                row[t0 + 1] = st[i, T_LO] / big
                row[t0 + 2] = st[i, T_HI] / big
    h = cfg[C_H]
    if h:
        nlog = st[i, T_NLOG]
        if nlog > log.shape[1]:
            nlog = log.shape[1]            # (cannot happen: FastTables sizes the log)
        m = nlog if nlog < h else h
        entry = cfg[C_ENTRY]
        e0 = cfg[C_HIST_AT] + (h - m) * entry
        for j in range(nlog - m, nlog):
            q = log[r, j, 0]
            sr = log[r, j, 1]
            kind = log[r, j, 2]
            d = q - p
            if d < 0:
                d += n
            row[e0 + d] = 1.0
            row[e0 + n + kind] = 1.0
            row[e0 + n + 6] = log[r, j, 3] / big
            row[e0 + n + 7 + (sr if sr < last else last)] = 1.0
            e0 += entry


@njit(cache=True, error_model="numpy", inline="always", _nrt=False)
def _read(i, n, cfg, fr, st, pl, log, deck, obs, masks, players):
    """Table i's decision: the player to act (as an agent), his vector and his mask."""
    players[i] = _decide(i, n, cfg, fr, st, pl, masks[i])
    _vector(i, st[i, T_ACTOR], n, cfg, st, pl, log, deck, obs[i])


@njit(cache=True, error_model="numpy", _nrt=False)
def reset_all(seeds, cfg, fr, st, pl, log, deck, rng, key, offsets, table, flush, obs, masks,
               players):
    n = cfg[C_N]
    for i in range(st.shape[0]):
        rng[i] = seeds[i]
        for c in range(52):
            deck[2 * i, c] = c
            deck[2 * i + 1, c] = c
        st[i, T_HANDNO] = 0
        st[i, T_PREVNLOG] = -1
        _deal(i, n, cfg, st, pl, deck, rng, key, offsets, table, flush)
        _read(i, n, cfg, fr, st, pl, log, deck, obs, masks, players)
    return 0


@njit(cache=True, error_model="numpy", _nrt=False)
def step(lo, hi, acts, amounts, cfg, fr, st, pl, log, deck, rng, key, offsets, table, flush, obs,
          masks, players, rewards, dones):
    n = cfg[C_N]
    nact = cfg[C_NACT]
    for i in range(lo, hi):
        # Every action is checked before any table moves: a refused step changes nothing.
        a = acts[i]
        if a < 0 or a >= nact or masks[i, a] == 0:
            return -1 - i
    big = np.float32(cfg[C_BIG])
    finished = 0
    for i in range(lo, hi):
        _act(i, acts[i], amounts[i], n, cfg, fr, st, pl, log, deck, key, offsets, table, flush)
        if st[i, T_DONE]:
            hn = st[i, T_HANDNO]
            shift = st[i, T_SHIFT]
            for p in range(n):
                agent = p + shift
                rewards[i, agent - n if agent >= n else agent] = (
                    pl[i, STACK, p] - cfg[C_STACKS0 + p]) / big
            dones[i] = True
            finished += 1
            st[i, T_PREVNLOG] = st[i, T_NLOG]
            st[i, T_HANDNO] = hn + 1
            _deal(i, n, cfg, st, pl, deck, rng, key, offsets, table, flush)
        else:
            for p in range(n):
                rewards[i, p] = 0.0
            dones[i] = False
        _read(i, n, cfg, fr, st, pl, log, deck, obs, masks, players)
    return finished


# The AEC environment's table (fast.FastTable): table 0 played an action at a time, a hand per
# episode (its end is not followed by the next deal), each decision written into the arrays
# the call is given. w is (cfg, fr, st, pl, log, deck, rng, key, offsets, table, flush).


@njit(cache=True, error_model="numpy", _nrt=False)
def deal_one(seed, reseed, row, mrow, w):
    """Deal table 0's next hand (reseed: the first of a generator seeded with seed, the
    button back to its first seat); the agent to act, his vector and mask in row and mrow."""
    cfg, fr, st, pl, log, deck, rng, key, offsets, table, flush = w
    n = cfg[C_N]
    if reseed:
        rng[0] = seed
        for c in range(52):
            deck[0, c] = c
            deck[1, c] = c
        st[0, T_HANDNO] = 0
        st[0, T_PREVNLOG] = -1
    else:
        st[0, T_PREVNLOG] = st[0, T_NLOG] if st[0, T_DONE] else -1
        st[0, T_HANDNO] += 1
    _deal(0, n, cfg, st, pl, deck, rng, key, offsets, table, flush)
    agent = _decide(0, n, cfg, fr, st, pl, mrow)
    _vector(0, st[0, T_ACTOR], n, cfg, st, pl, log, deck, row)
    return agent


@njit(cache=True, error_model="numpy", _nrt=False)
def play_one(a, amount, row, mrow, payoff, w):
    """Play action a (checked legal by the caller) at table 0: the agent to act next, his
    vector and mask in row and mrow; or -1, the hand is over, each agent's result in big
    blinds in payoff."""
    cfg, fr, st, pl, log, deck, rng, key, offsets, table, flush = w
    n = cfg[C_N]
    _act(0, a, amount, n, cfg, fr, st, pl, log, deck, key, offsets, table, flush)
    if st[0, T_DONE]:
        shift = st[0, T_SHIFT]
        for p in range(n):
            agent = p + shift
            payoff[agent - n if agent >= n else agent] = (
                (pl[0, STACK, p] - cfg[C_STACKS0 + p]) / cfg[C_BIG])
        return -1
    agent = _decide(0, n, cfg, fr, st, pl, mrow)
    _vector(0, st[0, T_ACTOR], n, cfg, st, pl, log, deck, row)
    return agent


@njit(cache=True, error_model="numpy", _nrt=False)
def observe_one(p, row, mrow, w):
    """Position p's vector at table 0 (in the hand or at its end) in row, zeros in mrow (the
    mask of an agent not to act)."""
    cfg, fr, st, pl, log, deck, rng, key, offsets, table, flush = w
    _vector(0, p, cfg[C_N], cfg, st, pl, log, deck, row)
    for a in range(cfg[C_NACT]):
        mrow[a] = 0
    return 0
