"""The fixtures give each pytest-xdist worker its own instance folder, database and server port, away from
the checkout: a probe runs under ``pytest -n 2`` with the suite's own conftests and says what each worker used."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = '''
import json
import os
import os
from pathlib import Path

import pytest

from tests.web.helpers import make_app


@pytest.mark.parametrize("n", range(6))
def test_probe(n, live_server, worker_id, tmp_path):
    app = make_app(tmp_path / "heists.sqlite3")  # as the web tests make theirs: no INSTANCE_PATH
    try:
        seen = {"worker": worker_id, "instance": app.instance_path, "database": app.config["DATABASE"],
                "live_instance": live_server.app.instance_path, "live_database": live_server.target,
                "port": live_server.port}
    finally:
        app.extensions["store"].close()
    Path(os.environ["PROBE_OUT"], f"{worker_id}-{n}.json").write_text(json.dumps(seen))
'''


def test_each_worker_has_its_own_instance_folder_database_and_port(tmp_path: Path) -> None:
    (tmp_path / "test_probe.py").write_text(PROBE)
    out = tmp_path / "seen"
    out.mkdir()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2", "--basetemp", str(tmp_path / "tmp"),
         "-p", "tests.conftest", "-p", "tests.browser.conftest", str(tmp_path / "test_probe.py")],
        check=False, cwd=ROOT, capture_output=True, text=True, timeout=120, env={**os.environ, "PROBE_OUT": str(out)})
    assert done.returncode == 0, done.stdout + done.stderr
    seen = [json.loads(p.read_text()) for p in out.iterdir()]
    workers = {s["worker"] for s in seen}
    assert len(seen) == 6 and workers == {"gw0", "gw1"}, seen
    for key in ("instance", "database", "live_instance", "live_database"):
        for s in seen:
            assert not Path(s[key]).is_relative_to(ROOT), f"{key} in the checkout: {s[key]}"
        by_worker = {w: {s[key] for s in seen if s["worker"] == w} for w in workers}
        assert not by_worker["gw0"] & by_worker["gw1"], f"two workers share a {key}: {by_worker}"
    ports = {w: {s["port"] for s in seen if s["worker"] == w} for w in workers}
    assert all(len(p) == 1 for p in ports.values()) and ports["gw0"] != ports["gw1"], ports
