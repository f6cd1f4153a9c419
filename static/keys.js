/* The keyboard of a laptop host (static/app.js fetches this at the first key pressed and gives it that key):
   E ends the turn, U or Ctrl+Z undoes, R or Ctrl+Y redoes, 1-9 go to a floor's first room, "?" lists them
   (templates/partials/_keys.html, fetched the first time). Each key presses a button the board already has, found by what it posts, so
   the keyboard can do nothing a tap cannot; a key typed in a field or in the list is only a key. */
(() => {
  "use strict";
  const keys = document.getElementById("keys");
  const pressed = { e: '[name="do"][value="end_turn"] ~ button', u: '[action$="/undo"] button', r: '[action$="/redo"] button' };

  let shown = null;
  function list() {  // fetched the first time: the board every device loads does not carry it
    if (shown) { shown.showModal(); return; }
    fetch(keys.dataset.list).then((answer) => answer.text()).then((html) => {
      keys.insertAdjacentHTML("afterend", html);
      shown = keys.nextElementSibling;
      shown.showModal();
    });
  }

  function press(event) {
    const game = document.getElementById("game");
    if (!game || event.altKey || event.target.closest("input, select, textarea, dialog")) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const key = ctrl ? { z: event.shiftKey ? "r" : "u", y: "r" }[event.key.toLowerCase()] : event.key.toLowerCase();
    const button = pressed[key] && game.querySelector(`.turnbar ${pressed[key]}`);
    const floor = !ctrl && /^[1-9]$/.test(key) && game.querySelector(`#floor-${key}`);
    if (key === "?") list();
    else if (button && !button.disabled) button.click();
    else if (floor) {
      game.querySelector(`#tab-${key}`)?.click();  // a phone's floor tabs: show it first
      floor.querySelector(".room:not(.void)")?.focus();
    } else return;
    event.preventDefault();
  }

  document.addEventListener("keydown", press);
  keys.addEventListener("burgle:key", (event) => press(event.detail));
})();
