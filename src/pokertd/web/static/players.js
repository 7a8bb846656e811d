// The player database page: filter as you type, add one, import a CSV.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  // Each form's answer beside it, not at the foot of the page.
  const say = (where, ok, text) => {
    $(`${where}-error`).textContent = ok ? "" : text;
    if ($(`${where}-notice`)) $(`${where}-notice`).textContent = ok ? text : "";
  };
  $("filter").addEventListener("input", () => {
    const q = $("filter").value.trim().toLowerCase();
    for (const tr of document.querySelectorAll("#people tbody tr")) {
      const [name, nick] = [tr.cells[0].textContent, tr.cells[1].textContent].map((x) => x.toLowerCase());
      tr.hidden = q !== "" && !name.includes(q) && !nick.includes(q);
    }
  });
  const add = $("add-person");
  if (!add) return;
  add.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = add.elements;
    if (!f.name.value.trim()) { say("add", false, "Type the player's name first: the name is empty."); f.name.focus(); return; }
    try {
      await PT.post("/console/api/players", { name: f.name.value.trim(),
        nickname: f.nickname.value.trim() || null, contact: f.contact.value.trim() || null });
      location.reload();
    } catch (err) { say("add", false, err.message); }
  });
  $("import").addEventListener("submit", async (e) => {
    e.preventDefault();
    const file = $("csv-file").files[0];
    if (!file) return;
    $("problems").replaceChildren();
    try {
      const out = await PT.post("/console/api/players/import", { csv: await file.text() });
      say("import", true, `${out.added} players imported`);
      setTimeout(() => location.reload(), 800);
    } catch (err) {
      say("import", false, "Nothing imported: fix these rows and import the file again.");
      const res = (err.data && err.data.problems) || [err.message];
      $("problems").replaceChildren(...res.map((p) => { const li = document.createElement("li"); li.textContent = p; return li; }));
    }
  });
})();
