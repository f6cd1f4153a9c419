"""What a button of a page posts, read as a browser without htmx would send it: the hidden fields of the form
it belongs to (the form around it, or the one its ``form`` attribute names) and its own name and value, the CSRF
token, the board's version and the open menu's room aside (web/table/tap_fields.py adds those to every tap)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

PAGE_FIELDS = ("csrf_token", "version", "room")


@dataclass
class Form:
    attrs: dict[str, str]
    fields: dict[str, str] = field(default_factory=dict)


@dataclass
class Tap:
    attrs: dict[str, str]
    form: Form | None  # the form around it
    text: str = ""

    @property
    def label(self) -> str:
        return self.attrs.get("aria-label") or re.sub(r"\s+", " ", self.text).strip()

    @property
    def disabled(self) -> bool:
        return "disabled" in self.attrs


class _Taps(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self.taps: list[Tap] = []
        self.form: Form | None = None
        self.button: Tap | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.form = Form(a)
            self.forms.append(self.form)
        elif tag == "input" and self.form and a.get("type") == "hidden":
            self.form.fields[a["name"]] = a.get("value", "")
        elif tag == "button":
            self.button = Tap(a, self.form)
            self.taps.append(self.button)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "button":
            self.button = None

    def handle_data(self, data: str) -> None:
        if self.button:
            self.button.text += data


def taps(page: str) -> list[tuple[Tap, Form | None]]:
    """Every button of ``page`` with the form it submits (None: it belongs to none)."""
    parser = _Taps()
    parser.feed(page)
    by_id = {f.attrs["id"]: f for f in parser.forms if "id" in f.attrs}
    return [(t, by_id.get(t.attrs["form"]) if "form" in t.attrs else t.form) for t in parser.taps]


def sent(tap: Tap, form: Form) -> dict[str, str]:
    """The action's fields a button sends with its form."""
    fields = {k: v for k, v in form.fields.items() if k not in PAGE_FIELDS}
    if tap.attrs.get("name"):
        fields[tap.attrs["name"]] = tap.attrs.get("value", "")
    return fields


def posts(page: str, label: str, starting: bool = False) -> dict[str, str] | None:
    """The fields the button labelled ``label`` (its aria-label, else its text; ``starting``: a label that starts
    so) posts; None when it is disabled."""
    found = [(t, f) for t, f in taps(page) if t.label == label or (starting and t.label.startswith(label))]
    assert found, f"no button {label!r}"
    tap, form = found[0]
    if tap.disabled:
        return None
    assert form is not None and form.attrs.get("method") == "post", f"{label!r} posts no form"
    return sent(tap, form)


def room_posts(page: str, floor: int, square: str) -> dict[str, str]:
    """What the room's button of ``page`` sends, from the page's form it belongs to."""
    for tap, form in taps(page):
        if tap.attrs.get("id") == f"room-{floor}-{square}":
            assert form is not None, f"room {floor}-{square} belongs to no form"
            return sent(tap, form)
    raise AssertionError(f"no room {floor}-{square}")
