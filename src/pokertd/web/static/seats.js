// The seats screen: find my seat by name, and every table's seating in turn.
"use strict";
(() => {
  let s = PT.initial();
  const $ = (id) => document.getElementById(id);
  // Each table's seating in turn, for this long (the page's data-every-ms).
  const ROTATE_MS = Number($("rotating").dataset.everyMs) || 8000;
  let shown = 0;

  function seatOf(name) {
    const q = name.trim().toLowerCase();
    if (!q) return [];
    const out = [];
    for (const t of s.tables || []) {
      for (const seat of t.seats) {
        if (seat.player.toLowerCase().includes(q)) out.push({ player: seat.player, table: t.table, seat: seat.seat });
      }
    }
    for (const p of s.players_out || []) {
      if (p.name.toLowerCase().includes(q)) out.push({ player: p.name, place: p.place + (p.provisional ? " (provisional)" : "") });
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
    if ($("find-name").value.trim() && !hits.length) box.textContent = "No player by that name is seated.";
  }

  function show() {
    const tables = s.tables || [];
    if (!tables.length) {
      $("rot-title").textContent = s.started ? "" : "Seats are drawn when the event starts";
      $("rot-seats").replaceChildren();
      $("rot-dots").replaceChildren();
      return;
    }
    shown = shown % tables.length;
    const t = tables[shown];
    $("rot-title").textContent = `Table ${t.table}`;
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
