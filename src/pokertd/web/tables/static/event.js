// A dealt tournament's page: enter, the host's bots and start, the tables, the results.
"use strict";
(() => {
  const NAME = document.getElementById("ev").dataset.name;
  const KEY = `pokertd.event.${NAME}`;
  const HOST = localStorage.getItem(`pokertd.host.${NAME}`);
  const $ = (id) => document.getElementById(id);
  const api = `/tables/api/events/${encodeURIComponent(NAME)}`;
  const num = (n) => Number(n).toLocaleString("en-US");

  async function mine() {
    const token = localStorage.getItem(KEY);
    if (!token) return null;
    const r = await fetch(`${api}/seat?token=${encodeURIComponent(token)}`);
    return r.ok ? r.json() : null;
  }

  async function render(s) {
    $("ev-state").textContent = s.state + (s.winner ? `: ${s.winner} won` : "");
    $("ev-count").textContent = `${s.entrants.length}/${s.seats}`;
    const ol = $("ev-entrants"); ol.textContent = "";
    for (const e of s.entrants) { const li = document.createElement("li"); li.textContent = e.name + (e.bot ? ` (${e.bot} bot)` : ""); ol.append(li); }
    $("enter").hidden = s.state !== "registering" || !!localStorage.getItem(KEY);
    $("host").hidden = !HOST || s.state !== "registering";
    const me = await mine();
    if (!me) $("ev-mine").textContent = s.state === "registering" ? "" : "Entries are closed: watch the tables below.";
    if (me) {
      $("ev-mine").textContent = me.table ? `${me.player}: your seat is ${me.seat} at ` : `${me.player}: entered.`;
      if (me.table) {
        const a = document.createElement("a"); a.href = `/tables/${encodeURIComponent(me.table)}`; a.textContent = me.table; a.id = "my-table";
        $("ev-mine").append(a);
        if (s.state === "running" && !sessionStorage.getItem(`went.${NAME}`)) { sessionStorage.setItem(`went.${NAME}`, "1"); location.href = a.href; }
      }
      if (me.place) $("ev-mine").textContent = `${me.player}: place ${me.place}` + (me.prize ? `, prize ${num(me.prize)}` : "");
    }
    $("ev-tables-card").hidden = !s.tables.length;
    const tb = $("ev-tables"); tb.textContent = "";
    for (const t of s.tables) {
      const d = document.createElement("div"); d.className = "table";
      const a = document.createElement("a"); a.href = `/tables/${encodeURIComponent(t.name)}`; a.textContent = `Table ${t.table}`;
      const l = document.createElement("ol");
      for (const p of t.players) { const li = document.createElement("li"); li.innerHTML = `<span class="seatno"></span> <span class="pname"></span> <span class="mono"></span>`;
        li.children[0].textContent = p.seat; li.children[1].textContent = p.name; li.children[2].textContent = num(p.stack); l.append(li); }
      d.append(a, l); tb.append(d);
    }
    const done = s.results.filter((r) => r.place !== null);
    $("ev-results-card").hidden = !done.length;
    const body = $("ev-results").querySelector("tbody"); body.textContent = "";
    for (const r of done) {
      const tr = document.createElement("tr");
      for (const v of [r.place, r.player, r.knockouts, r.prize ? num(r.prize) : ""]) { const td = document.createElement("td"); td.textContent = v; tr.append(td); }
      body.append(tr);
    }
  }

  $("enter").addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    try {
      const out = await PT.post(`${api}/enter`, { name: f.get("name"), password: f.get("password") || "" });
      localStorage.setItem(KEY, out.token);
      refresh();
    } catch (err) { $("enter-error").textContent = err.message; }
  });
  $("bots").addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    try { await PT.post(`${api}/bots`, { host: HOST, count: Number(f.get("count")), kind: f.get("kind") }); refresh(); }
    catch (err) { $("host-error").textContent = err.message; }
  });
  $("start").addEventListener("click", async () => {
    try { await PT.post(`${api}/start`, { host: HOST }); refresh(); }
    catch (err) { $("host-error").textContent = err.message; }
  });

  async function refresh() {
    const r = await fetch(api);
    if (r.ok) render(await r.json());
  }
  render(JSON.parse($("state").textContent));
  setInterval(refresh, 2000);
})();
