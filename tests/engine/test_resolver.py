"""The conformance resolver as the checker runs it: ``python -m assistant.resolve CASE.json ...``.

FORMAT.md: one JSON line per file, in order; a rejected case is an ``{"id", "error"}`` line naming the
problem; exit 2 when a file cannot be read or is not JSON, else 0; never a traceback; fast enough
for hundreds of cases in one call.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT.parent / "shared" / "conformance" / "cases" / "bb1"
SOURCES = sorted(CASES.glob("*.json"))

needs_cases = pytest.mark.skipif(not SOURCES, reason=f"no conformance cases in {CASES}")

FLOOR = {"walls": [], "guard": "A1", "destination": "D4", "die": 2, "patrol": ["B2"]}


def resolve(*paths: Path | str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "assistant.resolve", *map(str, paths)], check=False, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def write(tmp_path: Path, name: str, case) -> Path:
    path = tmp_path / name
    path.write_text(case if isinstance(case, str) else json.dumps(case), encoding="utf-8")
    return path


def no_traceback(proc: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in proc.stdout and "Traceback" not in proc.stderr, proc.stderr


@needs_cases
def test_one_json_line_per_file_in_order():
    proc = resolve(*SOURCES)
    no_traceback(proc)
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert len(lines) == len(SOURCES)
    results = [json.loads(line) for line in lines]
    assert [r["id"] for r in results] == [json.loads(p.read_text())["id"] for p in SOURCES]
    for r in results:
        assert "error" in r or "floors" in r


@pytest.mark.parametrize("name, case, mentions", [
    ("wall-not-neighbours", {"floors": {"1": {**FLOOR, "walls": ["A1-C1"]}}}, ["A1-C1", "neighbour"]),
    ("die-9", {"floors": {"1": {**FLOOR, "die": 9}}}, ["die", "9"]),
    ("die-0", {"floors": {"1": {**FLOOR, "die": 0}}}, ["die", "0"]),
    ("unknown-action", {"floors": {"1": FLOOR}, "actions": [{"do": "teleport", "floor": 1}]}, ["teleport"]),
    ("square-off-board", {"floors": {"1": {**FLOOR, "guard": "E1"}}}, ["E1"]),
    ("not-a-square", {"floors": {"1": {**FLOOR, "destination": "Z9"}}}, ["Z9"]),
    ("floor-cut", {"floors": {"1": {**FLOOR, "walls": ["A1-B1", "A1-A2"]}}}, ["reachable"]),
    ("alarm-on-guard", {"floors": {"1": {**FLOOR, "alarms": ["A1"]}}}, ["A1", "alarm"]),
    ("unknown-floor", {"floors": {"1": FLOOR}, "actions": [{"do": "guard_turn", "floor": 7}]}, ["7"]),
    ("no-floors", {"floors": {}}, ["floor"]),
    ("unknown-rules", {"rules": "bb9", "floors": {"1": FLOOR}}, ["bb9"]),
])
def test_rejected_case_is_an_error_line_naming_the_problem(tmp_path, name, case, mentions):
    path = write(tmp_path, f"{name}.json", {"id": name, **case})
    proc = resolve(path)
    no_traceback(proc)
    assert proc.returncode == 0, "a readable JSON file exits 0 even when the case is rejected"
    lines = proc.stdout.splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert result["id"] == name
    assert isinstance(result.get("error"), str) and result["error"]
    for word in mentions:
        assert word.lower() in result["error"].lower(), result["error"]


@pytest.mark.parametrize("text", ["[1, 2]", "42", '"a string"', "null", json.dumps({"id": "x", "floors": [1]}),
                                  json.dumps({"id": "x", "floors": {"1": FLOOR}, "actions": 5}),
                                  json.dumps({"id": "x", "floors": {"1": FLOOR}, "actions": ["guard_turn"]}),
                                  json.dumps({"id": "x", "floors": {"1": {**FLOOR, "walls": "A1-B1"}}}),
                                  json.dumps({"id": "x", "size": 6, "floors": {"1": FLOOR}}),
                                  json.dumps({"id": "x", "floors": {"1": FLOOR}, "crew": {"red": "A1"}})])
def test_odd_json_gives_an_error_line_not_a_traceback(tmp_path, text):
    proc = resolve(write(tmp_path, "odd.json", text))
    no_traceback(proc)
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0]).get("error")


def test_unreadable_or_non_json_files_exit_2_and_the_rest_still_run(tmp_path):
    good = write(tmp_path, "good.json", {"id": "good", "floors": {"1": FLOOR},
                                         "actions": [{"do": "guard_turn", "floor": 1}]})
    bad_json = write(tmp_path, "bad.json", '{"id": "bad", "floors": {')
    empty = write(tmp_path, "empty.json", "")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    missing = tmp_path / "missing.json"
    proc = resolve(bad_json, good, missing, empty, binary)
    no_traceback(proc)
    assert proc.returncode == 2
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(results) == 5
    assert results[1]["id"] == "good" and "error" not in results[1]
    assert len(results[1]["floors"]["1"]["entered"]) == 2  # die 2: two rooms entered
    for i, path in ((0, bad_json), (2, missing), (3, empty), (4, binary)):
        assert path.name in results[i]["error"], results[i]


def test_all_files_readable_exit_0(tmp_path):
    proc = resolve(write(tmp_path, "bad-die.json", {"id": "d", "floors": {"1": {**FLOOR, "die": 9}}}))
    assert proc.returncode == 0


@needs_cases
def test_four_hundred_cases_in_one_call_are_fast(tmp_path):
    files = []
    for i in range(400):
        src = SOURCES[i % len(SOURCES)]
        case = json.loads(src.read_text(encoding="utf-8"))
        case["id"] = f"{case.get('id', src.stem)}#{i}"
        files.append(write(tmp_path, f"{i:03d}-{src.name}", case))
    t0 = time.perf_counter()
    proc = resolve(*files)
    elapsed = time.perf_counter() - t0
    no_traceback(proc)
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    assert len(lines) == 400
    assert [json.loads(line)["id"] for line in lines] == [json.loads(f.read_text())["id"] for f in files]
    assert elapsed < 3.0, f"400 cases took {elapsed:.2f} s"
