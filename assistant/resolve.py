"""Conformance resolver: ``python -m assistant.resolve CASE.json [CASE.json ...]``.

Prints one JSON line per case (../shared/conformance/FORMAT.md). Bad input gives an ``error`` line,
never a traceback; exit status 2 when a file cannot be read or is not JSON, else 0.
"""

from __future__ import annotations

import json
import sys

from .engine.cases import run_case


def main(argv: list[str]) -> int:
    status = 0
    out = sys.stdout
    for path in argv:
        try:
            with open(path, encoding="utf-8") as fh:
                case = json.load(fh)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            out.write(json.dumps({"id": None, "error": f"{path}: cannot read this case ({err})"}) + "\n")
            status = 2
            continue
        out.write(json.dumps(run_case(case)) + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
