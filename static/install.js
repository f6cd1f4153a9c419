/* Over https (a device that trusts this laptop: /trust) the app can be installed: its service worker registers
   (static/sw.js). Never over plain http, where a browser allows none on a LAN address anyway. */
(() => {
  "use strict";
  if (location.protocol !== "https:" || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(
    () => { document.documentElement.dataset.installable = "1"; },
    () => { document.documentElement.dataset.installable = "0"; });
})();
