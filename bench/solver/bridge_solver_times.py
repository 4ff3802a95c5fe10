#!/usr/bin/env python3
"""Times bridge-solver (github.com/macroxue/bridge-solver, built by
bench/solver/build_bridge_solver.sh) on the first N deals of a reference
file: one single solve (no trumps, West on lead) and one full table per
deal, each a run of its program on a deal file. Prints the same
`<single µs> <table µs> <single tricks> <table>` lines as our
`solver_bench` example and dds_times.py.

The program reads one deal per run, so each time includes starting a
process. That start is measured on every deal with `-o` (read and print
the deal, solve nothing) and taken off, so what is left is the solving."""

import os
import subprocess
import sys
import tempfile
import time

STRAINS = "NSHDC"  # bridge-solver's letters: no trumps, spades ... clubs


def hand_text(hand):
    """`AKQ.JT9.-.xx` (PBN) as bridge-solver writes a hand: suits apart, `-` void."""
    return " ".join(s if s else "-" for s in hand.split("."))


def deal_file(pbn, strain_and_leader):
    """bridge-solver's deal file: North, then West and East on one line, then South."""
    first, rest = pbn.split(":")
    hands = dict(zip(rotation(first), rest.split()))
    text = (
        f"{hand_text(hands['N'])}\n"
        f"{hand_text(hands['W'])}    {hand_text(hands['E'])}\n"
        f"{hand_text(hands['S'])}\n"
    )
    return text + "".join(f"{x}\n" for x in strain_and_leader)


def rotation(first):
    order = "NESW"
    i = order.index(first)
    return order[i:] + order[:i]


def run(solver, path, *options):
    t0 = time.perf_counter()
    out = subprocess.run(
        [solver, *options, "-f", path], check=True, capture_output=True, text=True
    ).stdout
    return time.perf_counter() - t0, out


def results(out):
    """Per strain letter, the printed tricks: declarer South, North, West, East."""
    rows = {}
    for line in out.splitlines():
        f = line.split()
        if f and f[0] in STRAINS and len(f) >= 2 and f[1].isdigit():
            rows[f[0]] = [int(x) for x in f[1:] if x.isdigit()][:4]
    return rows


def main():
    path, n, solver = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(path) as f:
        lines = [l for l in f if l.strip()][:n]
    with tempfile.TemporaryDirectory() as work:
        single_file = os.path.join(work, "single")
        table_file = os.path.join(work, "table")
        for line in lines:
            pbn = " ".join(line.split()[:4])
            with open(single_file, "w") as f:
                f.write(deal_file(pbn, ["N", "W"]))
            with open(table_file, "w") as f:
                f.write(deal_file(pbn, []))
            start = min(run(solver, table_file, "-o")[0] for _ in range(3))
            t_single, out_single = run(solver, single_file)
            t_table, out_table = run(solver, table_file)
            # West leads against South: the program prints South's tricks.
            single = 13 - results(out_single)["N"][0]
            rows = results(out_table)
            # Ours and DDS's order: declarer N, E, S, W, each NT, S, H, D, C.
            place = {"S": 0, "N": 1, "W": 2, "E": 3}
            digits = "".join(
                "%x" % rows[s][place[d]] for d in "NESW" for s in STRAINS
            )
            us = lambda t: max(0, int((t - start) * 1e6))
            print(f"{us(t_single)} {us(t_table)} {single} {digits}", flush=True)


if __name__ == "__main__":
    main()
