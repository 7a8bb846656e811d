// The console's events page: create an event from a preset, its structure editable.
"use strict";
(() => {
  const form = document.getElementById("create");
  if (!form) return;
  const $ = (id) => document.getElementById(id);
  let preset = null;        // the chosen preset's structure, as the server gave it
  let edited = false;       // the director changed the levels or breaks

  function cell(value, cls, kind) {
    const td = document.createElement("td");
    if (cls === null) { td.textContent = value; return td; }
    const input = document.createElement("input");
    input.className = cls;
    input.type = kind || "number";
    input.value = value;
    input.addEventListener("input", () => { edited = true; });
    td.append(input);
    return td;
  }

  function row(p) {
    const tr = document.createElement("tr");
    tr.dataset.kind = p.kind;
    tr.dataset.bba = p.big_blind_ante || 0;   // kept as the preset has it (not edited here)
    tr.append(cell("", null), cell(p.kind, null), cell(p.minutes, "minutes"));
    if (p.kind === "level") {
      tr.append(cell(p.small_blind, "sb"), cell(p.big_blind, "bb"), cell(p.ante || 0, "ante"),
                cell("", null));
    } else {
      tr.append(cell("", null), cell("", null), cell("", null),
                cell((p.color_up || []).join(","), "colour-up", "text"));
    }
    const del = document.createElement("button");
    del.type = "button"; del.className = "secondary small"; del.textContent = "✕";
    del.title = "remove"; del.setAttribute("aria-label", "remove this period");
    del.addEventListener("click", () => { tr.remove(); edited = true; number(); });
    const td = document.createElement("td"); td.append(del); tr.append(td);
    return tr;
  }

  function number() {
    let level = 0, brk = 0;
    for (const tr of $("periods").rows) {
      tr.cells[0].textContent = tr.dataset.kind === "level" ? ++level : `B${++brk}`;
    }
  }

  async function load() {
    const res = await fetch(`/console/api/presets/${encodeURIComponent(form.elements.preset.value)}`);
    if (!res.ok) return;
    const data = await res.json();
    preset = data.structure;
    edited = false;
    form.elements.buy_in.placeholder = data.buy_in;
    form.elements.to_prize_pool.placeholder = data.to_prize_pool;
    $("starting-stack").value = preset.starting_stack;
    $("late-until").value = preset.late_registration_until_level ?? "";
    const r = preset.rebuys, a = preset.addon;
    $("rebuy-until").value = r ? r.until_level : ""; $("rebuy-chips").value = r ? r.chips : "";
    $("addon-after").value = a ? a.after_level : ""; $("addon-chips").value = a ? a.chips : "";
    $("periods").replaceChildren(...preset.periods.map(row));
    number();
  }

  function structure() {
    const periods = [];
    for (const tr of $("periods").rows) {
      const v = (cls) => tr.querySelector("." + cls).value;
      if (tr.dataset.kind === "level") {
        periods.push({ kind: "level", minutes: Number(v("minutes")), small_blind: Number(v("sb")),
                       big_blind: Number(v("bb")), ante: Number(v("ante") || 0),
                       big_blind_ante: Number(tr.dataset.bba) });
      } else {
        const up = v("colour-up").split(",").map((x) => x.trim()).filter(Boolean).map(Number);
        periods.push({ kind: "break", minutes: Number(v("minutes")), color_up: up });
      }
    }
    const out = { ...preset, periods, starting_stack: Number($("starting-stack").value) };
    // IFP 9: late registration until the end of this level; none when left empty.
    const late = $("late-until").value;
    out.late_registration_until_level = late === "" ? null : Number(late);
    // The rebuy period and the add-on (IFP 59; WPA 6): none when left empty; the preset's
    // other terms (limits) kept.
    const until = $("rebuy-until").value, after = $("addon-after").value;
    out.rebuys = until === "" ? null : { ...(preset.rebuys || {}), until_level: Number(until),
      chips: Number($("rebuy-chips").value || out.starting_stack) };
    out.addon = after === "" ? null : { ...(preset.addon || {}), after_level: Number(after),
      chips: Number($("addon-chips").value || out.starting_stack) };
    return out;
  }

  form.elements.preset.addEventListener("change", load);
  for (const id of ["starting-stack", "late-until", "rebuy-until", "rebuy-chips", "addon-after", "addon-chips"]) {
    $(id).addEventListener("input", () => { edited = true; });
  }
  $("add-level").addEventListener("click", () => {
    const levels = [...$("periods").rows].filter((r) => r.dataset.kind === "level");
    const last = levels.length ? levels[levels.length - 1] : null;
    const bb = last ? Number(last.querySelector(".bb").value) * 2 : 10;
    $("periods").append(row({ kind: "level", minutes: 20, small_blind: bb / 2, big_blind: bb, ante: 0 }));
    edited = true; number();
  });
  $("add-break").addEventListener("click", () => {
    $("periods").append(row({ kind: "break", minutes: 10, color_up: [] }));
    edited = true; number();
  });
  load();

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const body = { name: f.get("name").trim(), preset: f.get("preset") };
    for (const k of ["buy_in", "to_prize_pool", "seats", "seed"]) {
      if (f.get(k) !== "") body[k] = Number(f.get(k));
    }
    if (f.get("payouts")) body.payouts = f.get("payouts");
    if (edited && preset) body.structure = structure();
    const msg = $("message");
    msg.textContent = "";
    // Sent with a command id, and again with it when no answer came: created once.
    try {
      await PT.command(form.dataset.api, body, (n, why) => { msg.textContent = PT.resending(n, why); });
    } catch (err) { msg.textContent = err.message; return; }
    location.href = `/console/events/${encodeURIComponent(body.name)}`;
  });
})();
