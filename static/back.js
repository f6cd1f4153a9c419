/* The rules reference and the sandbox lead back to the heist this tab last showed (static/page.js remembers its
   board's path in sessionStorage), or in a tab that showed none (the rules opened in a new tab), to the board this
   browser last showed: the link in templates/partials/_back_to_heist.html shows only then. */
(() => {
  "use strict";
  const back = document.getElementById("back-to-heist");
  let heist = null;
  try { heist = sessionStorage.getItem("burgle:heist") || localStorage.getItem("burgle:heist"); } catch { heist = null; }
  if (!back || !heist) return;
  back.querySelector("a").href = heist;
  back.hidden = false;
})();
