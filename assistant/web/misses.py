"""The wrong-link limiter: an address that guesses too many links in a while is refused (web/access.py counts the
misses; extensions.py keeps one limiter an app)."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable


class MissLimiter:
    """Counts wrong keys per address in a sliding window; too many and that address is refused.

    >>> now = [0.0]
    >>> limiter = MissLimiter(limit=2, window=60, clock=lambda: now[0])
    >>> limiter.miss("10.0.0.7"); limiter.miss("10.0.0.7"); limiter.blocked("10.0.0.7")
    True
    >>> now[0] = 61.0
    >>> limiter.blocked("10.0.0.7")
    False
    """

    def __init__(self, limit: int = 20, window: float = 60.0, clock: Callable[[], float] = time.monotonic,
                 sweep_at: int = 1024):
        self.limit, self.window, self.clock, self.sweep_at = limit, window, clock, sweep_at
        self._misses: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, who: str) -> deque[float]:
        times = self._misses.get(who, deque())
        while times and times[0] <= self.clock() - self.window:
            times.popleft()
        if not times:
            self._misses.pop(who, None)  # an address that stopped guessing costs no memory
        return times

    def blocked(self, who: str) -> bool:
        with self._lock:
            return len(self._recent(who)) >= self.limit

    def miss(self, who: str) -> None:
        with self._lock:
            if len(self._misses) >= self.sweep_at:
                for other in list(self._misses):  # addresses that guessed once and never came back (issue 33 §3)
                    self._recent(other)
            self._misses[who] = self._recent(who)
            self._misses[who].append(self.clock())

    def remembered(self) -> int:
        """How many addresses the limiter holds misses of."""
        with self._lock:
            return len(self._misses)
