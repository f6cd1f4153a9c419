/* No silent failure. htmx swaps only successful answers, so an action the server refused with an error
   status (400 expired page, 403 watch-only link, 409, 429 too many, 500 bug) or one that never reached
   it (lost connection) would leave the board as it was, without a word. Here each says what happened,
   beside what was tapped, and whether anything was applied; nothing is swapped, so an open room menu
   stays open. While the server cannot be reached a banner says so, and says when it is back.
   As a file because the Content-Security-Policy runs no inline script. */
(() => {
  "use strict";

  const TITLES = {
    400: "This page is out of date: reload it, then try again.",
    403: "This device may not do that (a watch-only link).",
    404: "The heist or page is gone.",
    409: "The board changed on another device.",
    413: "That was too big for the app.",
    429: "Too many requests from this device: wait a minute, then try again.",
    500: "The app hit a bug.",
  };

  // -- the message beside the tap --------------------------------------------------------------
  function where(elt) {
    const spot = elt && elt.isConnected ? elt : document.getElementById("game") || document.querySelector("main");
    return spot.closest(".room-menu, .menu, .question, .turnbar, .floor, .why, .panel, form, section, main") || document.body;
  }

  function say(elt, text, applied) {
    document.querySelectorAll(".tap-error").forEach((old) => old.remove());
    const box = document.createElement("div");
    box.className = "refusal tap-error";
    const message = document.createElement("p");
    message.className = "error";
    message.setAttribute("role", "alert");
    message.textContent = text;
    const note = document.createElement("p");
    note.className = "applied";
    note.textContent = applied;
    box.append(message, note);
    const container = where(elt);
    const head = container.querySelector(":scope > header");
    if (head) head.after(box); else container.prepend(box);
    box.scrollIntoView({ block: "nearest" });
  }

  function serverWords(xhr) {
    // the app's error page says why in its <p class="message">; a proxy's page may say nothing useful
    try {
      const doc = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
      const text = doc.querySelector(".message, .error");
      return text ? text.textContent.trim() : "";
    } catch { return ""; }
  }

  function verb(detail) {
    const method = ((detail.requestConfig && detail.requestConfig.verb) || "get").toLowerCase();
    return method === "get" ? "Nothing was changed." : "Nothing was applied: the board is as it was.";
  }

  document.addEventListener("htmx:responseError", (event) => {
    const xhr = event.detail.xhr;
    const title = TITLES[xhr.status] || `The server refused this (error ${xhr.status}).`;
    const words = serverWords(xhr);
    const text = words && !title.includes(words) ? `${title} ${words}` : title;
    say(event.detail.elt, text, /nothing was applied/i.test(text) ? "" : verb(event.detail));
  });

  // -- the connection banner --------------------------------------------------------------------
  let banner = null;
  let probing = null;
  let hideTimer = null;

  function showBanner(text, state) {
    if (!banner) {
      banner = document.createElement("div");
      banner.id = "connection";
      banner.setAttribute("role", "status");
      document.body.append(banner);
    }
    clearTimeout(hideTimer);
    banner.className = `connection ${state}`;
    banner.textContent = text;
    banner.hidden = false;
  }

  function back() {
    if (!probing) return;
    clearInterval(probing);
    probing = null;
    showBanner("Connected again. The board is up to date.", "back");
    hideTimer = setTimeout(() => { banner.hidden = true; }, 4000);
    const game = document.getElementById("game");
    if (game && game.dataset.refresh && window.htmx) {
      htmx.ajax("GET", game.dataset.refresh, { source: game, target: game, swap: "outerHTML" });
    }
  }

  function reachable() {
    return fetch(location.href, { method: "HEAD", cache: "no-store", credentials: "same-origin" })
      .then((answer) => answer.status < 500, () => false);
  }

  function probe() {
    reachable().then((up) => { if (up) back(); });  // still away: the next probe tries again
  }

  function lost() {
    showBanner("Cannot reach the server: taps are not applied until it is back. Trying again…", "lost");
    if (!probing) probing = setInterval(probe, 2000);
  }

  document.addEventListener("htmx:sendError", (event) => {
    say(event.detail.elt, "The server could not be reached.", verb(event.detail));
    lost();
  });
  document.addEventListener("htmx:timeout", (event) => {
    say(event.detail.elt, "The server took too long to answer.", "It may or may not have been applied: check the board.");
  });
  // the live stream (static/app.js) broke: the server may be gone, or only the stream (then say nothing)
  // (a moment later: a blip while the stream reconnects is not worth a banner)
  let suspect = null;
  document.addEventListener("burgle:lost", () => {
    if (probing || suspect) return;
    suspect = setTimeout(() => {
      suspect = null;
      reachable().then((up) => { if (!up) lost(); });
    }, 3000);
  });
  document.addEventListener("burgle:back", back);
  // a successful answer proves the server is there
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.successful) back();
  });
})();
