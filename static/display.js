/* The display link's own buttons (templates/display.html): turn the board half a turn for the far side of the
   table, and full screen (the Fullscreen API works over plain http, unlike installing the app). This screen
   remembers its turn. Following the heist live is static/app.js's, as on every board. */
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
