// The console's events page: create an event from a preset.
"use strict";
(() => {
  const form = document.getElementById("create");
  if (!form) return;
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form);
    const body = { name: f.get("name").trim(), preset: f.get("preset") };
    for (const k of ["buy_in", "to_prize_pool", "seats"]) {
      if (f.get(k) !== "") body[k] = Number(f.get(k));
    }
    if (f.get("payouts")) body.payouts = f.get("payouts");
    const msg = document.getElementById("message");
    msg.textContent = "";
    const res = await fetch(form.dataset.api, {
      method: "POST", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) { msg.textContent = data.error || res.statusText; return; }
    location.href = `/console/events/${encodeURIComponent(body.name)}`;
  });
})();
