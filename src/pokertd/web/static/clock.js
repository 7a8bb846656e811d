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

  function announcement(c) {
    if (c.on_break) return `Break ${c.break}.`;
    let text = `Blinds are now ${c.small_blind} and ${c.big_blind}`;
    if (c.ante) text += `, ante ${c.ante}`;
    return text + ".";
  }

  function render() {
    const c = s.clock;
    $("event-title").textContent = s.name;
    if (s.finished) {
      $("level").textContent = "Finished";
      $("time-left").textContent = s.winner || "";
      $("time-left").classList.add("winner");
      $("blinds").textContent = s.winner ? `${s.winner} wins` : "";
      $("clock-state").textContent = "";
    } else if (!c) {
      $("level").textContent = "Registration";
      $("time-left").textContent = "–:––";
      $("blinds").textContent = "Starting soon";
      $("clock-state").textContent = "";
    } else {
      $("level").textContent = c.on_break ? `Break ${c.break}` : `Level ${c.level}`;
      $("blinds").textContent = PT.blinds(c);
      $("clock-state").textContent = c.running ? "" :
        (c.pause_reason === "director" ? "PAUSED" : `PAUSED (${c.pause_reason})`);
      const n = s.next;
      $("next").textContent = !n ? "Last level" : n.break ?
        `Next: ${n.minutes} minute break${n.chip_up ? " (chip-up)" : ""}` :
        `Next: ${PT.num(n.small_blind)} / ${PT.num(n.big_blind)}` +
        (n.ante ? ` · ante ${PT.num(n.ante)}` : "");
      const period = `${c.level}/${c.on_break}`;
      if (lastPeriod !== null && period !== lastPeriod) { chime(3); say(announcement(c)); }
      lastPeriod = period;
    }
    $("players").textContent = `${PT.num(s.players_left)}`;
    $("entries").textContent = PT.num(s.entrants);
    $("average").textContent = PT.num(s.average_stack);
    $("average-bb").textContent = s.average_bb ? `${s.average_bb} big blinds` : "";
    $("chips").textContent = PT.num(s.chips);
    $("pool").textContent = PT.num(s.prize_pool);
    const list = $("payouts-list");
    list.replaceChildren(...(s.payouts || []).map((p) => {
      const li = document.createElement("li");
      li.textContent = `${PT.num(p.amount)}` + (p.players.length ? ` ${p.players.join(", ")}` : "");
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
