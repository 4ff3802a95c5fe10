#!/usr/bin/env python3
"""DDS 2.9's node count (completed tricks searched, `futureTricks.nodes`)
for the benchmark's single solve (no trumps, West on lead, best card only)
on the first N deals of a reference file, one thread. Compare with the
`single_nodes` test: our `nodes` count each completed trick twice (when
it is played and when the next trick starts), so halve ours first.
Usage: python dds_nodes.py FILE [N]"""

import endplay._dds as _dds

from dds_times import reference_deals

NO_TRUMPS, WEST = 4, 3


def main():
    total = 0
    for i, pbn in enumerate(reference_deals(20)):
        deal = _dds.dealPBN()
        deal.trump, deal.first = NO_TRUMPS, WEST
        deal.remainCards = pbn.encode()
        result = _dds.futureTricks()
        _dds.SolveBoardPBN(deal, -1, 1, 1, result, 0)
        total += result.nodes
        print(f"deal {i}: {result.score[0]} tricks, {result.nodes} nodes")
    print(f"total {total} nodes")


if __name__ == "__main__":
    main()
