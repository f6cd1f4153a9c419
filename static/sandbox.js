// The sandbox's and the dispute card's "Copy link" button, and the card's "Print" button. Without JavaScript the button stays hidden and the link field can
// still be selected by hand; the clipboard API exists only in secure contexts (not on a LAN address),
// so older copying is the fallback there.
document.documentElement.classList.add("js");
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) {
    window.print();
    return;
  }
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const field = document.getElementById(button.dataset.copy);
  if (!field) return;
  const done = () => {  // the word comes translated from the page (base.html's <body data-words>)
    try { button.textContent = JSON.parse(document.body.dataset.words).copied || button.textContent; } catch {
      /* no words on this page: the button keeps its own */
    }
  };
  const fallback = () => {
    field.focus();
    field.select();
    if (document.execCommand("copy")) done();
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done, fallback);
  } else {
    fallback();
  }
});
