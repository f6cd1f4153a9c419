/* The club page follows every heist (issue 35 §4): its stream rings for any change, start or end of a heist
   (phones/live.py's ClubStream) and the list is fetched again, the QR codes a table has open kept open. */
(() => {
  "use strict";
  const list = () => document.getElementById("club-tables");
  if (!list() || !window.EventSource) return;
  let soon = null;
  // which QR codes are open is read as the new list goes in, not as it was asked for: one opened while the list
  // was on its way stays open too
  let open = [];
  document.addEventListener("htmx:beforeSwap", (event) => {
    if (event.detail.target?.id === "club-tables") open = [...list().querySelectorAll("details[open]")].map((d) => d.id);
  });
  function refresh() {
    htmx.ajax("GET", list().dataset.refresh, { target: "#club-tables", swap: "outerHTML" }).then(() => {
      open.forEach((id) => document.getElementById(id)?.setAttribute("open", ""));
    });
  }
  // a burst of changes (a guard's walk, several tables at once) is one fetch
  new EventSource(list().dataset.events).addEventListener("changed", () => {
    clearTimeout(soon);
    soon = setTimeout(refresh, 200);
  });
})();
