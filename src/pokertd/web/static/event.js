// The console's page for one event: clock controls, registration, seating, bust-outs.
"use strict";
(() => {
  let s = PT.initial();
  const $ = (id) => document.getElementById(id);
  const api = (cmd) => `/console/api/events/${encodeURIComponent(s.name)}/${cmd}`;
  const isDirector = !!$("register");

  function say(ok, text) {
    $("message").textContent = ok ? "" : text;
    $("notice").textContent = ok ? text : "";
  }

  function summary(events) {
    const lines = [];
    for (const e of events) {
      if (e.type === "registered") lines.push(`${e.player} registered`);
      else if (e.type === "busted") lines.push(`${e.player} is out in place ${e.place}` +
        (e.knocked_out_by ? `, knocked out by ${e.knocked_out_by}` : ""));
      else if (e.type === "moved") lines.push(`move ${e.player}: table ${e.from_table} seat ${e.from_seat} → table ${e.to_table} seat ${e.to_seat}`);
      else if (e.type === "table_broken") lines.push(`table ${e.table} is broken`);
      else if (e.type === "final_table_formed") lines.push("the final table is drawn");
      else if (e.type === "started") lines.push("started: the seats are drawn");
      else if (e.type === "clock_paused") lines.push(`clock stopped (${e.reason})`);
      else if (e.type === "clock_resumed") lines.push("clock running");
      else if (e.type === "finished") lines.push("the event is over");
    }
    return lines.join("; ") || "done";
  }

  async function run(cmd, body) {
    try {
      const out = await PT.post(api(cmd), body);
      say(true, summary(out.events || []));
      await refresh();
      return out;
    } catch (err) {
      say(false, err.message);
      return null;
    }
  }

  function clockbar() {
    const c = s.clock;
    $("c-level").textContent = !c ? (s.finished ? "finished" : "not started") :
      (c.on_break ? `break ${c.break}` : c.level);
    $("c-blinds").textContent = PT.blinds(c);
    $("c-left").textContent = c ? PT.fmt(PT.secondsLeft(s)) : "–";
    $("c-state").textContent = !c ? "–" : (c.running ? "running" : `stopped (${c.pause_reason})`);
    if ($("spoken")) $("spoken").checked = !!(s.settings && s.settings.spoken);
    // Only the clock commands that fit its state are offered.
    const show = (id, on) => { if ($(id)) $(id).hidden = !on; };
    show("btn-start", !s.started);
    show("btn-pause", !!c && c.running && !s.finished);
    show("btn-resume", !!c && !c.running && !s.finished);
    show("register-card", !s.finished && s.registration_open);
  }

  let refreshing = null;
  async function refresh() {
    if (refreshing) return refreshing;
    refreshing = (async () => {
      const res = await fetch(`/console/events/${encodeURIComponent(s.name)}/live`);
      if (res.ok) $("live").innerHTML = await res.text();
      const st = await fetch(api("").replace(/\/$/, ""));
      if (st.ok) { s = await st.json(); s._received = performance.now(); }
      clockbar();
    })();
    try { await refreshing; } finally { refreshing = null; }
  }

  // --- bust-out dialog: the knockout offered from the busted player's table (IFP 57) ----------
  function seatedAt(player) {
    for (const t of s.tables || []) if (t.seats.some((x) => x.player === player)) return t;
    return null;
  }
  function option(value, text) {
    const o = document.createElement("option"); o.value = value; o.textContent = text; return o;
  }
  function fillBy() {
    const player = $("bust-player").value;
    const t = seatedAt(player);
    const others = t ? t.seats.filter((x) => x.player !== player) : [];
    $("bust-by").replaceChildren(option("", "(not recorded)"),
      ...others.map((x) => option(x.player, `${x.player} (seat ${x.seat})`)));
  }
  function openBust(player) {
    const seated = [];
    for (const t of s.tables || []) for (const x of t.seats) seated.push([t.table, x]);
    $("bust-player").replaceChildren(...seated.map(([tb, x]) =>
      option(x.player, `${x.player} (table ${tb}, seat ${x.seat})`)));
    if (player) $("bust-player").value = player;
    fillBy();
    $("bust-dialog").showModal();
  }

  if (isDirector) {
    document.querySelectorAll("[data-cmd]").forEach((b) =>
      b.addEventListener("click", () => run(b.dataset.cmd, {})));
    $("spoken").addEventListener("change", () => run("announce", { spoken: $("spoken").checked }));
    const name = $("player-name");
    let asked = 0;
    name.addEventListener("input", async () => {
      const n = ++asked;
      const res = await fetch(`/console/api/players?q=${encodeURIComponent(name.value)}`);
      if (!res.ok || n !== asked) return;
      const taken = new Set((s.players || []).map((p) => p.name));
      const { players } = await res.json();
      $("known").replaceChildren(...players.filter((p) => !taken.has(p)).map((p) => option(p, p)));
    });
    $("register").addEventListener("submit", async (e) => {
      e.preventDefault();
      const player = name.value.trim();
      if (!player) return;
      const absent = e.target.elements.absent.checked;
      name.value = "";     // ready for the next name at once; given back if refused
      if (!(await run("register", { players: [player], absent })) && !name.value) name.value = player;
      name.focus();
    });
    $("live").addEventListener("click", (e) => {
      const b = e.target.closest(".bust-btn");
      if (b) openBust(b.dataset.player);
    });
    $("live").addEventListener("submit", async (e) => {
      if (e.target.id !== "buttons") return;
      e.preventDefault();
      const buttons = {};
      for (const input of e.target.querySelectorAll("input")) buttons[input.name] = Number(input.value);
      await run("buttons", { buttons });
    });
    $("bust-player").addEventListener("change", fillBy);
    $("bust-cancel").addEventListener("click", () => $("bust-dialog").close());
    $("bust").addEventListener("submit", async (e) => {
      e.preventDefault();
      const body = { players: [$("bust-player").value] };
      if ($("bust-by").value) body.by = $("bust-by").value;
      $("bust-dialog").close();
      await run("bust", body);
    });
  }

  clockbar();
  setInterval(clockbar, 500);
  PT.connect(s.name, (next) => {
    if (next.seq !== s.seq) refresh(); else { s = next; clockbar(); }
  });
})();
