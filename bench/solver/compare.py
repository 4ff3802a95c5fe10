#!/usr/bin/env python3
"""Compares timing files of the same deals, ours first, then one or more
peers (`NAME=TIMES[:TIME_LOG]`): median and mean per single solve and per
full table, the ratios ours / peer, peak memory from `/usr/bin/time -v`
logs, the slowest deals, and whether every program gave the same numbers.
Files of the question mode (`<µs> <answers>` lines) give one row: the two
target questions of a deal, timed together."""

import re
import statistics
import sys


def load(path):
    rows = []
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) == 2:
                # Question mode: no table, the answers in place of the numbers.
                rows.append((int(fields[0]), None, fields[1]))
                continue
            single, table, tricks, digits = fields
            rows.append((int(single), int(table), int(tricks), digits))
    return rows


def peak_kib(path):
    if not path:
        return None
    with open(path) as f:
        m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", f.read())
    return int(m.group(1)) if m else None


def parse(arg):
    name, _, files = arg.partition("=")
    times, _, log = files.partition(":")
    return name, load(times), peak_kib(log)


def main():
    programs = [parse(arg) for arg in sys.argv[1:]]
    ours = programs[0][1]
    for name, rows, _ in programs[1:]:
        assert len(rows) == len(ours), f"{name}: different deal counts"
        bad = [i for i, (a, b) in enumerate(zip(ours, rows)) if a[2:] != b[2:]]
        print(f"{name}: {len(rows)} deals, disagreements with ours: {len(bad)} {bad[:10]}")
    print(f"{'':26}" + "".join(f"{name:>14}" for name, _, _ in programs)
          + "".join(f"{'ours/' + name:>20}" for name, _, _ in programs[1:]))
    labels = [("single solve", 0), ("full table", 1)]
    if ours and ours[0][1] is None:
        labels = [("two questions", 0)]
    for label, col in labels:
        for stat, fn in [("median", statistics.median), ("mean", statistics.fmean)]:
            values = [fn(r[col] for r in rows) / 1000 for _, rows, _ in programs]
            print(f"{label + ' ' + stat + ' (ms)':26}"
                  + "".join(f"{v:14.2f}" for v in values)
                  + "".join(f"{values[0] / v:20.2f}" for v in values[1:]))
    memory = [kib for _, _, kib in programs]
    if all(memory):
        print(f"{'peak memory (MiB)':26}"
              + "".join(f"{kib / 1024:14.1f}" for kib in memory)
              + "".join(f"{memory[0] / kib:20.2f}" for kib in memory[1:]))
    for label, col in labels:
        i = max(range(len(ours)), key=lambda k: ours[k][col])
        print(f"slowest {label} of ours: deal {i + 1}, "
              + ", ".join(f"{name} {rows[i][col] / 1000:.1f} ms" for name, rows, _ in programs))


if __name__ == "__main__":
    main()
