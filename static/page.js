/* Small behaviours every page may use, as a file because the Content-Security-Policy runs no inline
   script (assistant/web/hardening.py). A button with data-closes="<selector>" removes the nearest
   enclosing element matching it (the Close button of a Why? panel opened in the log). */
(() => {
  "use strict";
  // times are stored in UTC; each device shows them in its own local time
  function localTimes(root) {
    root.querySelectorAll("time[datetime]").forEach((t) => {
      const when = new Date(t.getAttribute("datetime"));
      if (!Number.isNaN(when.getTime())) t.textContent = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    });
  }
  localTimes(document);
  document.addEventListener("htmx:load", (event) => localTimes(event.target));

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-closes]");
    if (button) button.closest(button.dataset.closes)?.remove();
  });
})();
