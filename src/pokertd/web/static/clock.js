// The room's clock: counts down from the server's state, re-synced by every snapshot.
"use strict";
(() => {
  let s = PT.initial();
  const $ = (id) => document.getElementById(id);
  let soundOn = false;
  let audio = null;
  let lastPeriod = null;      // [level, on_break] of the last render
  let warned = null;          // the period a one-minute warning was given for

  function chime(times) {
    if (!soundOn) return;
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    for (let i = 0; i < times; i++) {
      const o = audio.createOscillator(), g = audio.createGain();
      const t = audio.currentTime + i * 0.45;
      o.frequency.value = i % 2 ? 660 : 880;
      g.gain.setValueAtTime(0.0001, t);
      g.gain.exponentialRampToValueAtTime(0.4, t + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + 0.4);
      o.connect(g).connect(audio.destination);
      o.start(t); o.stop(t + 0.42);
    }
  }

  function say(text) {
    if (!soundOn || !(s.settings && s.settings.spoken) || !("speechSynthesis" in window)) return;
    speechSynthesis.speak(new SpeechSynthesisUtterance(text));
  }

  // A chip-up break announces the race (IFP 56; WPA 14; TDA 24): the colours going out.
  function chipUp() {
    const r = s.chip_race;
    if (!r || !r.going_out.length) return "";
    return `Chip-up: the ${r.going_out.map(PT.num).join(" and ")} chips come off · chip race (${r.rule})`;
  }

  function announcement(c) {
    if (c.on_break) return `Break ${c.break}.` + (chipUp() ? ` ${chipUp()}.` : "");
    let text = `Blinds are now ${c.small_blind} and ${c.big_blind}`;
    if (c.ante) text += `, ante ${c.ante}`;
    return text + ".";
  }

  function nextLine(n) {
    if (!n) return "Last level";
    if (n.break) return `Next: ${n.minutes} minute break${n.chip_up ? " (chip-up)" : ""}`;
    return `Next: level ${n.level} · ${PT.num(n.small_blind)} / ${PT.num(n.big_blind)}` +
      (n.ante ? ` · ante ${PT.num(n.ante)}` : "");
  }

  function render() {
    const c = s.clock;
    $("event-title").textContent = s.name;
    // Only what the moment has: no clock before the start, no next level once it is over.
    $("time-left").hidden = !s.finished && !c;
    $("time-left").classList.toggle("winner", !!s.finished);
    if (s.finished) {
      // The winner, once.
      $("level").textContent = "Finished";
      $("time-left").textContent = s.winner || "";
      $("blinds").textContent = "";
      $("clock-state").textContent = "";
      $("next").textContent = "";
      $("break-in").textContent = "";
    } else if (!c) {
      $("level").textContent = "Registration";
      $("blinds").textContent = "Starting soon";
      $("clock-state").textContent = "";
      $("next").textContent = "";
    } else {
      $("level").textContent = c.on_break ? `Break ${c.break}` : `Level ${c.level}`;
      // On a break the blinds line carries the chip-up, if any ("Break" is said once).
      $("blinds").textContent = c.on_break ? chipUp() : PT.blinds(c);
      $("blinds").classList.toggle("chip-up", c.on_break);
      $("clock-state").textContent = PT.clockState(s);
      $("next").textContent = nextLine(s.next);
      const period = `${c.level}/${c.on_break}`;
      if (lastPeriod !== null && period !== lastPeriod) { chime(3); say(announcement(c)); }
      lastPeriod = period;
    }
    const started = s.started || s.entrants > 0;
    $("players").textContent = PT.num(s.players_left);
    $("entries").textContent = PT.num(s.entrants);
    $("average").textContent = PT.num(s.average_stack);
    $("average-bb").textContent = s.average_bb ? `${PT.num(s.average_bb)} big blinds` : "";
    $("chips").textContent = PT.num(s.chips);
    $("pool").textContent = PT.num(s.prize_pool);
    // A figure that is not there yet is not shown (no "–" blocks, no empty headings).
    $("stat-average").hidden = s.average_stack === null;
    $("stat-chips").hidden = !started;
    $("stat-pool").hidden = !s.prize_pool;
    const pays = s.payouts || [];
    $("payouts").hidden = pays.length === 0;
    // A long list (a final table paid) in a smaller type: the QR code under it stays whole.
    $("payouts").classList.toggle("long", pays.length > 5);
    $("payouts-list").replaceChildren(...pays.map((p) => {
      const li = document.createElement("li");
      li.textContent = `${PT.num(p.amount)}` + (p.players.length ? ` ${p.players.join(", ")}` : "")
        // IFP 62: before the finish a deal's row is what one player is owed, not a place.
        + (p.deal && !s.finished ? " (deal)" : "");
      return li;
    }));
    PT.moves($("moves"), s);
    tick();
  }

  function tick() {
    const c = s.clock;
    if (!c || s.finished) return;
    const left = PT.secondsLeft(s);
    $("time-left").textContent = PT.fmt(left);
    $("time-left").classList.toggle("stopped", !c.running);
    const toBreak = s.seconds_to_break === null ? null :
      Math.max(0, s.seconds_to_break - (c.running ? PT.serverNow(s) - s.server_time : 0));
    $("break-in").textContent = toBreak === null ? "" : `Break in ${PT.fmt(toBreak)}`;
    const period = `${c.level}/${c.on_break}`;
    if (c.running && left !== null && left <= 60 && left > 58 && warned !== period) {
      warned = period; chime(1);
    }
  }

  render();
  setInterval(tick, 250);
  PT.connect(s.name, (next) => { s = next; render(); });
  PT.wakeLock();
  $("sound").addEventListener("click", () => {
    soundOn = !soundOn;
    $("sound").textContent = soundOn ? "Sound off" : "Sound on";
    if (soundOn) chime(1);
  });
  $("fullscreen").addEventListener("click", () => {
    const el = document.documentElement;
    if (document.fullscreenElement) { document.exitFullscreen(); return; }
    const ask = el.requestFullscreen || el.webkitRequestFullscreen;   // older Safari: webkit
    const refused = () => { $("fullscreen").textContent = "Full screen not allowed here"; };
    if (!ask) { refused(); return; }
    // A browser may refuse (a setting, a kiosk, a phone that allows it for videos only):
    // the clock goes on as it is.
    Promise.resolve().then(() => ask.call(el)).catch(refused);
  });
})();
