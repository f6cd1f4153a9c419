/* Small behaviours every page may use, as a file because the Content-Security-Policy runs no inline
   script (assistant/web/hardening.py). A button with data-closes="<selector>" removes the nearest
   enclosing element matching it (the Close button of a Why? panel opened in the log). */
(() => {
  "use strict";
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-closes]");
    if (button) button.closest(button.dataset.closes)?.remove();
  });
})();
