/* A phone that follows a burglar vibrates when the last action found her (the board's data-found:
   web/table/felt.py). static/floors.js fetches this once a burglar is picked on a phone that can vibrate; the
   switch beside the picker turns it off for this device. What the page showed before is not news. */
(() => {
  "use strict";
  let on = true;
  try { on = localStorage.getItem("burgle:vibrate") !== "off"; } catch { on = true; }
  let felt = document.getElementById("game")?.dataset.version;

  function followed() {  // the burglar picked on this device, as static/floors.js remembers it for this heist
    try { return localStorage.getItem(`burgle:${location.pathname}:follow`); } catch { return null; }
  }

  function show() {
    const box = document.querySelector("[data-vibrate]");
    if (!box) return;
    box.checked = on;
    box.closest(".vibrate").hidden = !followed();
  }

  function feel() {
    show();
    const game = document.getElementById("game");
    if (!game || game.dataset.version === felt) return;
    felt = game.dataset.version;
    const who = followed();
    if (on && who && JSON.parse(game.dataset.found || "[]").includes(who)) navigator.vibrate([300, 120, 300]);
  }

  document.addEventListener("change", (event) => {
    if (event.target.matches("[data-follow]")) show();
    if (!event.target.matches("[data-vibrate]")) return;
    on = event.target.checked;
    try { localStorage.setItem("burgle:vibrate", on ? "on" : "off"); } catch { /* private browsing */ }
  });
  document.addEventListener("htmx:load", feel);
  show();
})();
