"""The app's Jinja templates start their context with one copy of the globals, made by ``dict.update``: Jinja 3.1 keeps
a template's globals as a ChainMap over the environment's, and ``dict(chainmap, **vars)`` reads it key by key in
Python, some 35 µs of every render (an end-turn answer renders its board and the rooms that changed;
bench/end_turn.py). The context is the same dictionary, in the same order: the ChainMap's layers, nearest last, then
the render's own variables."""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Mapping
from typing import Any

import jinja2
from flask import Flask
from jinja2.runtime import Context, new_context


class Template(jinja2.Template):
    def new_context(self, vars: dict[str, Any] | None = None, shared: bool = False,
                    locals: Mapping[str, Any] | None = None) -> Context:
        if shared or not isinstance(self.globals, ChainMap):  # an include's context is its parent's: no globals
            return super().new_context(vars, shared, locals)
        merged: dict[str, Any] = {}
        for layer in reversed(self.globals.maps):
            merged.update(layer)
        merged.update(vars or {})
        return new_context(self.environment, self.name, self.blocks, merged, True, self.globals, locals)


def install(app: Flask) -> None:
    app.jinja_env.template_class = Template  # before any template is loaded: each keeps the class it was made with
