"""Which language each device reads: Flask-Babel's locale selector and the route that switches it.

The language belongs to the device, not to the heist: a phone may read Spanish while the tablet beside
it reads French, both watching the same board. So it is kept in a cookie of its own (``lang``), not in
the heist and not in the session (the session carries the host mark, and clearing one must not clear
the other). A device that never chose follows its browser's preference (Accept-Language); ``?lang=``
on any address shows that one page in a language without changing the device's choice.

``GET /language/<code>`` sets the cookie and goes back to ``next`` (a path of this app only) or home.
It is a GET so a plain link can do it without a form and a CSRF token: it changes nothing but how
this device's own pages read, so another site making a device follow it gains nothing.
"""

from __future__ import annotations

from typing import Any

from babel import Locale
from flask import Blueprint, Flask, abort, redirect, request
from flask_babel import Babel, get_locale
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup
from werkzeug.wrappers import Response

from ..words.i18n import N_, _, catalogue, kept_with, translated, translated_plural
from ..words.names import CHARACTERS, card_title, computer_name, key, loot_name, room_name, tool_name
from .table.tile_words import LABELS, tile_label

# the languages with a catalogue (assistant/translations), English first: the words are written in it
LANGUAGES = {"en": "English", "es": "Español", "fr": "Français"}
LOCALES = {code: Locale.parse(code) for code in LANGUAGES}
COOKIE = "lang"
YEAR = 365 * 24 * 3600
# the longest address of this app a page is read at: a search of the rules reference (MAX_SEARCH, 200 characters),
# each one percent-encoded UTF-8 (up to 9 characters), after its path
MAX_NEXT = 2048
TEMPLATE_WORDS_KEPT = 4096  # per language: far more than all the templates say

bp = Blueprint("language", __name__)


def select() -> str:
    """The reader's language: this page's ``?lang=``, else the device's choice, else its browser's."""
    for chosen in (request.args.get("lang"), request.cookies.get(COOKIE)):
        if chosen in LANGUAGES:
            return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default="en")


def _locale() -> Locale:
    """Flask-Babel's locale selector: :func:`select`'s language, parsed once (Babel checks its locale data on the disk
    each time it parses one)."""
    return LOCALES[select()]


def current() -> str:
    """The language of the page being drawn ("en" outside a request)."""
    locale = get_locale()
    return locale.language if locale is not None else "en"


@bp.get("/language/<code>")
def choose(code: str) -> Response:
    if code not in LANGUAGES:
        abort(404)
    target = request.args.get("next", "")
    # only a path of this app: never "//elsewhere" or "https://…", which would make this an open redirect; and
    # never longer than one of its own addresses, since it goes back in the Location header (issue 33 §4)
    if not target.startswith("/") or target.startswith("//") or "\\" in target or len(target) > MAX_NEXT:
        target = "/"
    response = redirect(target, 303)
    response.set_cookie(COOKIE, code, max_age=YEAR, samesite="Lax", httponly=True)
    return response


def _vary(response: Response) -> Response:
    # the same address reads differently per device: a cache must not hand one device's language to another
    if request.endpoint == "static":
        return response  # the app's own files read the same for everyone
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


def character_name(key: str) -> str:
    """A Burgle Bros 1 character as that language's edition prints it ("acrobat": The Acrobat)."""
    say = CHARACTERS.get(key)
    name = say() if say else key.capitalize()
    return name.removeprefix("The ")  # the form's list reads "Hacker", not "The Hacker"


# the log's rule labels that are words, not section numbers (the rest are cards, characters and rooms)
RULE_WORDS = {"Break in": N_("Break in")}


def rule_label(rule: str) -> str:
    """A log line's rule label in the reader's language: "1.13" stays, "Break in" or a card's name is
    translated (Burgle Bros 2 and 3 section names are still English)."""
    if not rule or rule[0].isdigit() or rule.startswith(("bb2 ", "bb3 ")):
        return rule
    if rule in RULE_WORDS:
        return _(RULE_WORDS[rule])
    if key(rule) in LABELS:
        return tile_label(key(rule))
    if key(rule) in CHARACTERS:
        return character_name(key(rule))
    return card_title(rule)


# what each action was, as the whole log heads it ("#3 · move")
ACTIONS = {
    "alarm": N_("alarm"), "answer": N_("answer"), "bouncer": N_("bouncer"), "camera": N_("camera"),
    "charm": N_("charm"), "chip": N_("chip"), "commotion": N_("commotion"), "crack_safe": N_("safe cracked"),
    "crow": N_("crow"), "crowd": N_("crowd"), "deck": N_("deck"), "donuts": N_("donuts"), "end_turn": N_("end turn"),
    "entrance": N_("entrance"), "escape": N_("escape"), "event": N_("event"), "flee": N_("flee"),
    "guard": N_("guard jumped or put"), "guard_turn": N_("guard turn"),
    "hack": N_("hack"), "layout": N_("walls laid out"), "loot": N_("loot"),
    "lure": N_("lure"), "move": N_("move"), "place": N_("place"), "remove_alarm": N_("alarm taken away"),
    "reveal": N_("room turned up"), "set": N_("correction"), "spotter": N_("Spotter"), "start": N_("start"),
    "suspicion": N_("suspicion"), "tool": N_("tool"), "undercover": N_("undercover"), "wall": N_("wall"),
    "workers": N_("workers"), "kitty": N_("Persian Kitty"),
}


def action_name(do: str) -> str:
    """An action's code as the whole log names it, in the reader's language."""
    return _(ACTIONS[do]) if do in ACTIONS else do.replace("_", " ")


def install(app: Flask) -> None:
    Babel(app, locale_selector=_locale)
    app.register_blueprint(bp)
    app.after_request(_vary)
    app.jinja_env.globals.update(language=current, languages=LANGUAGES, character_name=character_name,
                                  room_name=room_name, computer_name=computer_name)
    app.jinja_env.filters.update(tool_name=tool_name, loot_name=loot_name, rule_label=rule_label,
                                  action_name=action_name)
    # {% trans %} blocks are one message however their lines are broken (babel.cfg extracts them the same way)
    app.jinja_env.policies["ext.i18n.trimmed"] = True
    # the templates' words through the request's catalogue, looked up once (words/i18n.py); newstyle: Jinja fills
    # them in and escapes what fills them
    app.jinja_env.install_gettext_callables(gettext=translated, ngettext=translated_plural,  # type: ignore[attr-defined]
                                            newstyle=True)
    app.jinja_env.globals.update(_=template_gettext, gettext=template_gettext, ngettext=template_ngettext)


# What Jinja's newstyle gettext and its ``_`` do, in one call from the template where Jinja's take three (``_`` looks
# ``gettext`` up and calls it, which calls the translation): a board says some sixty of them at every tap.
@pass_eval_context
def template_gettext(ctx: EvalContext, message: str, **params: Any) -> str:
    if not ctx.autoescape:
        return translated(message) % params
    said = template_words(message)
    # what Jinja's gettext does (Markup(translation) % params): a translation without a % is its own result, whatever
    # the parameters (a mapping fills only the %(name)s it is asked for)
    return said % params if "%" in said else said


def template_words(message: str) -> Markup:
    """A template's message in the reader's language, as Markup, kept with the catalogue that translated it: most of
    a board's words are the same at every tap, in each language."""
    said = catalogue()
    if said is None:
        return Markup(message)
    return kept_with(said, "burgle_template_words", message, _markup, TEMPLATE_WORDS_KEPT)


def _markup(message: str) -> Markup:
    return Markup(translated(message))


@pass_eval_context
def template_ngettext(ctx: EvalContext, singular: str, plural: str, num: int, **params: Any) -> str:
    params.setdefault("num", num)
    said = translated_plural(singular, plural, num)
    return (Markup(said) if ctx.autoescape else said) % params
