#!/usr/bin/env python3
"""Compares two timing files (ours, DDS) and two `/usr/bin/time -v` logs:
median and mean per single solve and per full table, peak memory, slowest
deals, and the ratios ours / DDS. Also checks both agree on every number."""

import re
import statistics
import sys


def load(path):
    rows = []
    with open(path) as f:
        for line in f:
            single, table, tricks, digits = line.split()
            rows.append((int(single), int(table), int(tricks), digits))
    return rows


def peak_kib(path):
    with open(path) as f:
        m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", f.read())
    return int(m.group(1)) if m else None


def main():
    ours, dds = load(sys.argv[1]), load(sys.argv[2])
    mem_ours, mem_dds = peak_kib(sys.argv[3]), peak_kib(sys.argv[4])
    assert len(ours) == len(dds), "different deal counts"
    bad = [i for i, (a, b) in enumerate(zip(ours, dds)) if a[2:] != b[2:]]
    print(f"deals: {len(ours)}; disagreements: {len(bad)} {bad[:10]}")
    print(f"{'':24}{'ours':>12}{'DDS 2.9':>12}{'ratio':>8}")
    for name, col in [("single solve", 0), ("full table", 1)]:
        for stat, fn in [("median", statistics.median), ("mean", statistics.fmean)]:
            a = fn(r[col] for r in ours) / 1000
            b = fn(r[col] for r in dds) / 1000
            print(f"{name + ' ' + stat + ' (ms)':24}{a:12.2f}{b:12.2f}{a / b:8.2f}")
    for name, col in [("single solve", 0), ("full table", 1)]:
        i = max(range(len(ours)), key=lambda k: ours[k][col])
        print(
            f"slowest {name}: deal {i + 1}, ours {ours[i][col] / 1000:.1f} ms, "
            f"DDS {dds[i][col] / 1000:.1f} ms"
        )
    if mem_ours and mem_dds:
        print(
            f"peak memory (MiB): ours {mem_ours / 1024:.1f}, DDS {mem_dds / 1024:.1f}, "
            f"ratio {mem_ours / mem_dds:.2f}"
        )


if __name__ == "__main__":
    main()
