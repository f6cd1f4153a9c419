"""Every button that changes a heist is a real form (web/table/tap_fields.py): a tap before htmx has taken over
the page (a slow phone, the first moment after a load) posts the form itself instead of being lost. Read from the
templates: each element with ``hx-post`` is a form that posts there, with its CSRF token, or sits in one, or names
one with its ``form`` attribute."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

# Posts that stay htmx's alone, each with its reason. (template, what its hx-post names)
ALLOWED = {
    # Revoking a share link is confirmed first (hx-confirm: every phone on the link loses it); a plain form would
    # revoke it on a tap that was never confirmed, so before htmx has taken over, the tap does nothing.
    ("partials/_share.html", "share.revoke"),
}


@dataclass
class _Form:
    attrs: dict[str, str]
    said: list[str] = field(default_factory=list)  # the expressions written inside it, in text or in attributes


@dataclass
class _Post:
    template: str
    tag: str
    attrs: list[tuple[str, str]]
    form: _Form | None


class _Scan(HTMLParser):
    """The forms (by id too) and the elements with hx-post of one template whose ``{{ … }}`` are tokens (the same
    expression, the same token) and whose ``{% … %}`` are gone: the branches of an ``if`` are read together."""

    def __init__(self, template: str, forms: dict[str, _Form]) -> None:
        super().__init__()
        self.template, self.forms = template, forms
        self.form: _Form | None = None
        self.posts: list[_Post] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pairs = [(k, v or "") for k, v in attrs]
        if tag == "form":
            self.form = _Form(dict(pairs))
            if "id" in self.form.attrs:
                self.forms[self.form.attrs["id"]] = self.form
        if self.form is not None:
            self.form.said += [t for _k, v in pairs for t in re.findall(r"JINJA\d+", v)]  # a token's input
        if any(k == "hx-post" for k, _v in pairs):
            self.posts.append(_Post(self.template, tag, pairs, self.form))  # a form's own, or the one around it

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None

    def handle_data(self, data: str) -> None:
        if self.form is not None:
            self.form.said += re.findall(r"JINJA\d+", data)


def scan(sources: dict[str, str]) -> tuple[list[str], int]:
    """The hx-post elements of ``sources`` (name: template text) that no form posts, and how many were read."""
    said: dict[str, str] = {}

    def token(match: re.Match[str]) -> str:
        return said.setdefault(match.group(1).strip(), f"JINJA{len(said)}")

    forms: dict[str, _Form] = {}
    posts: list[_Post] = []
    for name, text in sources.items():
        text = re.sub(r"\{#.*?#\}", "", text, flags=re.DOTALL)
        text = re.sub(r"\{%.*?%\}", " ", text, flags=re.DOTALL)
        parser = _Scan(name, forms)
        parser.feed(re.sub(r"\{\{(.*?)\}\}", token, text, flags=re.DOTALL))
        posts += parser.posts
    expression = {t: e for e, t in said.items()}
    fields = {t for e, t in said.items() if e.startswith("tap_fields(") or e == "csrf_token()"}

    def posts_to(form: _Form | None, url: str) -> bool:
        return (form is not None and form.attrs.get("method") == "post" and form.attrs.get("action") == url
                and any(t in fields for t in form.said))

    lost = []
    for post in posts:
        attrs = dict(post.attrs)
        url = attrs["hx-post"]
        # a button of a form elsewhere on the page names it; the branches of an if may name several
        owners = [forms.get(v) for k, v in post.attrs if k == "form"]
        ok = posts_to(post.form, url) or any(posts_to(owner, url) for owner in owners)
        if not ok and not any(post.template == t and what in expression.get(url, url) for t, what in ALLOWED):
            lost.append(f"{post.template}: <{post.tag} hx-post={expression.get(url, url)!r}>")
    return lost, len(posts)


def templates() -> dict[str, str]:
    return {str(p.relative_to(TEMPLATES)): p.read_text() for p in sorted(TEMPLATES.rglob("*.html"))}


def test_every_hx_post_is_a_form_that_posts_the_same_without_htmx() -> None:
    lost, read = scan(templates())
    assert read >= 40  # the turn bars, the menus, the panels, the board's rooms and walls
    assert lost == []


def test_a_form_posted_by_htmx_alone_is_found() -> None:
    """The scan itself: a bare button, a form that posts elsewhere or has no token, and a room naming a form
    that does not exist are each caught; a button in its form or naming the page's form is not."""
    act = "{% set act = url_for('game.act', key=key) %}"
    tap = '<form class="tap" method="post" action="{{ act }}" hx-post="{{ act }}">'
    lost, read = scan({
        "bare.html": act + '<button hx-post="{{ act }}" hx-vals=\'{"do": "end_turn"}\'>End</button>',
        "elsewhere.html": tap.replace('action="{{ act }}"', 'action="/x"') + "{{ tap_fields() }}<button>x</button>"
                          "</form>",
        "tokenless.html": tap + "<button>x</button></form>",
        "orphan.html": '<button class="room" hx-post="{{ act }}" form="nowhere" name="choice" value="A1"></button>',
        "good.html": tap + '{{ tap_fields({"do": "x"}) }}<button>x</button></form>'
                     '<form id="answer" method="post" action="{{ act }}" hidden>'
                     '{{ tap_fields({"do": "answer"}) }}</form>'
                     '<button class="room" hx-post="{{ act }}" form="answer" name="choice" value="B2"></button>',
    })
    assert read == 6
    assert [line.split(":")[0] for line in lost] == ["bare.html", "elsewhere.html", "tokenless.html", "orphan.html"]
