"""Whether a ``-wal`` file is the write-ahead log of the database beside it, read from the bytes of both before SQLite
opens them (issue 33 §2): once SQLite has opened the pair it applies the log, and a log that is another database's
replaces the heists without a word.

What SQLite's file format (https://www.sqlite.org/fileformat.html, "The Write-Ahead Log") lets us check:

* the log's header: its magic number, format version and checksum, and its page size, which must be the
  database's (the database header's offset 16);
* its frames: SQLite applies the frames that carry the header's two salts and whose checksums chain from the
  header's, up to the last commit; a log whose first frame does not follow its header holds nothing SQLite would
  keep (a stale log);
* the database size each commit gives: the app never shrinks its file (no VACUUM; a restore folds its log into the
  file at once, store.replace_with), so a log whose last commit holds fewer pages than the file has is another,
  smaller database's;
* the change counter of page 1 (the database header's offset 24), written with every commit that changes page 1:
  a log whose newest page 1 counts fewer changes than the file is older than the file.
"""

from __future__ import annotations

import struct
from pathlib import Path

MAGIC = (0x377F0682, 0x377F0683)  # checksums of little-endian words, of big-endian words
FORMAT = 3007000
WAL_HEADER, FRAME_HEADER = 32, 24


def _page_size(raw: int) -> int:
    return 65536 if raw == 1 else raw


def _checksum(data: bytes, big_endian: bool, s0: int = 0, s1: int = 0) -> tuple[int, int]:
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def foreign(database: Path, wal: Path) -> bool:
    """True when ``wal`` is not the write-ahead log of ``database``: SQLite would apply another database's pages,
    or an older log's, or drop what the log holds. Reads both files, writes nothing."""
    with database.open("rb") as file:
        head = file.read(100)
    data = wal.read_bytes()
    if len(head) < 100 or not head.startswith(b"SQLite format 3\0") or not data:
        return False  # no database to compare with (the check of the file says what it is), or no log
    if len(data) < WAL_HEADER:
        return True
    magic, version, page_size, _sequence, *_salts, c0, c1 = struct.unpack(">8I", data[:WAL_HEADER])
    if (magic not in MAGIC or version != FORMAT or _checksum(data[:24], magic == MAGIC[1]) != (c0, c1)
            or page_size != _page_size(int.from_bytes(head[16:18], "big"))):
        return True
    frames, size, counter = _committed(data, page_size)
    if not frames:
        return len(data) >= WAL_HEADER + FRAME_HEADER  # frames, none of them this header's
    if size and size < database.stat().st_size // page_size:
        return True
    return counter is not None and counter < int.from_bytes(head[24:28], "big")


def _committed(data: bytes, page_size: int) -> tuple[int, int, int | None]:
    """What SQLite would apply of the log ``data``: how many frames follow its header (its salts, the checksums
    chained from its own), the database size in pages at the last commit among them (0: none), and the change
    counter of the newest page 1 committed (None: none)."""
    magic, _version, _size, _sequence, salt1, salt2, s0, s1 = struct.unpack(">8I", data[:WAL_HEADER])
    big_endian = magic == MAGIC[1]
    frames, size, counter, pending = 0, 0, None, None
    offset = WAL_HEADER
    while offset + FRAME_HEADER + page_size <= len(data):
        page, commit, f_salt1, f_salt2, f0, f1 = struct.unpack(">6I", data[offset:offset + FRAME_HEADER])
        body = data[offset + FRAME_HEADER:offset + FRAME_HEADER + page_size]
        s0, s1 = _checksum(data[offset:offset + 8] + body, big_endian, s0, s1)
        if (f_salt1, f_salt2) != (salt1, salt2) or (f0, f1) != (s0, s1):
            break  # what follows is an earlier log's, left behind: SQLite stops here too
        frames += 1
        if page == 1:
            pending = int.from_bytes(body[24:28], "big")
        if commit:  # a commit frame: what SQLite applies ends with one
            size, counter = commit, pending
        offset += FRAME_HEADER + page_size
    return frames, size, counter
