// A player's phone, watch-only: the clock, his seat and his moves as they are announced, the
// payouts. His name is remembered on the phone (localStorage), never sent anywhere.
"use strict";
(() => {
  let s = PT.initial();
  const $ = (id) => document.getElementById(id);
  const KEY = `pokertd:me:${s.name}`;
  let seen = null;              // where he sat at the last snapshot: "table/seat"
  $("my-name").value = localStorage.getItem(KEY) || "";

  // The player typed: his name or his nickname (the player database's), whole or a part
  // that fits one player only.
  function me() {
    const q = $("my-name").value.trim().toLowerCase();
    if (!q) return null;
    const names = [];
    for (const t of s.tables || []) for (const x of t.seats) names.push(x.player);
    for (const p of s.players_out || []) names.push(p.name);
    const nick = (n) => ((s.nicknames || {})[n] || "").toLowerCase();
    const exact = names.find((n) => n.toLowerCase() === q || nick(n) === q);
    if (exact) return exact;
    const part = names.filter((n) => n.toLowerCase().includes(q) || nick(n).includes(q));
    return part.length === 1 ? part[0] : null;
  }

  function where(name) {
    for (const t of s.tables || []) for (const x of t.seats) if (x.player === name) return { table: t.table, seat: x.seat };
    const out = (s.players_out || []).find((p) => p.name === name);
    return out ? { place: out.place + (out.provisional ? " (provisional)" : "") } : null;
  }

  function renderMe() {
    const name = me();
    const seat = $("my-seat"), list = $("my-moves");
    if (!name) {
      seat.textContent = $("my-name").value.trim() ? "No player of that name in this event." : "";
      list.replaceChildren();
      seen = null;
      return;
    }
    const at = where(name);
    seat.replaceChildren();
    const big = document.createElement("div");
    big.className = "hit";
    big.textContent = !at ? `${name}: not seated yet` : at.place ? `${name}: out in place ${at.place}` :
      `${name}: table ${at.table}, seat ${at.seat}`;
    seat.append(big);
    const now = at && at.table ? `${at.table}/${at.seat}` : null;
    if (seen !== null && now !== null && now !== seen) {
      big.classList.add("moved");
      if ("vibrate" in navigator) navigator.vibrate([200, 100, 200]);
    }
    seen = now;
    // His moves still to be made (the server's list, newest first).
    const mine = (s.pending_moves || []).filter((m) => m.player === name);
    list.replaceChildren(...mine.map((m) => {
      const li = document.createElement("li"); li.textContent = m.text; return li;
    }));
  }

  function render() {
    const c = s.clock;
    $("level").textContent = s.finished ? "Finished" : !c ? "Registration" :
      (c.on_break ? `Break ${c.break}` : `Level ${c.level}`);
    // The winner once; "Break" once, the chip-up announced (IFP 56; WPA 14; TDA 24).
    const race = s.chip_race && s.chip_race.going_out.length ?
      `Chip-up: the ${s.chip_race.going_out.map(PT.num).join(" and ")} chips go` : "";
    $("blinds").textContent = s.finished ? (s.winner ? `${s.winner} wins` : "") :
      !c ? "Starting soon" : c.on_break ? race : PT.blinds(c);
    $("clock-state").textContent = c && !s.finished ? PT.clockState(s) : "";
    const n = s.next;
    $("next").textContent = !c || s.finished ? "" : !n ? "Last level" : n.break ?
      `Next: ${n.minutes} minute break${n.chip_up ? " (chip-up)" : ""}` :
      `Next: level ${n.level} · ${PT.num(n.small_blind)} / ${PT.num(n.big_blind)}`;
    $("players").textContent = `${PT.num(s.players_left)} / ${PT.num(s.entrants)}`;
    $("average").textContent = PT.num(s.average_stack);
    $("average-bb").textContent = s.average_bb ? `${PT.num(s.average_bb)} BB` : "";
    $("pool").textContent = PT.num(s.prize_pool);
    // A figure not there yet is not shown (no "–" before the first registration).
    $("stat-average").hidden = s.average_stack === null;
    $("stat-pool").hidden = !s.prize_pool;
    const pays = s.payouts || [];
    $("no-payouts").hidden = pays.length > 0;
    $("payouts-list").replaceChildren(...pays.map((p) => {
      const li = document.createElement("li");
      li.textContent = PT.num(p.amount) + (p.players.length ? ` ${p.players.join(", ")}` : "")
        // IFP 62: before the finish a deal's row is what one player is owed, not a place.
        + (p.deal && !s.finished ? " (deal)" : "");
      return li;
    }));
    renderMe();
    tick();
  }

  function tick() {
    const c = s.clock;
    $("time-left").hidden = !c || s.finished;
    if (!c || s.finished) return;
    $("time-left").textContent = PT.fmt(PT.secondsLeft(s));
    $("time-left").classList.toggle("stopped", !c.running);
  }

  $("my-name").addEventListener("input", () => {
    localStorage.setItem(KEY, $("my-name").value.trim());
    seen = null;
    renderMe();
  });
  render();
  setInterval(tick, 250);
  PT.connect(s.name, (next) => { s = next; render(); });
  PT.wakeLock();
})();
