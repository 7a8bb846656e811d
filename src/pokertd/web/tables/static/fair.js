// The fair deal on the table page (docs/table-protocol.md, "The fair deal"): the commitment of
// the hand in progress and of the next one, a seed of one's own for the next hand, the last
// hand's reveal and its verifiable download. Everything shown is the frame's `fair` part.
"use strict";
window.PTFair = (() => {
  const $ = (id) => document.getElementById(id);
  const root = document.getElementById("tp");
  const NAME = root.dataset.name;
  let send = null, next = null;

  function row(dl, label, value, extra) {
    const dt = document.createElement("dt"); dt.textContent = label;
    const dd = document.createElement("dd");
    const code = document.createElement("code"); code.textContent = value;
    dd.append(code);
    if (extra) dd.append(" ", extra);
    dl.append(dt, dd);
  }

  function render(s, sendFn) {
    send = sendFn;
    const fair = s.fair;
    $("fair-box").hidden = !fair;
    if (!fair) return;
    const dl = $("fair"); dl.textContent = "";
    const seeds = (c) => c.seeds.length ? `seeds: ${c.seeds.join(", ")}` : "no seed yet";
    if (fair.current) row(dl, `Hand ${fair.current.hand} commitment`, fair.current.commitment, seeds(fair.current));
    next = fair.next;
    if (next) row(dl, `Hand ${next.hand} commitment`, next.commitment, seeds(next));
    const mine = s.you && !s.seats[s.you - 1].empty ? s.seats[s.you - 1] : null;
    const form = $("fair-seed");
    form.hidden = !(mine && next && !next.seeds.includes(mine.name));
    $("fair-seed-hand").textContent = next ? next.hand : "";
    const how = $("fair-how"); how.textContent = "";
    const r = fair.revealed;
    if (r) {
      const a = document.createElement("a");
      a.href = `/tables/${encodeURIComponent(NAME)}/hands/${r.hand}.json`;
      a.textContent = `hand ${r.hand} (JSON)`; a.setAttribute("download", "");
      row(dl, `Hand ${r.hand} salt`, r.salt);
      how.append("Check ", a, " with ");
      const c = document.createElement("code"); c.textContent = "pokertd verify FILE";
      how.append(c, ": the commitment, your seed, every card dealt, the result.");
    } else {
      how.append("Each deck is committed before its hand and revealed after it; check a hand with ");
      const c = document.createElement("code"); c.textContent = "pokertd verify";
      how.append(c, ".");
    }
    how.append(" See docs/table-protocol.md, \u201cThe fair deal\u201d.");
  }

  $("fair-seed").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = e.target.elements.seed;
    if (send && next) send({ type: "seed", seed: input.value, hand: next.hand });
    input.value = "";
  });
  return { render };
})();
