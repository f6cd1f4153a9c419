"""web/rendering.py: a template's context is built from one copy of the globals, and reads as Jinja's own."""

from __future__ import annotations

from flask import Flask

from assistant.web.rendering import Template


def test_a_renders_variables_come_over_the_globals_and_globals_added_later_are_seen(app: Flask):
    app.jinja_env.globals["table_word"] = "global"
    page = app.jinja_env.from_string("{{ table_word }} {{ later }} {{ only_here }}", globals={"later": "own"})
    assert isinstance(page, Template)
    assert page.render(only_here="var") == "global own var"
    assert page.render(table_word="var", only_here="") == "var own "
    app.jinja_env.globals["table_word"] = "changed"  # the globals stay live, as in Jinja's ChainMap
    assert page.render(only_here="") == "changed own "


def test_a_macro_imported_from_another_template_draws_as_before(app: Flask):
    with app.test_request_context("/"):  # an import makes the other template's module: a context of its own
        page = app.jinja_env.from_string("{% from 'partials/_rule_badge.html' import rule_badge %}"
                                         "{{ rule_badge('1.7', 'rule 1.7', '') }}")
        assert page.render() == '<span class="rule" title="rule 1.7">1.7</span>'
