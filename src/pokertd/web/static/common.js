// pokertd screens and console: the shared part (no library, no build step).
"use strict";
const PT = (() => {
  const csrf = () => document.querySelector('meta[name="csrf-token"]').content;

  // The snapshot the server rendered into the page, stamped with the moment it arrived.
  function initial() {
    const s = JSON.parse(document.getElementById("state").textContent);
    s._received = performance.now();
    return s;
  }

  // The server's time now: its time in the last snapshot plus the time elapsed since it
  // arrived (a monotonic clock); every snapshot re-syncs it, so nothing drifts.
  function serverNow(s) {
    return s.server_time + (performance.now() - s._received) / 1000;
  }

  // Seconds left in the clock's period at the server's time now.
  function secondsLeft(s) {
    const c = s.clock;
    if (!c || c.seconds_left === null) return null;
    if (!c.running) return c.seconds_left;
    return Math.max(0, c.seconds_left - (serverNow(s) - s.server_time));
  }

  function fmt(sec) {
    if (sec === null || sec === undefined) return "–:––";
    const t = Math.ceil(sec - 1e-6);
    const h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), ss = t % 60;
    const two = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(ss)}` : `${m}:${two(ss)}`;
  }

  const num = (n) => (n === null || n === undefined) ? "–" : Number(n).toLocaleString("en-US");

  function blinds(c) {
    if (!c) return "–";
    if (c.on_break) return `Break ${c.break}`;
    let text = `${num(c.small_blind)} / ${num(c.big_blind)}`;
    if (c.ante) text += ` · ante ${num(c.ante)}`;
    else if (c.big_blind_ante) text += ` · BB ante ${num(c.big_blind_ante)}`;
    return text;
  }

  // The clock's state line on the room's screens: stopped, and hand-for-hand play (IFP 61;
  // TDA RP-8: the players on the bubble see that each hand starts at every table together).
  function clockState(s) {
    const c = s.clock, h = s.hand_for_hand;
    const h4h = h && h.on ? `HAND-FOR-HAND (${h.rule})` : "";
    const stopped = !c || c.running ? "" : c.pause_reason === "director" ? "PAUSED" :
      h4h && /hand-for-hand/.test(c.pause_reason) ? "PAUSED" : `PAUSED (${c.pause_reason})`;
    return [h4h, stopped].filter(Boolean).join(" · ");
  }

  // Live snapshots by server-sent events; the browser reconnects by itself after a drop,
  // and a stream the browser gave up on is opened again. `conn` shows the connection.
  function connect(name, onState) {
    const conn = document.getElementById("conn");
    const show = (ok) => {
      if (!conn) return;
      conn.textContent = ok ? "live" : "Disconnected: reconnecting…";
      conn.className = "conn " + (ok ? "live" : "down");
    };
    let source = null;
    function open() {
      source = new EventSource(`/events/${encodeURIComponent(name)}/stream`);
      source.onopen = () => show(true);
      source.addEventListener("state", (msg) => {
        const s = JSON.parse(msg.data);
        s._received = performance.now();
        show(true);
        // How many snapshots this page has had (for the tests: "the stream is flowing").
        document.documentElement.dataset.updates = Number(document.documentElement.dataset.updates || 0) + 1;
        onState(s);
      });
      source.onerror = () => {
        show(false);
        if (source.readyState === EventSource.CLOSED) setTimeout(open, 2000);
      };
    }
    open();
    window.addEventListener("offline", () => show(false));
    // Back on the network: a fresh stream now (its first message is the state as it is).
    window.addEventListener("online", () => { source.close(); open(); });
    return { close: () => source && source.close() };
  }

  async function post(path, body) {
    const res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf() },
      body: JSON.stringify(body || {}),
    });
    let data = {};
    try { data = await res.json(); } catch (e) { data = { error: res.statusText }; }
    if (!res.ok) {
      const err = new Error(data.error || `${res.status} ${res.statusText}`);
      err.data = data;   // the whole answer (an import's problems, row by row)
      throw err;
    }
    return data;
  }

  // A command's id, chosen here (the console's commands: the server applies a command once
  // however often it is sent with its id). 32 hex digits from the browser's CSPRNG
  // (crypto.randomUUID needs a secure context; a console served over plain http has none).
  function commandId() {
    const b = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  }

  // Sent again after no answer (the network, the server restarting) or a 503 (its database
  // away): this many times, this long apart; a try with no answer in TIMEOUT_MS is abandoned.
  const RESEND_MS = [500, 1000, 2000, 3000, 4000, 5000, 5000, 5000];
  const TIMEOUT_MS = 15000;

  // A command that changes an event: one id per action of the director, the same id each
  // time it is sent again, so that a request applied whose answer was lost is not applied
  // twice (the server answers it with the first one's outcome, `already_done`).
  // `onResend(n, reason)` is told of each resend; the answer carries `resent` (how many).
  async function command(path, body, onResend) {
    const payload = JSON.stringify({ ...(body || {}), command_id: commandId() });
    for (let attempt = 0; ; attempt++) {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
      let res = null, failure = null;
      try {
        res = await fetch(path, {
          method: "POST", body: payload, signal: abort.signal,
          headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf() },
        });
      } catch (e) {
        failure = abort.signal.aborted ? `no answer in ${TIMEOUT_MS / 1000} s` : "no answer from the server";
      } finally { clearTimeout(timer); }
      if (res && res.status === 503) failure = "the server's database is out of reach";
      if (failure !== null) {
        if (attempt >= RESEND_MS.length) {
          throw new Error(`${failure}, ${attempt + 1} tries: the command may or may not have been recorded; ` +
                          "reload the page to see");
        }
        if (onResend) onResend(attempt + 1, failure);
        await new Promise((ok) => setTimeout(ok, RESEND_MS[attempt]));
        continue;
      }
      let data = {};
      try { data = await res.json(); } catch (e) { data = { error: res.statusText }; }
      if (!res.ok) {
        const err = new Error(data.error || `${res.status} ${res.statusText}`);
        err.data = data;
        throw err;
      }
      data.resent = attempt;
      return data;
    }
  }

  // What the director is told of a resend and of an answer to one.
  function resending(n, reason) { return `${reason}: sending it again (try ${n + 1}), with its command id`; }
  function alreadyDone(out) {
    return out.already_done ? " (already done: the server recognised the command sent again by its id " +
      "and did not apply it twice)" : (out.resent ? " (sent again: applied once)" : "");
  }

  // Keep the screen awake (the Wake Lock API); asked again when the page is shown again.
  async function wakeLock() {
    if (!("wakeLock" in navigator)) return;
    const ask = async () => {
      try { await navigator.wakeLock.request("screen"); } catch (e) { /* not allowed now */ }
    };
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") ask();
    });
    ask();
  }

  // The seat moves still to be made, newest first (the server's list), on a ticker of a few
  // rows: as many as fit on a page, the pages in turn (the ticker's data-page-ms each), so that
  // every move is shown however many there are.
  const ticker = { el: null, lines: [], pages: [], page: 0, timer: null };
  function moves(el, s) {
    if (!el) return;
    const lines = (s.pending_moves || []).map((m) => m.text);
    const same = ticker.el === el && lines.join("\n") === ticker.lines.join("\n");
    ticker.el = el; ticker.lines = lines;
    if (same) return;
    ticker.page = 0;
    paginate();
    if (ticker.timer === null) {
      ticker.timer = setInterval(turnPage, Number(el.dataset.pageMs) || 6000);
      window.addEventListener("resize", () => { ticker.page = 0; paginate(); });
    }
  }

  function fill(el, items, label) {
    const head = document.createElement("b");
    head.className = "ticker-head";
    head.textContent = label;
    el.replaceChildren(head, ...items.map((text) => {
      const span = document.createElement("span");
      span.className = "ticker-move";
      span.textContent = text;
      return span;
    }));
  }

  function paginate() {
    const el = ticker.el, lines = ticker.lines;
    el.hidden = lines.length === 0;
    ticker.pages = [];
    if (!lines.length) { el.replaceChildren(); return; }
    // Measured with the longest label a page could carry.
    const probe = `Moves ${lines.length}/${lines.length}`;
    let page = [];
    for (const line of lines) {
      fill(el, [...page, line], probe);
      if (page.length && el.scrollHeight > el.clientHeight + 1) { ticker.pages.push(page); page = [line]; }
      else page.push(line);
    }
    ticker.pages.push(page);
    show();
  }

  function show() {
    const n = ticker.pages.length;
    if (!n) return;
    ticker.page %= n;
    fill(ticker.el, ticker.pages[ticker.page], n > 1 ? `Moves ${ticker.page + 1}/${n}` : "Moves");
    ticker.el.dataset.page = ticker.page + 1;
    ticker.el.dataset.pages = n;
  }

  function turnPage() {
    if (ticker.pages.length < 2) return;
    ticker.page += 1;
    show();
  }

  return { initial, serverNow, secondsLeft, fmt, num, blinds, clockState, connect, post, command,
           commandId, resending, alreadyDone, wakeLock, moves };
})();
