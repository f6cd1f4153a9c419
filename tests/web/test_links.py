"""web/links.py keeps url_for's answers for the board's answers: what it gives is what Flask builds, in every
request whatever the address the app is served under."""

from __future__ import annotations

import flask
from flask import Flask

from assistant.web.links import url_for

CALLS = [("game.act", {"key": "abc"}), ("game.panel", {"key": "abc", "room": "1-B3", "animate": 1}),
         ("game.panel", {"key": "abc", "room": None, "animate": 1}), ("game.panel", {"key": "abc", "animate": True}),
         ("static", {"filename": "icons.svg"}), ("why.show", {"key": "abc", "seq": 4, "index": 0})]


def test_each_address_is_the_one_flask_builds_asked_once_or_again(app: Flask):
    with app.test_request_context("/"):
        for _round in range(2):  # built, then kept
            for endpoint, values in CALLS:
                assert url_for(endpoint, **values) == flask.url_for(endpoint, **values)


def test_equal_values_of_other_types_are_other_addresses(app: Flask):
    with app.test_request_context("/"):
        assert url_for("game.panel", key="abc", animate=1).endswith("animate=1")
        assert url_for("game.panel", key="abc", animate=True).endswith("animate=True")


def test_an_app_served_under_a_prefix_or_by_another_name_gets_its_own_addresses(app: Flask):
    with app.test_request_context("/"):
        plain = url_for("game.act", key="abc")
    with app.test_request_context("/", base_url="http://localhost/heists"):
        assert url_for("game.act", key="abc") == flask.url_for("game.act", key="abc") == "/heists" + plain
    with app.test_request_context("/", base_url="https://table.example"):
        assert url_for("game.act", key="abc", _external=True) == "https://table.example" + plain


def test_a_value_that_cannot_be_kept_is_built_each_time(app: Flask):
    with app.test_request_context("/"):
        assert url_for("home.index", tag=["a", "b"]) == flask.url_for("home.index", tag=["a", "b"])


def test_no_url_defaults_function_makes_an_address_depend_on_more_than_its_key(app: Flask):
    # links.url_for keys an address by its endpoint, values and the request's adapter: a url_defaults function
    # would add values of its own, which the key would not see
    assert not any(app.url_default_functions.values())
    assert not any(bp.url_default_functions.values() for bp in app.blueprints.values())
