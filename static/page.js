/* Small behaviours every page may use, as a file because the Content-Security-Policy runs no inline
   script (assistant/web/hardening.py). A button with data-closes="<selector>" removes the nearest
   enclosing element matching it (the Close button of a Why? panel opened in the log). */
(() => {
  "use strict";
  // times are stored in UTC; each device shows them in its local time, as the page's language is written here:
  // the hour and minute, or with data-show="date-time" the day too (the club page: a heist left since yesterday)
  const lang = document.documentElement.lang;
  const locale = navigator.languages.find((l) => l.startsWith(lang)) || lang;
  const formats = {
    time: new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }),
    "date-time": new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
  };
  function localTimes(root) {
    root.querySelectorAll("time[datetime]").forEach((t) => {
      const when = new Date(t.getAttribute("datetime"));
      const format = formats[t.dataset.show] || formats.time;
      if (!Number.isNaN(when.getTime())) t.textContent = format.format(when);
    });
  }
  localTimes(document);
  document.addEventListener("htmx:load", (event) => localTimes(event.target));

  // for static/back.js: this tab's board, and this browser's last one for a tab opened on its own (the rules in a
  // second tab: a new tab starts with no sessionStorage)
  try {
    if (document.querySelector(".game[data-refresh]")) {
      sessionStorage.setItem("burgle:heist", location.pathname);
      localStorage.setItem("burgle:heist", location.pathname);
    }
  } catch { }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-closes]");
    if (button) button.closest(button.dataset.closes)?.remove();
  });

  // over https (a device that trusts this laptop: /trust) the app installs with its service worker (static/sw.js);
  // never over plain http, where a browser allows none on a LAN address anyway
  if (location.protocol === "https:" && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(
      () => { document.documentElement.dataset.installable = "1"; },
      () => { document.documentElement.dataset.installable = "0"; });
  }
})();
