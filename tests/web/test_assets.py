"""The app's style sheets and scripts go out without their comments (web/assets.py lean): the board's first load
stays under its 40 KB (bench/end_turn.py), the files on disk keep every comment."""

from __future__ import annotations

import gzip
from pathlib import Path

import brotli
import pytest

from assistant.web.assets import lean, static_cache

STATIC = Path(__file__).resolve().parents[2] / "static"


@pytest.mark.parametrize("name", ["app.css", "display.css", "app.js", "floors.js", "page.js", "keys.js"])
def test_a_style_sheet_or_script_is_kept_compressed_without_its_comments(name: str) -> None:
    """What the app serves to a browser that takes brotli or gzip (Flask-Compress asks this cache; the bench measures
    it on the wire through waitress)."""
    on_disk = (STATIC / name).read_bytes()
    kept = static_cache(STATIC)()
    sent = brotli.decompress(kept.get(f"br;static:{name}"))
    assert sent == gzip.decompress(kept.get(f"gzip;static:{name}")) == lean(f"static:{name}", on_disk)
    assert len(sent) < len(on_disk)
    assert b"/*" not in sent if name.endswith(".css") else not sent.lstrip().startswith(b"/*")


def test_code_is_never_taken_for_a_comment() -> None:
    script = b'const url = "http://x/*"; // kept\nconst y = 1; /* kept too */\n'
    assert lean("static:a.js", script) == script
    assert lean("static:vendor/a.min.js", b"var a=1;//x\n") == b"var a=1;//x\n"
