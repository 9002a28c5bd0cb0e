#!/usr/bin/env python3
"""Reads what refcounts.c wrote: each thread's total, then the objects two or more threads
counted on while both were counting (their first-to-last times overlap), most first.
The runtime's empty collections are left out: they are immortal, and counting on them
reads their count without writing it, so no core waits for another there.

usage: python3 Benchmarks/Tools/refcounts.py REFCOUNTS_OUT [ROWS]
"""
import collections
import sys

totals = {}
objects = collections.defaultdict(dict)
names = {}
for line in open(sys.argv[1]):
    if line.startswith("TOTAL "):
        _, thread, total = line.split()
        totals[int(thread)] = int(total)
        continue
    thread, key, count, first, last, name = line.rstrip("\n").split(" ", 5)
    objects[key][int(thread)] = (int(count), int(first), int(last))
    names[key] = name

start = min((v[1] for d in objects.values() for v in d.values()), default=0)
threads = sorted(totals)
print("calls by thread:", ", ".join(f"{t}: {totals[t]}" for t in threads),
      f"(all: {sum(totals.values())})")


def shared(counts):
    """Counts made while another thread counted on the same object, pair by pair."""
    items = list(counts.values())
    total = 0
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if a[1] < b[2] and b[1] < a[2]:
                total += min(a[0], b[0])
    return total


rows = int(sys.argv[2]) if len(sys.argv) > 2 else 25
print(f"{'shared':>9}  type  (thread: calls @ first-last ms)")
candidates = [k for k in objects if not names[k].startswith("Swift.__Empty")]
for key in sorted(candidates, key=lambda k: -shared(objects[k]))[:rows]:
    counts = objects[key]
    if shared(counts) == 0:
        break
    spans = " ".join(
        f"{t}: {c} @ {(f - start) / 1e6:.0f}-{(l - start) / 1e6:.0f}"
        for t, (c, f, l) in sorted(counts.items()))
    print(f"{shared(counts):9d}  {names[key][:70]}  ({spans})")
