/* No silent failure. htmx swaps only successful answers, so an action the server refused with an error
   status (400 expired page, 403 watch-only link, 409, 429 too many, 500 bug) or one that never reached
   it (lost connection) would leave the board as it was, without a word. Here each says what happened,
   beside what was tapped, and whether anything was applied; nothing is swapped, so an open room menu
   stays open. While the server cannot be reached a banner says so, and says when it is back.
   As a file because the Content-Security-Policy runs no inline script; its words come translated from the
   page (base.html's <body data-words>), so it says them in the reader's language. */
(() => {
  "use strict";

  const WORDS = (() => {
    try { return JSON.parse(document.body.dataset.words || "{}"); } catch { return {}; }
  })();
  const word = (key) => WORDS[key] || "";

  // -- the message beside the tap --------------------------------------------------------------
  function where(elt) {
    const spot = elt && elt.isConnected ? elt : document.getElementById("game") || document.querySelector("main");
    // a tap's own form (form.tap) is no box to say it in: the place around it is
    return spot.closest(".room-menu, .menu, .question, .turnbar, .floor, .why, .panel, form:not(.tap), section, main") || document.body;
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
    return word(method === "get" ? "unchanged" : "not_applied");
  }

  document.addEventListener("htmx:responseError", (event) => {
    const xhr = event.detail.xhr;
    // the server's own words when it sent some (the app's error pages say the same as the status's
    // words, and more precisely: both would say it twice), else what the status means
    const text = serverWords(xhr) || word(String(xhr.status)) || word("refused").replace("{status}", xhr.status);
    const marker = word("not_applied_words").toLowerCase();  // the server's words may say it already
    say(event.detail.elt, text, marker && text.toLowerCase().includes(marker) ? "" : verb(event.detail));
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
    showBanner(word("back"), "back");
    hideTimer = setTimeout(() => { banner.hidden = true; }, 4000);
    const game = document.getElementById("game");
    if (game && game.dataset.refresh && window.htmx) {
      htmx.ajax("GET", game.dataset.refresh, { source: game, target: game, swap: "outerHTML" });
    }
  }

  function reachable() {
    // a network gone quiet never answers: a probe still waiting after 3 s counts as unreachable
    const quiet = window.AbortSignal && AbortSignal.timeout ? AbortSignal.timeout(3000) : undefined;
    return fetch(location.href, { method: "HEAD", cache: "no-store", credentials: "same-origin", signal: quiet })
      .then((answer) => answer.status < 500, () => false);
  }

  function probe() {
    reachable().then((up) => { if (up) back(); });  // still away: the next probe tries again
  }

  function lost() {
    showBanner(word("lost"), "lost");
    if (!probing) probing = setInterval(probe, 2000);
  }

  document.addEventListener("htmx:sendError", (event) => {
    say(event.detail.elt, word("unreachable"), verb(event.detail));
    lost();
  });
  // -- a tap with no answer yet ------------------------------------------------------------------
  // A change that gets no answer within SLOW_MS says so beside the tap: it may have reached the server or not.
  // The request is not cut short: a late answer swaps the board in as usual and the note goes.
  const SLOW_MS = 4000;
  const waiting = new Map();
  document.addEventListener("htmx:beforeSend", (event) => {
    const detail = event.detail;
    if (((detail.requestConfig && detail.requestConfig.verb) || "get").toLowerCase() === "get") return;
    waiting.set(detail.xhr, setTimeout(() => {
      say(detail.elt, word("no_answer"), word("check_log"));
      document.querySelector(".tap-error").classList.add("unanswered");
    }, SLOW_MS));
  });
  document.addEventListener("htmx:afterRequest", (event) => {
    clearTimeout(waiting.get(event.detail.xhr));
    waiting.delete(event.detail.xhr);
    if (event.detail.successful) document.querySelectorAll(".tap-error.unanswered").forEach((old) => old.remove());
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
