// The lobby: open a table or create a tournament (the host token stays in this browser).
"use strict";
(() => {
  function wire(formId, path, keyOf) {
    const form = document.getElementById(formId);
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const body = {};
      for (const [k, v] of new FormData(form)) {
        if (v === "") continue;
        const type = form.elements[k].type;
        body[k] = type === "number" ? Number(v) : type === "checkbox" ? true : v;
      }
      try {
        const out = await PT.post(path, body);
        localStorage.setItem(`pokertd.host.${out.name}`, out.host);
        location.href = out.url;
      } catch (err) {
        document.getElementById(`${formId}-error`).textContent = err.message;
      }
    });
  }
  wire("new-table", "/tables/api/tables");
  wire("new-event", "/tables/api/events");
})();
