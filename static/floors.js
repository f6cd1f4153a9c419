/* Floor tabs on a phone: one floor at a time, the one this device cares about first (where the
   table is asked something, else the burglar picked on this device, else whose turn it is).
   Presentation only: nothing here posts to the server. Each heist remembers, in localStorage, the
   burglar picked and a tab chosen by hand; a hand-picked tab stays until the floor cared about moves. */
(() => {
  "use strict";

  function remembered(what) {
    try { return localStorage.getItem(`burgle:${location.pathname}:${what}`); } catch { return null; }
  }
  function remember(what, value) {
    try {
      const key = `burgle:${location.pathname}:${what}`;
      if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, value);
    } catch { /* private browsing: the tabs still work, they just forget */ }
  }

  function caredFloor(game) {
    if (game.classList.contains("phase-question")) return game.dataset.focus;
    const crew = JSON.parse(game.dataset.crew || "{}");
    const follow = remembered("follow");
    return follow && crew[follow] ? String(crew[follow]) : game.dataset.focus;
  }

  function show(game, floor) {
    game.querySelectorAll(".floors > .floor").forEach((section) => {
      section.classList.toggle("shown", section.id === `floor-${floor}`);
    });
    game.querySelectorAll(".floor-tabs [role=tab]").forEach((tab) => {
      const on = tab.dataset.floor === String(floor);
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;  // one tab stop for the tab list; the arrow keys move within it
    });
  }

  // after a guard's walk, the floor he walked on stays in view until the walk has been played
  // (data-walk, data-walk-ms: web/table/table_view.py walk_of), then the floor this device cares about
  let walkTimer = null;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)");

  function arrange() {
    const game = document.getElementById("game");
    if (!game || !game.querySelector(".floor-tabs")) return;
    clearTimeout(walkTimer);
    if (game.dataset.walk && !game.dataset.walked && !still.matches) {
      show(game, game.dataset.walk);
      walkTimer = setTimeout(() => { game.dataset.walked = "1"; arrange(); }, Number(game.dataset.walkMs) || 0);
      return;
    }
    const cared = caredFloor(game);
    let manual = null;
    try { manual = JSON.parse(remembered("tab") || "null"); } catch { manual = null; }
    show(game, manual && manual.cared === cared ? manual.floor : cared);
    const picker = game.querySelector("[data-follow]");
    if (picker) picker.value = remembered("follow") || "";
  }

  function pick(floor) {
    const game = document.getElementById("game");
    clearTimeout(walkTimer);
    game.dataset.walked = "1";  // a tab chosen by hand ends the wait
    remember("tab", JSON.stringify({ floor: String(floor), cared: caredFloor(game) }));
    show(game, floor);
  }

  document.addEventListener("click", (event) => {
    const tab = event.target.closest(".floor-tabs [role=tab]");
    if (tab) pick(tab.dataset.floor);
  });
  // the keyboard: left and right arrows, Home and End move between the floor tabs (WAI-ARIA tabs)
  document.addEventListener("keydown", (event) => {
    const tab = event.target.closest && event.target.closest(".floor-tabs [role=tab]");
    if (!tab) return;
    const all = [...tab.parentElement.querySelectorAll("[role=tab]")];
    const now = all.indexOf(tab);
    const next = { ArrowRight: now + 1, ArrowLeft: now - 1, Home: 0, End: all.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = all[(next + all.length) % all.length];
    pick(target.dataset.floor);
    target.focus();
  });

  document.addEventListener("change", (event) => {
    if (!event.target.matches("[data-follow]")) return;
    remember("follow", event.target.value || null);
    remember("tab", null);
    arrange();
    buzz();
  });

  // a swipe across the floor goes to the next or previous floor, where the tabs are showing
  let start = null;
  document.addEventListener("touchstart", (event) => {
    start = event.target.closest(".floors") ? event.changedTouches[0] : null;
  }, { passive: true });
  document.addEventListener("touchend", (event) => {
    const game = document.getElementById("game");
    const tabs = game && game.querySelector(".floor-tabs");
    if (!start || !tabs || getComputedStyle(tabs).display === "none") return;
    const dx = event.changedTouches[0].clientX - start.clientX;
    const dy = event.changedTouches[0].clientY - start.clientY;
    start = null;
    if (Math.abs(dx) < 60 || Math.abs(dx) < 2 * Math.abs(dy)) return;
    const all = [...tabs.querySelectorAll("[role=tab]")];
    const now = all.findIndex((tab) => tab.getAttribute("aria-selected") === "true");
    const next = all[now + (dx < 0 ? 1 : -1)];
    if (next) pick(next.dataset.floor);
  }, { passive: true });

  // static/buzz.js, fetched once a burglar is picked
  let buzzer = null;
  function buzz() {
    const box = document.querySelector("[data-buzz]");
    if (buzzer || !box || !navigator.vibrate || !remembered("follow")) return;
    buzzer = Object.assign(document.createElement("script"), { src: box.dataset.buzz });
    document.head.append(buzzer);
  }

  // htmx:load fires for the first page and for every board swapped in after an action
  document.addEventListener("htmx:load", () => { arrange(); buzz(); });
  arrange();
  buzz();
})();
