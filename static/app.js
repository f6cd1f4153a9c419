/* The table app's own script: follow the heist live, and keep the tablet's screen on.
   No game logic here: the server says "changed" and the new version, and this page fetches its own
   board again (its role, its open room menu) from the URL the board carries in data-refresh. */
(() => {
  "use strict";
  const live = document.getElementById("live");
  if (!live) return;

  // -- only what changed: the floors this page shows, named by their digests (web/table/floor_html.py) -----
  // the answer leaves out each one still the same: an empty floor marked hx-preserve, which htmx fills with ours
  document.body.addEventListener("htmx:configRequest", (event) => {
    const shown = [...document.querySelectorAll("#game .floors > .floor[data-hash]")];
    if (shown.length) {
      event.detail.headers["X-Floors"] = shown.map((f) => `${f.id.replace("floor-", "")}=${f.dataset.hash}`).join(",");
    }
  });

  // -- the guard's move, said to screen readers ---------------------------------------------------
  // #announce lives outside #game (a region swapped in whole is not announced): after each new board,
  // the summary of the guard's move and the verdict are put there once
  const announce = document.getElementById("announce");
  let said = "";
  function sayMove() {
    const game = document.getElementById("game");
    if (!announce || !game) return;
    const text = [...game.querySelectorAll(".turnbar .banner, .real-board .summary")].map((p) => p.textContent.trim()).join(" ");
    const key = `${game.dataset.version}:${text}`;
    if (!text || key === said) return;
    said = key;
    announce.textContent = text;
  }
  document.body.addEventListener("htmx:afterSettle", sayMove);

  // -- read aloud: each guard move and its checklist, in this page's language (issue 26) -------------------
  // Only what the page shows everyone is read: the move in one line and "On the real board". Browsers speak
  // only after a tap, so the switch is a button (templates/partials/_speech.html, drawn again with every
  // board: its state lives here); this device remembers it. No voice for the language: it says so, silent.
  const lang = document.documentElement.lang || "en";
  const canSpeak = "speechSynthesis" in window;
  let speaking = false;
  let lastMove = "";
  let status = "";
  try { speaking = canSpeak && localStorage.getItem("burgle:speech") === "on"; } catch { speaking = false; }

  function voice() {
    const voices = canSpeak ? window.speechSynthesis.getVoices() : [];
    return voices.find((v) => v.lang.toLowerCase().split(/[-_]/)[0] === lang) || null;
  }

  function theMove() {
    const game = document.getElementById("game");
    if (!game || !game.querySelector(".real-board .summary")) return "";  // a guard moved: his move has a summary
    // the move in one line, then each line of the checklist, each said as a sentence
    const lines = [...game.querySelectorAll(".real-board .summary"), ...game.querySelectorAll(".real-board li")]
      .map((el) => el.textContent.trim()).filter(Boolean);
    return lines.map((line) => (/[.!?…]$/.test(line) ? line : `${line}.`)).join(" ");
  }

  // words, never symbols: a voice reads "→" as "right arrow" and "·" as "middle dot" ("punto medio", "point")
  function spoken(text) {
    const arrow = document.querySelector(".speech")?.dataset.arrow || "to";
    return text.replace(/\s*→\s*/g, ` ${arrow} `).replace(/\s*·\s*/g, ", ").replace(/[\p{So}\u2190-\u21ff]/gu, " ")
      .replace(/\s+/g, " ").trim();
  }

  function showSpeech() {
    const speech = document.querySelector(".speech");
    if (!speech) return;
    speech.hidden = !canSpeak;
    speech.querySelector("#speak").setAttribute("aria-pressed", String(speaking));
    speech.querySelector("#speak-again").hidden = !lastMove;
    speech.querySelector("#speak-status").textContent = status;
  }

  function say(text) {
    const found = voice();
    const speech = document.querySelector(".speech");
    status = found || !speech ? "" : speech.dataset.noVoice;
    showSpeech();
    if (!found) return;
    const words = new SpeechSynthesisUtterance(spoken(text));
    words.lang = found.lang;
    words.voice = found;
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(words);
  }

  // the actions this page has shown at the head (data-action: its place and when it was made): one that undo or
  // redo brings back is no news, so only a fresh one, never shown here, is said (store.py's Game.fresh)
  const shown = new Set();
  function newBoard() {
    const game = document.getElementById("game");
    const move = theMove();
    const action = game ? game.dataset.action : "";
    if (move) lastMove = move;
    if (move && speaking && game.hasAttribute("data-fresh") && !shown.has(action)) say(move);
    shown.add(action);
    showSpeech();
  }

  document.addEventListener("click", (event) => {
    if (event.target.closest("#speak")) {
      speaking = !speaking;
      try { localStorage.setItem("burgle:speech", speaking ? "on" : "off"); } catch { /* private browsing */ }
      if (speaking) say(document.querySelector(".speech").dataset.speechOn);  // within the tap: speech unlocked
      else { status = ""; window.speechSynthesis.cancel(); }
      showSpeech();
    } else if (event.target.closest("#speak-again") && lastMove) {
      say(lastMove);
    }
  });
  // -- describe this floor (issue 35 §6): the button or "D" fetches the floor shown in words (web/table/floor_words.py)
  // into #floor-words, a live region outside #game the screen reader reads, and Read aloud says it when on
  const floorWords = document.getElementById("floor-words");
  let lastFloor = "";
  document.addEventListener("focusin", (event) => { lastFloor = event.target.closest?.("#game .floor")?.id || lastFloor; });
  function floorShown() {
    const floors = [...document.querySelectorAll("#game .floors > .floor")];
    const seen = floors.filter((f) => f.checkVisibility());
    const pick = seen.length === 1 ? seen[0] : document.activeElement?.closest("#game .floor")
      || document.getElementById(lastFloor) || floors.find((f) => f.classList.contains("shown")) || floors[0];
    return pick ? pick.id.replace("floor-", "") : "";
  }
  function describe() {
    const button = document.getElementById("describe");
    const floor = floorShown();
    if (!button || !floorWords || !floor) return;
    floorWords.textContent = "";  // the same words again are news too
    fetch(`${button.dataset.describe}?floor=${floor}`).then((answer) => (answer.ok ? answer.text() : Promise.reject(answer)))
      .then((html) => {
        floorWords.innerHTML = html;
        if (speaking) say([...floorWords.querySelectorAll("p")].map((p) => p.textContent.trim()).join(" "));
      }).catch(() => {});
  }
  document.addEventListener("click", (event) => { if (event.target.closest("#describe")) describe(); });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "d" && event.key !== "D") return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.target.closest("input, select, textarea, dialog")) return;
    event.preventDefault();
    describe();
  });

  // what is on the screen when the page opens is not news: only the moves after it are said
  lastMove = theMove();
  shown.add(document.getElementById("game")?.dataset.action);
  showSpeech();
  document.body.addEventListener("htmx:afterSettle", newBoard);

  // -- static/keys.js, fetched at the first key, then given it and every key pressed while it was on its way
  const keys = document.getElementById("keys");
  const early = [];
  if (keys) document.addEventListener("keydown", function first(event) {
    if (event.key.length > 1 || event.target.closest("input, select, textarea")) return;  // not Shift alone
    early.push(event);
    if (early.length > 1) return;  // fetched already
    const script = Object.assign(document.createElement("script"), { src: keys.dataset.script });
    script.onload = () => {
      document.removeEventListener("keydown", first);  // keys.js listens from now on
      early.forEach((pressed) => keys.dispatchEvent(new CustomEvent("burgle:key", { detail: pressed })));
    };
    document.head.append(script);
  });

  // -- the turn on screen (issue 26 §1): a new guard move, an answer to the panel or a closed Why? is brought
  // into view (not the QR panel a shorter page shows); ticks are this device's, for this board version
  const ticks = `burgle:${location.pathname}:ticked`;
  let seen = "";
  let fromPanel = false;
  const moveOf = (game) => { const s = game.querySelector(".real-board .summary"); return s ? game.dataset.version + s.textContent : ""; };

  function reveal(el) {
    const box = el && el.getBoundingClientRect();
    if (box && (box.top < 0 || box.bottom > innerHeight)) el.scrollIntoView({ block: box.height > innerHeight ? "start" : "end" });
  }

  const onDisplay = Boolean(document.querySelector(".display-tools"));  // a screen to look at: nothing to tick

  function drawTicks(game) {
    game.dataset.shown = "1";
    if (onDisplay) return;
    let saved = {};
    try { saved = JSON.parse(localStorage.getItem(ticks)) || {}; } catch { /* none */ }
    const done = saved.version === game.dataset.version ? saved.lines : [];
    game.querySelectorAll(".real-board li").forEach((li) => {
      const box = document.createElement("span");
      box.className = "tick";
      box.setAttribute("role", "checkbox");
      box.tabIndex = 0;
      box.append(...li.childNodes);
      box.setAttribute("aria-checked", String(done.includes(box.textContent)));
      li.append(box);
    });
  }

  function tick(box) {
    const game = document.getElementById("game");
    box.setAttribute("aria-checked", String(box.getAttribute("aria-checked") !== "true"));
    const lines = [...game.querySelectorAll(".tick[aria-checked=true]")].map((b) => b.textContent);
    try { localStorage.setItem(ticks, JSON.stringify({ version: game.dataset.version, lines })); } catch { /* private browsing */ }
  }

  document.body.addEventListener("htmx:afterSettle", () => {
    const game = document.getElementById("game");
    if (!game || game.dataset.shown) return;  // once for each board swapped in
    drawTicks(game);
    const move = moveOf(game);
    const card = game.querySelector(".real-board");
    const asked = game.querySelector(".turnbar .question");
    // the question the board waits for comes first (issue 35 §2): the move's checklist once it is answered
    if (asked && !onDisplay) { reveal(asked); fromPanel = false; return; }
    if (move && move !== seen) reveal(card);
    else if (!game.querySelector(".room-menu") && (fromPanel || game.getBoundingClientRect().bottom < innerHeight)) {
      reveal(card || game.querySelector(".game > .refusal, .notice, .log-head"));
    }
    seen = move || seen;
    fromPanel = false;
  });
  document.addEventListener("click", (event) => {
    const box = event.target.closest(".tick");
    if (box) tick(box);
    if (event.target.closest("#game .panel [hx-post]")) fromPanel = true;  // an event, a tool, an ability
    // page.js, loaded first, has removed the Why?
    if (event.target.closest(".why [data-closes]")) reveal(document.querySelector("#game .real-board, #game .log-head"));
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.matches?.(".tick") && (event.key === " " || event.key === "Enter")) { event.preventDefault(); tick(event.target); }
  });
  const opened = document.getElementById("game");  // the page's own board: its move is not news
  if (opened) { drawTicks(opened); seen = moveOf(opened); }
  // …but a phone opened or reloaded after End turn is looked at for it: the question, else the move, in view
  const first = opened && !onDisplay && (opened.querySelector(".turnbar .question") || (seen && opened.querySelector(".real-board")));
  if (first) {
    history.scrollRestoration = "manual";  // a reload would put back where the page was, over the move
    addEventListener("load", () => reveal(first));
  }

  // -- this device's text size and colours (issue 26 §2): "Aa" in the header ------------------------------
  const root = document.documentElement;
  // the colour-blind palette's sheet is linked only when first chosen: Chromium fetches even a disabled one
  function paletteSheet(on) {
    let sheet = document.getElementById("palette");
    const href = document.querySelector("[data-palette-sheet]")?.dataset.paletteSheet;
    if (!sheet && on && href) {
      sheet = Object.assign(document.createElement("link"), { id: "palette", rel: "stylesheet", href });
      document.head.append(sheet);
    }
    if (sheet) sheet.disabled = !on;
  }
  function look(name, value) {
    if (value) root.dataset[name] = value; else delete root.dataset[name];
    if (name === "palette") paletteSheet(Boolean(value));
    document.querySelectorAll(`[data-${name}]:not(html)`).forEach((b) => b.setAttribute("aria-pressed", String(b.dataset[name] === (value || "1"))));
  }
  try { look("text", localStorage.getItem("burgle:text")); look("palette", localStorage.getItem("burgle:palette")); } catch { /* private browsing */ }
  document.addEventListener("click", (event) => {
    const b = event.target.closest(".view-settings .button");
    if (!b) return;
    const name = b.dataset.text ? "text" : "palette";
    const value = name === "text" ? b.dataset.text : !root.dataset.palette && b.dataset.palette;
    look(name, value === "1" ? null : value);
    try { if (value && value !== "1") localStorage.setItem(`burgle:${name}`, value); else localStorage.removeItem(`burgle:${name}`); } catch { /* private browsing */ }
  });

  // -- live updates --------------------------------------------------------------------------
  let announced = 0;  // the newest version the server rang about

  function catchUp() {
    const game = document.getElementById("game");
    // the device that acted already shows the new version: nothing to fetch
    if (!game || Number(game.dataset.version) >= announced) return;
    // source: #game, so its hx-sync drops this while one of its own requests is in flight; the
    // afterSettle below then checks again against the newest version
    htmx.ajax("GET", game.dataset.refresh, { source: game, target: game, swap: "outerHTML" });
  }

  const onState = (state) => document.dispatchEvent(new CustomEvent(`burgle:${state}`));
  const heard = (version) => { announced = Math.max(announced, Number(version)); catchUp(); };
  const gone = (link) => location.replace(`${live.dataset.revoked}?link=${link}`);

  // One EventSource and its watchdog: the server's heartbeat comes every data-heartbeat seconds, two missed and
  // the stream is taken for dead (a Wi-Fi gone quiet never closes it), said as lost (static/feedback.js checks
  // and shows the banner) and opened again. Not open within a few seconds: the browser holds back the connection
  // (six to one address), and #live-wait says why this board waits. Returns what stops it.
  function stream(url, on) {
    const beat = (Number(live.dataset.heartbeat) || 5) * 1000;
    const wait = document.getElementById("live-wait");
    let source = null;
    let last = Date.now();
    const alive = () => { last = Date.now(); };
    function open() {
      source = new EventSource(url);
      alive();
      const slow = setTimeout(() => { if (source.readyState === EventSource.CONNECTING && wait) wait.hidden = false; }, 5000);
      source.addEventListener("changed", (event) => { alive(); on.changed(event.data); });
      source.addEventListener("heartbeat", alive);
      source.addEventListener("revoked", (event) => on.revoked(event.data));
      // the stream is the first to notice the server gone, and back
      source.addEventListener("error", () => on.state("lost"));
      source.addEventListener("open", () => { alive(); clearTimeout(slow); if (wait) wait.hidden = true; on.state("back"); });
    }
    open();
    const watchdog = setInterval(() => {
      if (Date.now() - last <= 2 * beat + 1000) return;
      source.close();
      on.state("lost");
      open();
    }, beat);
    return () => { clearInterval(watchdog); source.close(); };
  }

  // -- one stream for all this browser's boards (issue 35 §1) --------------------------------------------
  // Each tab says which heist it shows (its key) on a BroadcastChannel; the tab holding the Web Lock leads: it
  // follows every key on one stream (/games/events, each key opened as its own stream would be) and relays each
  // event to the tabs. When it closes, the lock passes to another tab, which opens the stream again: it starts
  // with every key's version, so each tab fetches what it missed, as after a reconnect. A browser without both
  // (plain http on a LAN address has no Web Locks) keeps one stream a tab.
  function shared() {
    const key = live.dataset.key;
    const tab = `${Date.now()}:${Math.random()}`;
    const channel = new BroadcastChannel("burgle:live");
    const tabs = new Map();  // every other tab's key, kept by all: a tab that comes to lead knows them already
    let stop = null;  // the leader's stream
    let following = "";
    let soon = null;

    const here = (m) => {
      if (m.key !== key) return;
      if (m.type === "changed") heard(m.version); else gone(m.link);
    };
    const relay = (m) => { channel.postMessage(m); here(m); };
    function follow() {
      const keys = [...new Set([key, ...tabs.values()])].sort();
      if (stop && keys.join(" ") === following) return;
      following = keys.join(" ");
      if (stop) stop();
      stop = stream(`${live.dataset.shared}?${new URLSearchParams([["tab", tab], ...keys.map((k) => ["key", k])])}`, {
        changed: (data) => { const [k, version] = data.split(" "); relay({ type: "changed", key: k, version }); },
        revoked: (data) => { const [k, link] = data.split(" "); relay({ type: "revoked", key: k, link }); },
        state: (state) => { channel.postMessage({ type: state }); onState(state); },
      });
    }
    // several tabs opening at once: one new stream for all of them
    const refollow = () => { if (!stop && !soon) return; clearTimeout(soon); soon = setTimeout(follow, 150); };

    channel.addEventListener("message", ({ data: m }) => {
      if (m.type === "follow") { tabs.set(m.tab, m.key); refollow(); }
      else if (m.type === "leave") { tabs.delete(m.tab); refollow(); }
      else if (m.type === "leader") channel.postMessage({ type: "follow", tab, key });  // the new leader asks
      else if (m.type === "changed" || m.type === "revoked") here(m);
      else onState(m.type);  // "lost" or "back", as the leader's stream says
    });
    channel.postMessage({ type: "follow", tab, key });
    addEventListener("pagehide", () => channel.postMessage({ type: "leave", tab }));
    addEventListener("pageshow", (event) => { if (event.persisted) channel.postMessage({ type: "follow", tab, key }); });
    navigator.locks.request("burgle:live", () => {
      live.dataset.leads = "1";
      channel.postMessage({ type: "leader" });
      soon = setTimeout(follow, 150);
      return new Promise(() => {});  // held until this tab closes
    });
  }

  if ("BroadcastChannel" in window && navigator.locks && live.dataset.shared) {
    shared();
    document.body.addEventListener("htmx:afterSettle", catchUp);
  } else if ("EventSource" in window) {
    const stop = stream(live.dataset.events, {
      changed: heard,
      // the link this page came by was revoked (or the heist deleted): a page says so
      revoked: (link) => { stop(); gone(link); },
      state: onState,
    });
    document.body.addEventListener("htmx:afterSettle", catchUp);
  }

  // -- wake lock: every device following asks (a phone can over https: /trust); where the browser says no, the
  // hint shows (on a phone it shows from the start: over plain http it can never be granted) -----------------
  const hint = document.getElementById("wake-hint");
  let lock = null;

  function refused(why) {
    live.dataset.wake = why;
    hint.hidden = false;
  }

  async function keepAwake() {
    if (lock || document.visibilityState !== "visible") return;
    try {
      lock = await navigator.wakeLock.request("screen");
      live.dataset.wake = "on";
      hint.hidden = true;
      // the browser drops the lock whenever the page is hidden; visibilitychange asks again
      lock.addEventListener("release", () => { lock = null; });
    } catch (err) {
      refused("refused");
    }
  }

  if ("wakeLock" in navigator) {
    keepAwake();
    document.addEventListener("visibilitychange", keepAwake);
  } else {
    refused("unsupported");  // e.g. plain http on a LAN address: wake lock needs a secure context
  }
})();
