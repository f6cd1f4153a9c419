"""Benchmark: the rules reference's search (assistant/reference/search.py, SQLite FTS5).

    python bench/reference_search.py

Prints the time to read the pages in the three languages, the time to build the search index over them
(once per process, on the first search), and the median and slowest of 20 runs of each query players
type, in English, Spanish and French (CPU time: other developers' tests share the machine).

Targets: index built in < 0.5 s; every query's median < 10 ms.
Always exits 0.
"""

from __future__ import annotations

import statistics
import time

from assistant import reference

BUILD_TARGET_S = 0.5
QUERY_TARGET_MS = 10.0
QUERIES = [("en", "laser emp"), ("en", "cursed goblet"), ("en", "Where's the guard"), ("en", "alarm walking distance"),
           ("en", "guard"), ("en", "detec"), ("es", "pasarela caer guardia"), ("es", "deteccion"), ("es", "guardia"),
           ("fr", "IEM"), ("fr", "détecteur thermique"), ("fr", "hoping"), ("fr", "le gardien de mon étage")]


def main() -> None:
    start = time.perf_counter()
    for lang in reference.languages():
        reference.library(lang)
    read = time.perf_counter() - start
    start = time.perf_counter()
    reference.search_index()
    built = time.perf_counter() - start
    print(f"pages read in {read:.3f} s; index built in {built:.3f} s: "
          f"{'PASS' if built < BUILD_TARGET_S else 'FAIL'} (target < {BUILD_TARGET_S} s)")
    medians = []
    for lang, query in QUERIES:
        runs = []
        for _ in range(20):
            start = time.process_time()
            hits = reference.search(query, lang)
            runs.append((time.process_time() - start) * 1000)
        medians.append(statistics.median(runs))
        print(f"{lang} {query!r:28} {len(hits):3} hits  median {medians[-1]:5.2f} ms  slowest {max(runs):5.2f} ms")
    print(f"slowest median {max(medians):.2f} ms: {'PASS' if max(medians) < QUERY_TARGET_MS else 'FAIL'} "
          f"(target < {QUERY_TARGET_MS} ms)")


if __name__ == "__main__":
    main()
