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

  // The money a rebuy or an add-on brings: one buy-in, its prize-pool part to the pool.
  const paid = (e) => s.money ? ` (pays ${s.money.buy_in}, ${e.to_prize_pool} to the prize pool)` : "";

  function summary(events) {
    const lines = [];
    for (const e of events) {
      if (e.type === "registered") lines.push(`${e.player} registered${e.absent ? " as absent (IFP 8)" : ""}`);
      else if (e.type === "busted") lines.push(`${e.player} is out in place ${e.place}` +
        (e.knocked_out_by ? `, knocked out by ${e.knocked_out_by}` : ""));
      else if (e.type === "moved") lines.push(`move ${e.player}: table ${e.from_table} seat ${e.from_seat} → table ${e.to_table} seat ${e.to_seat}`);
      else if (e.type === "table_broken") lines.push(`table ${e.table} is broken`);
      else if (e.type === "final_table_formed") lines.push("the final table is drawn");
      else if (e.type === "started") lines.push("started: the seats are drawn");
      else if (e.type === "clock_paused") lines.push(`clock stopped (${e.reason})`);
      else if (e.type === "clock_resumed") lines.push("clock running");
      else if (e.type === "finished") lines.push("the event is over");
      else if (e.type === "arrived") lines.push(`${e.player} has arrived`);
      else if (e.type === "hand_for_hand") lines.push(e.on ? "hand-for-hand play" : "hand-for-hand ended");
      else if (e.type === "hand_for_hand_hand_done") lines.push("hand done at every table");
      else if (e.type === "deal_made") lines.push("the deal is recorded");
      else if (e.type === "rebuy") lines.push(`${e.player} rebought${paid(e)}`);
      else if (e.type === "addon") lines.push(`${e.player} took the add-on${paid(e)}`);
      else if (e.type === "last_hands_announced") lines.push(`the last ${e.hands} hands of the day (IFP 14)`);
      else if (e.type === "chip_raced") lines.push(`table ${e.table} has raced (${e.rule}): the outcome is in the chip race card`);
      else if (e.type === "clock_set") lines.push(`clock set: ${e.action}${e.seconds ? " " + PT.fmt(e.seconds) : ""} (${e.rule})`);
      else if (e.type === "levels_changed") lines.push(`the levels to come are changed (${e.rule}): announce them`);
      else if (e.type === "level_started") lines.push(`level ${e.level} has started: announce it (${e.rule || "IFP 23"})`);
      else if (e.type === "unregistered") lines.push(`${e.player}'s registration is withdrawn`);
      else if (e.type === "penalized") lines.push(`${e.player}: ${e.penalty === "warning" ? "a warning" :
        e.penalty === "disqualification" ? "disqualified" : `misses ${e.hands} hands`} (${e.rule})`);
      else if (e.type === "count_corrected") lines.push(`count corrected by ${PT.num(e.chips)} chips (${e.rule}): ${e.reason}`);
    }
    return lines.join("; ") || "done";
  }

  // A command of the director: sent with its command id, and again with the same id when no
  // answer came (the server applies it once; an answer to a resend says if it was done).
  async function run(cmd, body) {
    try {
      const out = await PT.command(api(cmd), body, (n, why) => say(true, PT.resending(n, why)));
      say(true, (out.move ? `${out.done ? "done" : "not done yet"}: ${out.move}` :
                 out.spoken !== undefined ? `spoken announcements ${out.spoken ? "on" : "off"}` :
                 summary(out.events || [])) + PT.alreadyDone(out));
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
    $("c-state").textContent = s.finished ? "finished" : !c ? "–" :
      (c.running ? "running" : `stopped (${c.pause_reason})`);
    if ($("spoken")) $("spoken").checked = !!(s.settings && s.settings.spoken);
    // Only the clock commands that fit its state are offered.
    const show = (id, on) => { if ($(id)) $(id).hidden = !on; };
    show("btn-start", !s.started);
    show("btn-pause", !!c && c.running && !s.finished);
    show("btn-resume", !!c && !c.running && !s.finished);
    show("register-card", !s.finished && s.registration_open);
    const h4h = s.hand_for_hand && s.hand_for_hand.on;
    // Offered with two tables or more only (IFP 61: every table starts each hand together).
    show("btn-h4h-start", !!s.hand_for_hand_offered);
    show("btn-h4h-done", !s.finished && h4h);
    show("btn-h4h-stop", !s.finished && h4h);
    const label = (id, word, x) => {
      if (!$(id)) return;
      $(id).hidden = !x;
      if (x) { $(id).textContent = `${word}: ${x.text}`; $(id).title = `${word}: ${x.text}`; }
    };
    if (s.undo !== undefined) { label("btn-undo", "Undo", s.undo); label("btn-redo", "Redo", s.redo); }
    show("btn-last-hands", !!c && c.running && !s.finished && s.last_hands === null);
    show("btn-clock", !!c && !s.finished);
    show("btn-levels", !!c && !s.finished);
    show("btn-deal", s.started && !s.finished && !!s.payouts && !s.deal && s.players_left <= 10);
  }

  // Reload the live part of the page (server-rendered) and the state. A call while a reload
  // is under way gets one more reload after it (which sees whatever changed meanwhile).
  let pending = null, queued = null, lastHtml = null;
  async function reload() {
    // The state first, then the live part: a change between the two (the clock reaching a
    // break) leaves the state older than the page, and the stream's next snapshot, newer than
    // the state, reloads again; the other way round the page would stay stale (its state
    // already as new as the snapshot).
    const st = await fetch(api("").replace(/\/$/, ""));
    const state = st.ok ? await st.json() : null;
    const res = await fetch(`/console/events/${encodeURIComponent(s.name)}/live`);
    if (res.status === 401) say(false, "Your session has ended (logged out, or a new password): log in again to go on.");
    if (res.ok) {
      const html = await res.text();
      if (html !== lastHtml) {
        // What the director is typing in the live part's forms (buttons, chip counts) stays.
        const key = (i) => `${i.form ? (i.form.id || i.form.className + i.form.dataset.table) : ""}/${i.name}`;
        const typed = new Map([...$("live").querySelectorAll("input")]
          .filter((i) => i.value !== "").map((i) => [key(i), i.value]));
        const focused = document.activeElement && $("live").contains(document.activeElement)
          ? key(document.activeElement) : null;
        $("live").innerHTML = html;
        lastHtml = html;
        for (const i of $("live").querySelectorAll("input")) {
          if (typed.has(key(i))) i.value = typed.get(key(i));
          if (focused === key(i)) i.focus();
        }
      }
    }
    if (state) { s = state; s._received = performance.now(); }
    clockbar();
  }
  function refresh() {
    if (queued) return queued;
    if (pending) {
      queued = pending.then(() => { queued = null; return refresh(); });
      return queued;
    }
    pending = reload().catch(() => {}).finally(() => { pending = null; });
    return pending;
  }

  // --- bust-out dialog: the knockout offered from the busted player's table (IFP 57) ----------
  function seatedAt(player) {
    for (const t of s.tables || []) if (t.seats.some((x) => x.player === player)) return t;
    return null;
  }
  function option(value, text) {
    const o = document.createElement("option"); o.value = value; o.textContent = text; return o;
  }
  function fillBy(row) {
    const player = row.querySelector(".bust-player").value;
    const t = seatedAt(player);
    const others = t ? t.seats.filter((x) => x.player !== player) : [];
    row.querySelector(".bust-by").replaceChildren(option("", "(not recorded)"),
      ...others.map((x) => option(x.player, `${x.player} (seat ${x.seat})`)));
  }
  function addRow(player) {
    const row = $("bust-row").content.firstElementChild.cloneNode(true);
    const sel = row.querySelector(".bust-player");
    for (const t of s.tables || []) for (const x of t.seats) {
      sel.append(option(x.player, `${x.player} (table ${t.table}, seat ${x.seat})`));
    }
    if (player) sel.value = player;
    else {   // another player: the first one not already chosen
      const chosen = new Set([...document.querySelectorAll("#bust-rows .bust-player")].map((x) => x.value));
      const free = [...sel.options].find((o) => !chosen.has(o.value));
      if (free) sel.value = free.value;
    }
    sel.addEventListener("change", () => fillBy(row));
    $("bust-rows").append(row);
    fillBy(row);
    const several = $("bust-rows").children.length > 1;
    document.querySelectorAll(".bust-stack-label").forEach((l) => { l.hidden = !several; });
  }
  async function openBust(player) {
    // The seats as they are after the last command (its refresh may still be on its way).
    if (queued || pending) await (queued || pending);
    $("bust-rows").replaceChildren();
    addRow(player);
    $("bust-dialog").showModal();
  }
  function bustBody() {
    const rows = [...document.querySelectorAll("#bust-rows .bust-row")];
    const body = { players: rows.map((r) => r.querySelector(".bust-player").value) };
    const by = {};
    for (const r of rows) {
      const k = r.querySelector(".bust-by").value;
      if (k) by[r.querySelector(".bust-player").value] = k;
    }
    if (rows.length === 1) { if (by[body.players[0]]) body.by = by[body.players[0]]; }
    else {
      if (Object.keys(by).length) body.by = by;
      body.stacks = {};
      for (const r of rows) {
        const v = r.querySelector(".bust-stack").value;
        if (v !== "") body.stacks[r.querySelector(".bust-player").value] = Number(v);
      }
    }
    return body;
  }

  if (isDirector) {
    document.querySelectorAll("[data-cmd]").forEach((b) =>
      b.addEventListener("click", () => run(b.dataset.cmd, {})));
    $("spoken").addEventListener("change", () => run("announce", { spoken: $("spoken").checked }));
    const name = $("player-name");
    let asked = 0, people = [];
    // The database's people named as typed (the datalist shows nickname and contact too);
    // a name it does not hold is added to it with the registration.
    const inDatabase = (n) => people.some((p) => p.in_database && p.name.toLowerCase() === n.toLowerCase());
    // "Not in the player database" once no one in it matches what is typed (the search's
    // answer for it holds none of the database's people), not while a name is half typed.
    let searched = null;
    const showNew = () => {
      const typed = name.value.trim();
      $("new-person").hidden = !typed || searched !== typed || people.some((p) => p.in_database);
    };
    // The absent box is kept from one registration to the next (several absent players are
    // registered in a row); the button says which it will be, so a kept box is seen.
    const absentBox = $("absent");
    const absentLabel = () => { $("register-btn").textContent = absentBox.checked ? "Register as absent" : "Register"; };
    absentBox.addEventListener("change", absentLabel);
    absentLabel();
    name.addEventListener("input", async () => {
      const n = ++asked;
      const typed = name.value.trim();
      showNew();
      const res = await fetch(`/console/api/players?q=${encodeURIComponent(typed)}`);
      if (!res.ok || n !== asked) return;
      const taken = new Set((s.players || []).map((p) => p.name));
      people = (await res.json()).people;
      searched = typed;
      $("known").replaceChildren(...people.filter((p) => !taken.has(p.name)).map((p) =>
        option(p.name, [p.nickname && `“${p.nickname}”`, p.contact].filter(Boolean).join(" · ") || p.name)));
      showNew();
    });
    $("register").addEventListener("submit", async (e) => {
      e.preventDefault();
      const player = name.value.trim();
      if (!player) { say(false, "Type the player's name first: the name is empty."); name.focus(); return; }
      const f = e.target.elements;
      const absent = f.absent.checked;
      // A name the database does not hold is added to it as he registers (with the nickname
      // and contact when they were offered).
      if (!inDatabase(player)) {
        try {
          await PT.post("/console/api/players", { name: player,
            nickname: f.nickname.value.trim() || null, contact: f.contact.value.trim() || null });
        } catch (err) {
          if (!/already in the player database/.test(err.message)) { say(false, err.message); return; }
        }
        f.nickname.value = ""; f.contact.value = "";
      }
      name.value = "";     // ready for the next name at once; given back if refused
      $("new-person").hidden = true;
      if (!(await run("register", { players: [player], absent })) && !name.value) name.value = player;
      name.focus();
    });
    $("live").addEventListener("click", (e) => {
      const b = e.target.closest(".bust-btn");
      if (b) openBust(b.dataset.player);
      const a = e.target.closest(".arrive-btn");
      if (a) run("arrive", { player: a.dataset.player });
      const r = e.target.closest(".rebuy-btn");
      if (r) run("rebuy", { player: r.dataset.player });
      const o = e.target.closest(".addon-btn");
      if (o) run("addon", { player: o.dataset.player });
      const m = e.target.closest(".move-btn");
      if (m) run("moves", { move: m.dataset.move, done: m.dataset.done === "true" });
    });
    $("live").addEventListener("submit", async (e) => {
      if (e.target.classList.contains("race")) {
        e.preventDefault();
        const stacks = {};
        for (const input of e.target.querySelectorAll("input:not(.correction)")) stacks[input.name] = Number(input.value);
        const why = e.target.querySelector("input.correction");
        const body = { table: Number(e.target.dataset.table), stacks };
        if (why && why.value.trim()) body.correction = why.value.trim();
        await run("chip-race", body);
        return;
      }
      if (e.target.id === "league-add") {
        e.preventDefault();
        const f = e.target.elements;
        const body = { season: f.season.value.trim(), date: f.date.value.trim() || null,
          substitutes: f.subs.value.split(",").map((x) => x.trim()).filter(Boolean) };
        try {
          const out = await PT.post(api("league"), body);
          say(true, `added to the season ${out.season} (${out.entrants} players)`);
          await refresh();
        } catch (err) { say(false, err.message); }
        return;
      }
      if (e.target.id !== "buttons") return;
      e.preventDefault();
      const buttons = {};
      for (const input of e.target.querySelectorAll("input")) buttons[input.name] = Number(input.value);
      await run("buttons", { buttons });
    });
    $("bust-add").addEventListener("click", () => addRow(null));
    $("bust-cancel").addEventListener("click", () => $("bust-dialog").close());
    $("bust").addEventListener("submit", async (e) => {
      e.preventDefault();
      const body = bustBody();
      $("bust-dialog").close();
      await run("bust", body);
    });
    // --- the deal: each one's number shown before it is recorded (IFP 62) -------------------
    const remaining = () => (s.players || []).filter((p) => !p.out).map((p) => p.name);
    function dealBody() {
      const stacks = {};
      for (const input of document.querySelectorAll("#deal-table input")) {
        if (input.value !== "") stacks[input.dataset.player] = Number(input.value);
      }
      return { kind: $("deal-kind").value, stacks, left_to_play_for: Number($("deal-left").value || 0) };
    }
    function dealStale() { $("deal-submit").disabled = true;
      document.querySelectorAll("#deal-table .takes").forEach((td) => { td.textContent = ""; }); }
    $("btn-deal").addEventListener("click", () => {
      $("deal-table").tBodies[0].replaceChildren(...remaining().map((p) => {
        const tr = document.createElement("tr");
        const a = document.createElement("td"); a.textContent = p;
        const b = document.createElement("td");
        const input = document.createElement("input");
        input.type = "number"; input.min = "1"; input.dataset.player = p; input.required = true;
        input.addEventListener("input", dealStale);
        b.append(input);
        const c = document.createElement("td"); c.className = "takes";
        tr.append(a, b, c);
        return tr;
      }));
      $("deal-error").textContent = "";
      dealStale();
      $("deal-dialog").showModal();
    });
    $("deal-kind").addEventListener("change", dealStale);
    $("deal-left").addEventListener("input", dealStale);
    $("deal-cancel").addEventListener("click", () => $("deal-dialog").close());
    $("deal-preview").addEventListener("click", async () => {
      try {
        const d = await PT.post(api("deal-preview"), dealBody());
        for (const tr of $("deal-table").tBodies[0].rows) {
          const p = tr.cells[0].textContent;
          tr.cells[2].textContent = PT.num(d.amounts[p]);
        }
        $("deal-error").textContent = "";
        $("deal-submit").disabled = false;
      } catch (err) { $("deal-error").textContent = err.message; }
    });
    $("deal").addEventListener("submit", async (e) => {
      e.preventDefault();
      const body = { ...dealBody(), agree: remaining() };
      $("deal-dialog").close();
      await run("deal", body);
    });
    $("btn-last-hands").addEventListener("click", () => run("last-hands", {}));
    // --- undo and redo: what they change back is shown before they are made ---------------
    let reverting = null;
    async function askRevert(kind) {
      const target = s[kind];
      if (!target) return;
      try {
        const preview = await PT.post(api(kind), { expected: target.batch, dry_run: true });
        reverting = { kind, batch: target.batch };
        $("revert-title").textContent = kind === "undo" ? "Undo" : "Redo";
        $("revert-command").textContent = `${kind}: ${preview.command}`;
        const lines = [...preview.changes];
        $("revert-changes").replaceChildren(...(lines.length ? lines : ["nothing else changes"]).map((l) => {
          const li = document.createElement("li"); li.textContent = l; return li;
        }));
        $("revert-submit").textContent = kind === "undo" ? "Undo it" : "Redo it";
        $("revert-dialog").showModal();
      } catch (err) { say(false, err.message); }
    }
    $("btn-undo").addEventListener("click", () => askRevert("undo"));
    $("btn-redo").addEventListener("click", () => askRevert("redo"));
    $("revert-cancel").addEventListener("click", () => $("revert-dialog").close());
    $("revert").addEventListener("submit", async (e) => {
      e.preventDefault();
      $("revert-dialog").close();
      if (!reverting) return;
      const { kind, batch } = reverting;
      reverting = null;
      const out = await run(kind, { expected: batch });
      if (out) say(true, `${kind === "undo" ? "undone" : "redone"}: ${out.command}` +
                   (out.changes.length ? ` (${out.changes.join("; ")})` : "") + PT.alreadyDone(out));
    });
    // --- the clock and the levels to come (IFP 1 / TDA 1) ------------------------------------
    // A command from a dialog: its refusal is shown in the dialog, which stays open.
    async function fromDialog(dialog, error, cmd, body) {
      try {
        const out = await PT.command(api(cmd), body, (n, why) => { $(error).textContent = PT.resending(n, why); });
        $(dialog).close();
        say(true, summary(out.events || []) + PT.alreadyDone(out));
        await refresh();
      } catch (err) { $(error).textContent = err.message; }
    }
    // "5" is five minutes, "12:30" minutes and seconds, "1:05:00", "90s", "1h".
    function seconds(text) {
      const t = text.trim().toLowerCase();
      let m = /^(\d+(?:\.\d+)?)\s*(h|m|min|s)?$/.exec(t);
      if (m) return Number(m[1]) * ({ h: 3600, s: 1 }[m[2]] || 60);
      m = /^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?$/.exec(t);
      if (m) return m[3] === undefined ? Number(m[1]) * 60 + Number(m[2])
        : Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
      return null;
    }
    function clockNow() {
      const c = s.clock;
      $("clock-now").textContent = !c ? "" : `${c.on_break ? "Break " + c.break : "Level " + c.level}` +
        `${c.on_break ? "" : " · " + PT.blinds(c)} · ${PT.fmt(PT.secondsLeft(s))} left`;
    }
    $("btn-clock").addEventListener("click", () => {
      $("clock-error").textContent = "";
      clockNow();
      $("clock-dialog").showModal();
    });
    $("clock-cancel").addEventListener("click", () => $("clock-dialog").close());
    document.querySelectorAll("[data-clock]").forEach((b) => b.addEventListener("click", () => {
      const action = b.dataset.clock;
      const body = { action };
      if (["add", "subtract", "set"].includes(action)) {
        const sec = seconds($("clock-time").value);
        if (!sec) {
          $("clock-error").textContent = `"${$("clock-time").value}" is not a time: give 5 (minutes), 12:30 or 90s`;
          return;
        }
        body.seconds = sec;
      }
      fromDialog("clock-dialog", "clock-error", "clock", body);
    }));
    // The levels dialog edits the periods still to come (the snapshot's levels).
    function levelRow(p) {
      const tr = document.createElement("tr");
      tr.dataset.period = JSON.stringify(p);
      const cell = (child) => { const td = document.createElement("td"); if (child) td.append(child); tr.append(td); return td; };
      const input = (name, value) => {
        const i = document.createElement("input");
        i.type = "number"; i.min = "0"; i.name = name; i.value = value; i.required = true; return i;
      };
      const head = cell(); head.className = "what";
      cell(input("minutes", p.minutes));
      if (p.kind === "break") {
        const c = cell(); c.colSpan = 3; c.className = "chip-up";
        const label = document.createElement("label");
        const i = document.createElement("input");
        i.name = "color_up"; i.value = (p.color_up || []).join(", "); i.placeholder = "none";
        label.append("Chip-up, the chips going out (IFP 56): ", i);
        c.append(label);
      } else {
        cell(input("small_blind", p.small_blind));
        cell(input("big_blind", p.big_blind));
        cell(input("ante", p.ante || p.big_blind_ante || 0));
      }
      const act = cell();
      const b = document.createElement("button");
      b.type = "button"; b.className = "small secondary";
      b.textContent = p.kind === "break" ? "remove" : "+ break after";
      b.addEventListener("click", () => {
        if (p.kind === "break") tr.remove();
        else tr.after(levelRow({ kind: "break", minutes: 10, color_up: [] }));
        numberRows();
      });
      act.append(b);
      return tr;
    }
    let levelsFirst = null, levelsBase = 0;
    function numberRows() {
      let n = levelsBase;
      for (const tr of $("levels-table").tBodies[0].rows) {
        const p = JSON.parse(tr.dataset.period);
        tr.cells[0].textContent = p.kind === "break" ? `Break` : `Level ${++n}`;
      }
    }
    function levelsBody() {
      const periods = [];
      for (const tr of $("levels-table").tBodies[0].rows) {
        const p = JSON.parse(tr.dataset.period);
        const v = (n) => Number(tr.querySelector(`[name=${n}]`).value);
        p.minutes = v("minutes");
        if (p.kind === "break") {
          p.color_up = tr.querySelector("[name=color_up]").value.split(",").map((x) => x.trim())
            .filter(Boolean).map(Number);
        } else {
          p.small_blind = v("small_blind"); p.big_blind = v("big_blind");
          if (p.big_blind_ante) p.big_blind_ante = v("ante"); else p.ante = v("ante");
        }
        periods.push(p);
      }
      return { first: levelsFirst, periods };
    }
    $("btn-levels").addEventListener("click", async () => {
      if (queued || pending) await (queued || pending);
      const rows = (s.levels || []).filter((r) => r.state === "to come");
      const now = (s.levels || []).find((r) => r.state === "now");
      levelsFirst = now ? now.index + 1 : null;
      levelsBase = now ? (now.kind === "level" ? now.number : (s.clock ? s.clock.level : 0)) : 0;
      $("levels-table").tBodies[0].replaceChildren(...rows.map((r) => levelRow(r.period)));
      numberRows();
      $("levels-error").textContent = "";
      $("levels-dialog").showModal();
    });
    $("levels-add").addEventListener("click", () => {
      const rows = $("levels-table").tBodies[0].rows;
      const last = rows.length ? JSON.parse(rows[rows.length - 1].dataset.period) : null;
      const p = last && last.kind === "level" ? { ...last, small_blind: last.small_blind * 2, big_blind: last.big_blind * 2 }
        : { kind: "level", minutes: 20, small_blind: 100, big_blind: 200, ante: 0, big_blind_ante: 0 };
      $("levels-table").tBodies[0].append(levelRow(p));
      numberRows();
    });
    $("levels-cancel").addEventListener("click", () => $("levels-dialog").close());
    $("levels-form").addEventListener("submit", (e) => {
      e.preventDefault();
      fromDialog("levels-dialog", "levels-error", "levels", levelsBody());
    });
    // --- unregister (before the start) and penalties (IFP 70) -------------------------------
    $("live").addEventListener("click", (e) => {
      const u = e.target.closest(".unregister-btn");
      if (u) run("unregister", { players: [u.dataset.player] });
      const p = e.target.closest(".penalty-btn");
      if (p) {
        $("penalty-player").textContent = p.dataset.player;
        $("penalty-kind").value = "warning";
        $("penalty-count-label").hidden = true;
        $("penalty-error").textContent = "";
        $("penalty-dialog").showModal();
      }
    });
    $("penalty-kind").addEventListener("change", () => {
      $("penalty-count-label").hidden = !["hands", "rounds"].includes($("penalty-kind").value);
    });
    $("penalty-cancel").addEventListener("click", () => $("penalty-dialog").close());
    $("penalty-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const kind = $("penalty-kind").value;
      const body = { player: $("penalty-player").textContent, penalty: kind };
      if (kind === "hands") body.hands = Number($("penalty-count").value);
      if (kind === "rounds") body.rounds = Number($("penalty-count").value);
      fromDialog("penalty-dialog", "penalty-error", "penalty", body);
    });
    document.querySelectorAll("[data-h4h]").forEach((b) =>
      b.addEventListener("click", () => run("hand-for-hand", { action: b.dataset.h4h })));
  }

  clockbar();
  setInterval(clockbar, 500);
  PT.connect(s.name, (next) => {
    // The stream carries the screens' snapshot (no player list): a new event reloads the
    // console's own; otherwise only the clock and the settings are taken from it.
    // A new period (a level or a break begun by the clock: a chip-up's race card) reloads
    // the live part too, as does any change of the chip race due.
    const period = (x) => x.clock ? `${x.clock.on_break}/${x.clock.break}/${x.clock.level}` : "";
    if (next.seq !== s.seq || period(next) !== period(s) ||
        JSON.stringify([next.chip_race, next.chip_races]) !==
        JSON.stringify([s.chip_race, s.chip_races])) refresh();
    else {
      s = { ...s, clock: next.clock, server_time: next.server_time, _received: next._received,
            settings: next.settings, next: next.next, seconds_to_break: next.seconds_to_break };
      clockbar();
    }
  });
})();
