// The seats screen: find my seat by name, and every table's seating in turn.
"use strict";
(() => {
  let s = PT.initial();
  const $ = (id) => document.getElementById(id);
  // Each table's seating in turn, for this long (the page's data-every-ms).
  const ROTATE_MS = Number($("rotating").dataset.everyMs) || 8000;
  let shown = 0;

  // The players whose name or nickname (the player database's) holds what was typed.
  function seatOf(name) {
    const q = name.trim().toLowerCase();
    if (!q) return [];
    const nick = (n) => (s.nicknames || {})[n] || "";
    const fits = (n) => n.toLowerCase().includes(q) || nick(n).toLowerCase().includes(q);
    const called = (n) => nick(n) ? `${n} (${nick(n)})` : n;
    const out = [];
    for (const t of s.tables || []) {
      for (const seat of t.seats) {
        if (fits(seat.player)) out.push({ player: called(seat.player), table: t.table, seat: seat.seat });
      }
    }
    for (const p of s.players_out || []) {
      if (fits(p.name)) out.push({ player: called(p.name), place: p.place + (p.provisional ? " (provisional)" : "") });
    }
    return out;
  }

  function find() {
    const hits = seatOf($("find-name").value);
    const box = $("found");
    box.replaceChildren(...hits.slice(0, 6).map((h) => {
      const div = document.createElement("div");
      div.className = "hit";
      div.textContent = h.table !== undefined ?
        `${h.player}: table ${h.table}, seat ${h.seat}` : `${h.player}: out in place ${h.place}`;
      return div;
    }));
    if ($("find-name").value.trim() && !hits.length) box.textContent = "No player by that name or nickname is seated.";
  }

  function show() {
    // Over: the winner, once (his seat at the last table is no news to anyone).
    const tables = s.finished ? [] : s.tables || [];
    if (!tables.length) {
      $("rot-title").textContent = s.finished ? (s.winner ? `${s.winner} wins` : "Finished") :
        "Seats are drawn when the event starts";
      $("rot-title").classList.toggle("note", !s.finished);
      $("rot-seats").replaceChildren();
      $("rot-dots").replaceChildren();
      return;
    }
    shown = shown % tables.length;
    const t = tables[shown];
    $("rot-title").textContent = `Table ${t.table}`;
    $("rot-title").classList.remove("note");
    $("rot-seats").replaceChildren(...t.seats.map((seat) => {
      const li = document.createElement("li");
      const no = document.createElement("span"); no.className = "seatno"; no.textContent = seat.seat;
      const nm = document.createElement("span"); nm.className = "pname"; nm.textContent = seat.player;
      li.append(no, nm);
      return li;
    }));
    $("rot-dots").replaceChildren(...tables.map((x, i) => {
      const d = document.createElement("span");
      d.className = "dot" + (i === shown ? " on" : "");
      d.textContent = x.table;
      return d;
    }));
  }

  function render() { show(); find(); PT.moves($("moves"), s); }
  render();
  setInterval(() => { shown += 1; show(); }, ROTATE_MS);
  $("find-name").addEventListener("input", find);
  PT.connect(s.name, (next) => { s = next; render(); });
  PT.wakeLock();
})();
