/* The display link's own buttons (templates/display.html): turn the board half a turn for the far side of the
   table, and full screen (the Fullscreen API works over plain http, unlike installing the app). This screen
   remembers its turn. It also keeps the move's text inside its place on the screen. Following the heist live is
   static/app.js's, as on every board. */
(() => {
  "use strict";
  const turn = document.getElementById("display-turn");
  const full = document.getElementById("display-full");

  function turned(on) {
    document.body.classList.toggle("turned", on);
    turn.setAttribute("aria-pressed", String(on));
    try { localStorage.setItem("burgle:display:turned", on ? "1" : "0"); } catch { /* private browsing */ }
  }
  let remembered = false;
  try { remembered = localStorage.getItem("burgle:display:turned") === "1"; } catch { remembered = false; }
  turned(remembered);
  turn.addEventListener("click", () => turned(!document.body.classList.contains("turned")));

  // the move's text is sized from the screen (display.css); a checklist too long for its place steps it down
  function fit() {
    const move = document.querySelector(".display-move");
    if (!move) return;
    move.style.removeProperty("--fit");
    let size = parseFloat(getComputedStyle(move).fontSize);
    while (move.scrollHeight > move.clientHeight + 1 && size > 18) {
      size -= 2;
      move.style.setProperty("--fit", `${size}px`);
    }
  }
  fit();
  document.body.addEventListener("htmx:afterSettle", fit);
  addEventListener("resize", fit);

  if (!document.fullscreenEnabled) return;  // e.g. an iPhone: the button stays hidden
  full.hidden = false;
  const shown = () => full.setAttribute("aria-pressed", String(Boolean(document.fullscreenElement)));
  shown();
  document.addEventListener("fullscreenchange", shown);
  full.addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(() => { full.hidden = true; });
  });
})();
