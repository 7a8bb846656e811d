// A playable table: the websocket client (docs/table-protocol.md). Everything shown is the
// frame the server built for this seat; the buttons offer exactly the engine's legal actions.
"use strict";
(() => {
  const root = document.getElementById("tp");
  const NAME = root.dataset.name;
  const EVENT = root.dataset.event || null;
  const $ = (id) => document.getElementById(id);
  const KEY = EVENT ? `pokertd.event.${EVENT}` : `pokertd.table.${NAME}`;
  const HOST_KEY = `pokertd.host.${EVENT || NAME}`;
  let ws = null, state = null, received = 0, timer = null, pending = null;

  const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const num = (n) => Number(n).toLocaleString("en-US");
  function card(c) {
    const el = document.createElement("span");
    if (!c || c === "??") { el.className = "pcard back"; el.setAttribute("aria-label", "face down"); return el; }
    const rank = c[0] === "T" ? "10" : c[0];
    el.className = `pcard s-${c[1]}`;
    el.dataset.card = c;
    el.textContent = rank + SUITS[c[1]];
    return el;
  }
  function msg(text) { $("msg").textContent = text || ""; }

  // --- the connection ---------------------------------------------------------------------
  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/tables/${encodeURIComponent(NAME)}/ws`);
    ws.onopen = () => {
      $("conn").textContent = "live"; $("conn").className = "conn live";
      ws.send(JSON.stringify({ type: "hello", token: localStorage.getItem(KEY) || "",
                               host: localStorage.getItem(HOST_KEY) || "" }));
      if (pending) ws.send(JSON.stringify(pending));   // a resend acts once (its id)
    };
    ws.onclose = () => {
      $("conn").textContent = "disconnected"; $("conn").className = "conn down";
      setTimeout(connect, 1000);
    };
    ws.onmessage = (m) => {
      const f = JSON.parse(m.data);
      if (f.type === "state") {
        if (!("last_hands" in f)) f.last_hands = state ? state.last_hands : [];   // unchanged
        state = f; received = performance.now(); render();
        if (window.PTFair) PTFair.render(f, send); }
      else if (f.type === "joined") { localStorage.setItem(KEY, f.token); $("join").close(); }
      else if (f.type === "error") {
        if (pending && f.id === pending.id) pending = null;
        if ($("join").open) $("join-error").textContent = f.message; else msg(f.message);
        render();
      } else if (f.type === "ok" && pending && f.id === pending.id) pending = null;
      else if (f.type === "unseated") {       // the seat is gone: say why (busted, out, moved)
        msg(f.place ? `${f.message} (place ${f.place})` : f.message);
        if (!EVENT) localStorage.removeItem(KEY);
      }
      document.documentElement.dataset.frames = Number(document.documentElement.dataset.frames || 0) + 1;
    };
  }
  function send(m) {
    m.id = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));
    if (m.type === "act") pending = m;
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(m));
  }
  function act(action, amount) {
    msg("");
    const turn = state && state.legal ? state.legal.turn : undefined;   // this turn only
    send(amount === undefined ? { type: "act", action, turn } : { type: "act", action, amount, turn });
    $("actions").classList.add("sent");
  }

  // --- drawing ----------------------------------------------------------------------------
  function seatXY(i, n, mine) {
    // Seats round an oval, one's own seat at the bottom centre.
    const off = mine ? mine - 1 : 0;
    const a = Math.PI / 2 + ((i - off) * 2 * Math.PI) / n;
    // A tall phone felt: the seats spread along its height, not bunched at the sides.
    const narrow = window.innerWidth <= 760;
    const ry = narrow ? 45 : 40;
    const y = Math.sin(a);
    const t = narrow ? Math.sign(y) * Math.pow(Math.abs(y), 0.7) : y;
    return [50 + 44 * Math.cos(a), 50 + ry * t];
  }

  function render() {
    const s = state;
    if (!s) return;
    const h = s.hand;
    const n = s.seats.length;
    const seats = $("seats");
    seats.textContent = "";
    const winners = new Set();
    for (const a of s.awards || []) for (const w of a.seats) winners.add(w);
    for (const x of s.seats) {
      const el = document.createElement("div");
      const [left, top] = seatXY(x.seat - 1, n, s.you);
      el.className = "seat";
      el.style.left = left + "%"; el.style.top = top + "%";
      el.dataset.seat = x.seat;
      if (x.empty) {
        el.classList.add("empty");
        if (!s.you && !EVENT) {
          const b = document.createElement("button");
          b.type = "button"; b.className = "secondary small sit"; b.textContent = `Sit in seat ${x.seat}`;
          b.onclick = () => openJoin(x.seat);
          el.append(b);
        } else {
          el.textContent = `seat ${x.seat}`;
        }
        seats.append(el);
        continue;
      }
      if (x.you) el.classList.add("you");
      if (x.acting) el.classList.add("acting");
      if (x.status === "folded") el.classList.add("folded");
      if (h && h.done && winners.has(x.seat)) el.classList.add("won");
      const cards = document.createElement("div");
      cards.className = "hole";
      if (x.cards) for (const c of x.cards) cards.append(card(c));
      const name = document.createElement("div");
      name.className = "pname";
      name.textContent = x.name + (x.away ? " (away)" : "");
      if (x.bot) { const t = document.createElement("span"); t.className = "tag"; t.textContent = "bot"; name.append(" ", t); }
      if (x.bot && s.host && !EVENT) {
        const r = document.createElement("button");
        r.type = "button"; r.className = "link remove-bot"; r.textContent = "✕";
        r.title = `Remove ${x.name}`; r.setAttribute("aria-label", `Remove ${x.name}`);
        r.onclick = () => send({ type: "remove_bot", seat: x.seat });
        name.append(" ", r);
      }
      const stack = document.createElement("div");
      stack.className = "stack mono";
      stack.textContent = num(x.stack);
      el.append(cards, name, stack);
      if (h && !h.done || (h && x.bet)) {
        const marks = [];
        if (h && h.button === x.seat) marks.push(["D", "btn"]);
        if (h && h.small_blind === x.seat) marks.push(["SB", "blind"]);
        if (h && h.big_blind === x.seat) marks.push(["BB", "blind"]);
        for (const [t, c] of marks) {
          const m = document.createElement("span"); m.className = "mark " + c; m.textContent = t; el.append(m);
        }
      } else if (h && h.button === x.seat) {
        const m = document.createElement("span"); m.className = "mark btn"; m.textContent = "D"; el.append(m);
      }
      if (x.bet) {
        const b = document.createElement("div"); b.className = "bet mono"; b.textContent = num(x.bet); el.append(b);
      }
      seats.append(el);
    }
    // board, pots, result
    const board = $("board");
    board.textContent = "";
    if (h) for (const c of h.board) board.append(card(c));
    const pots = $("pots");
    pots.textContent = "";
    if (h && !h.done) {
      h.pots.forEach((p, i) => {
        if (!p.amount) return;
        const el = document.createElement("span");
        el.className = "pot mono";
        el.textContent = (i === 0 ? "Main pot " : `Side pot ${i} `) + num(p.amount);
        pots.append(el);
      });
    }
    $("result").textContent = h && h.stopped ?
      // IFP 61: hand-for-hand, the all-in hand goes on when the other tables' hands are over
      "All-in: the hand is stopped until the other tables finish their hands " +
      "(hand-for-hand, IFP 61)" :
      h && h.done ? (s.awards || []).map((a) =>
      `${a.winners.join(" & ")} win${a.winners.length > 1 ? "" : "s"} ${num(a.amount)}` +
      (a.pot ? ` (side pot ${a.pot})` : (s.awards.length > 1 ? " (main pot)" : ""))).join(" · ") : "";
    $("tp-blinds").textContent = h && h.blinds && h.blinds.length ? `blinds ${h.blinds.filter(Boolean).join("/")} · hand ${h.number}` :
      `blinds ${s.config.small_blind}/${s.config.big_blind}`;
    // log and history
    const log = $("log"); log.textContent = "";
    for (const line of (h ? h.lines : [])) { const li = document.createElement("li"); li.textContent = line; log.append(li); }
    const hist = $("hist"); hist.textContent = "";
    const token = localStorage.getItem(KEY);
    for (const p of s.last_hands) {
      const li = document.createElement("li");
      const head = document.createElement("div");
      head.textContent = `Hand ${p.hand}: ${p.winners.join(", ")} won` + (p.board.length ? ` · ${p.board.join(" ")}` : "");
      li.append(head);
      if (p.played && token) {
        const a = document.createElement("a");
        a.href = `/tables/${encodeURIComponent(NAME)}/hands/${p.hand}.phh?token=${encodeURIComponent(token)}`;
        a.textContent = "PHH"; a.className = "phh"; a.setAttribute("download", "");
        const ps = document.createElement("a");       // the same hand, as PokerStars text
        ps.href = `/tables/${encodeURIComponent(NAME)}/hands/${p.hand}.txt?token=${encodeURIComponent(token)}`;
        ps.textContent = "PokerStars"; ps.className = "phh"; ps.setAttribute("download", "");
        head.append(" ", a, " ", ps);
      }
      const d = document.createElement("div"); d.className = "hint"; d.textContent = p.lines.join("; ");
      li.append(d);
      hist.append(li);
    }
    // me
    const me = $("me");
    me.textContent = "";
    const mine = s.you && !s.seats[s.you - 1].empty ? s.seats[s.you - 1] : null;
    if (mine) {
      $("tp-who").textContent = `${mine.name} · seat ${s.you}`;
      const b = document.createElement("button");
      b.type = "button"; b.className = "secondary small";
      b.textContent = mine.away ? "I'm back" : "Sit out";
      b.id = mine.away ? "b-back" : "b-away";
      b.onclick = () => send({ type: mine.away ? "back" : "away" });
      me.append(b);
      if (!EVENT) {
        const l = document.createElement("button");
        l.type = "button"; l.className = "secondary small"; l.textContent = "Leave";
        l.onclick = () => { send({ type: "leave" }); localStorage.removeItem(KEY); };
        me.append(" ", l);
      }
    } else {
      $("tp-who").textContent = "watching";
      if (EVENT && localStorage.getItem(KEY)) findMySeat();
    }
    $("host-box").hidden = !s.host;
    renderActions();
  }

  function renderActions() {
    const s = state, la = s && s.legal;
    const box = $("actions");
    box.classList.remove("sent");
    if (!la || pending) { box.hidden = !la; if (!la) stopTimer(); else startTimer(); return; }
    box.hidden = false;
    $("b-fold").hidden = !la.fold;      // IFP 28: a fold is always allowed
    $("b-check").hidden = !la.check;
    $("b-call").hidden = la.check;
    $("b-call").textContent = `Call ${num(la.call)}`;
    const canRaise = la.min_raise_to !== null;
    $("raise-row").hidden = !canRaise;
    const allin = la.all_in;
    const stack = allin - (s.seats[s.you - 1].bet || 0);
    $("b-allin").hidden = !((canRaise && la.max_raise_to === allin) || (!canRaise && la.call === stack && stack > 0));
    $("b-allin").textContent = `All-in ${num(allin)}`;
    if (canRaise) {
      const sl = $("r-slider"), amt = $("r-amount");
      sl.min = la.min_raise_to; sl.max = la.max_raise_to; sl.step = 1;
      amt.min = la.min_raise_to; amt.max = la.max_raise_to;
      if (!amt.value || Number(amt.value) < la.min_raise_to || Number(amt.value) > la.max_raise_to) amt.value = la.min_raise_to;
      sl.value = amt.value;
      $("b-raise").textContent = `${la.bet ? "Bet" : "Raise to"} ${num(amt.value)}`;
      $("b-pot").hidden = !la.pot_limit;
      $("b-pot").textContent = `Pot ${num(la.max_raise_to)}`;
      $("b-min").textContent = `Min ${num(la.min_raise_to)}`;
    }
    startTimer();
  }

  function startTimer() {
    stopTimer();
    const c = state && state.hand && state.hand.clock;
    if (!c) return;
    const tick = () => {
      const el = c.elapsed + (performance.now() - received) / 1000;
      const left = Math.max(0, c.act_seconds - el);
      const bank = Math.max(0, c.bank - Math.max(0, el - c.act_seconds));
      $("timer-bar").style.width = `calc((100% - 7rem) * ${left / c.act_seconds})`;
      $("timer-text").textContent = left > 0 ? `${Math.ceil(left)} s` : `time bank ${Math.ceil(bank)} s`;
    };
    tick();
    timer = setInterval(tick, 250);
  }
  function stopTimer() { if (timer) clearInterval(timer); timer = null; }

  let finding = false;
  async function findMySeat() {
    if (finding) return;
    finding = true;
    try {
      const r = await fetch(`/tables/api/events/${encodeURIComponent(EVENT)}/seat?token=${encodeURIComponent(localStorage.getItem(KEY))}`);
      if (r.ok) {
        const w = await r.json();
        if (w.table && w.table !== NAME) location.href = `/tables/${encodeURIComponent(w.table)}`;
        else if (w.out) $("tp-who").textContent = `${w.player}: out in place ${w.place}` + (w.prize ? `, prize ${num(w.prize)}` : "");
        else if (w.place === 1) $("tp-who").textContent = `${w.player}: winner!`;
      }
    } finally { setTimeout(() => { finding = false; }, 1500); }
  }

  // --- joining ----------------------------------------------------------------------------
  function openJoin(seat) {
    $("join-seat").textContent = seat;
    $("join").dataset.seat = seat;
    $("join-error").textContent = "";
    $("join").showModal();
  }
  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    send({ type: "join", name: f.get("name"), seat: Number($("join").dataset.seat), stack: Number(f.get("stack")) });
  });
  $("join-cancel").onclick = () => $("join").close();

  // --- acting -----------------------------------------------------------------------------
  $("b-fold").onclick = () => act("fold");
  $("b-check").onclick = () => act("check");
  $("b-call").onclick = () => act("call");
  $("b-allin").onclick = () => act("all_in");
  $("b-min").onclick = () => { $("r-amount").value = state.legal.min_raise_to; $("r-slider").value = state.legal.min_raise_to; renderActions(); };
  $("b-pot").onclick = () => { $("r-amount").value = state.legal.max_raise_to; $("r-slider").value = state.legal.max_raise_to; renderActions(); };
  $("r-slider").oninput = () => { $("r-amount").value = $("r-slider").value; $("b-raise").textContent = `${state.legal.bet ? "Bet" : "Raise to"} ${num($("r-amount").value)}`; };
  $("r-amount").oninput = () => { $("b-raise").textContent = `${state.legal.bet ? "Bet" : "Raise to"} ${num($("r-amount").value || 0)}`; };
  // The field sends what was typed: the engine refuses what it must, with its own message.
  $("b-raise").onclick = () => act("raise", Math.trunc(Number($("r-amount").value)));
  $("add-bot").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = new FormData(e.target);
    send({ type: "add_bot", seat: Number(f.get("seat")), bot: f.get("bot"), stack: Number(f.get("stack")) });
  });

  window.addEventListener("resize", render);
  connect();
})();
