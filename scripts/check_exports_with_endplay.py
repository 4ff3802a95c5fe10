#!/usr/bin/env python3
"""Cross-check a built lesson's deal files with an independent reader
(endplay, from PyPI): its PBN reader and its LIN reader must agree with each
other and with what we meant.

Usage: check_exports_with_endplay.py LESSON_FOLDER [--expect-play]

The folder is one lesson's output of `minibridge build` (deals.pbn and
deals.lin). For every board: the PBN and the LIN give the same board
number, dealer, vulnerability and 13 cards in each hand; where the PBN has
a contract, the LIN auction reaches the same contract by the same
declarer, both play records hold the same 52 cards in the same order, every
card is legal (held by the player in turn, following suit when able),
declarer's tricks counted here from the cards equal the PBN `Result`, and
the `DoubleDummyTricks` tag equals endplay's own double-dummy solver.
With --expect-play, every board must have a contract, a play and a play
plan: the PBN's commentary block before the play, read here with PBN's
suit escapes, must be the LIN's narrative text as endplay reads it (it
takes `nt` after the auction as a note on the last call).
Exits 1 on any mismatch.
"""

import re
import sys

import endplay.parsers.lin as lin
import endplay.parsers.pbn as pbn
from endplay.dds import calc_dd_table
from endplay.types import Denom, Player

from check_pbn_with_endplay import report

# Declarers N, S, E, W; strains NT, S, H, D, C (the tag's order).
TAG_PLAYERS = [Player.north, Player.south, Player.east, Player.west]
TAG_DENOMS = [Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs]


def winner(trick, leader, trump):
    """The player who wins `trick` (cards in play order from `leader`)."""
    best, seat = trick[0], leader
    for k, card in enumerate(trick[1:], start=1):
        if card.suit == best.suit and card.rank > best.rank:
            best, seat = card, leader.next(k)
        elif card.suit == trump and best.suit != trump:
            best, seat = card, leader.next(k)
    return seat


def replay(deal, play, leader, trump, problems, where):
    """Plays `play` out from `deal`; returns the tricks won by the side
    not on lead to the first trick (declarer's side)."""
    hands = {p: set(str(c) for c in deal[p]) for p in Player}
    declaring = {leader.next(1), leader.next(3)}
    won = 0
    for t in range(0, len(play), 4):
        trick = play[t : t + 4]
        for k, card in enumerate(trick):
            seat = leader.next(k)
            name = str(card)
            if name not in hands[seat]:
                problems.append(f"{where}: trick {t // 4 + 1}: {seat.name} does not hold {name}")
                return won
            if k > 0 and card.suit != trick[0].suit and any(
                h[0] == str(trick[0])[0] for h in hands[seat]
            ):
                problems.append(f"{where}: trick {t // 4 + 1}: {seat.name} revokes with {name}")
            hands[seat].discard(name)
        leader = winner(trick, leader, trump)
        if leader in declaring:
            won += 1
    return won


SUIT_ESCAPES = {"\\S": "♠", "\\H": "♥", "\\D": "♦", "\\C": "♣"}


def pbn_plans(text):
    """The commentary block of each game, in order (None for a game
    without one), its lines joined by spaces and suit escapes read."""
    plans = []
    for game in re.split(r"\r\n\r\n", text):
        m = re.search(r"^\{(.*?)\}", game, flags=re.S | re.M)
        if m is None:
            plans.append(None)
            continue
        plan = " ".join(m.group(1).split("\r\n"))
        for escape, symbol in SUIT_ESCAPES.items():
            plan = plan.replace(escape, symbol)
        plans.append(plan)
    return plans


def main(folder, expect_play):
    with open(f"{folder}/deals.pbn", encoding="utf-8", newline="") as f:
        text = f.read()
        pbn_boards = pbn.loads(text)
    plans = pbn_plans(text)
    with open(f"{folder}/deals.lin", encoding="utf-8") as f:
        lin_boards = lin.load(f)
    problems = []
    if len(pbn_boards) != len(lin_boards):
        sys.exit(f"endplay reads {len(pbn_boards)} PBN boards, {len(lin_boards)} LIN boards")
    played = 0
    for i, (p, l) in enumerate(zip(pbn_boards, lin_boards)):
        where = f"{folder} board {p.board_num}"
        for what in ("board_num", "dealer", "vul"):
            if getattr(p, what) != getattr(l, what):
                problems.append(f"{where}: {what} is {getattr(p, what)} in PBN, {getattr(l, what)} in LIN")
        for player in Player:
            if p.deal[player].to_pbn() != l.deal[player].to_pbn() or len(p.deal[player]) != 13:
                problems.append(f"{where}: {player.name} differs between PBN and LIN")
        # endplay reads an empty Contract tag as a passed-out board.
        if p.contract is None or p.contract.level == 0:
            if expect_play:
                problems.append(f"{where}: no contract in the PBN")
            if l.contract is not None or l.play:
                problems.append(f"{where}: the LIN has a contract or play, the PBN none")
            continue
        played += 1
        pc, lc = p.contract, l.contract
        if lc is None or (pc.level, pc.denom, pc.declarer) != (lc.level, lc.denom, lc.declarer):
            problems.append(f"{where}: contract {pc} in PBN, {lc} in LIN")
            continue
        note = l.auction[-1].announcement if l.auction else None
        if plans[i] != note:
            problems.append(f"{where}: the play plan is {plans[i]!r} in PBN, {note!r} in LIN")
        elif expect_play and not note:
            problems.append(f"{where}: no play plan")
        if [str(c) for c in p.play] != [str(c) for c in l.play] or len(p.play) != 52:
            problems.append(f"{where}: the play differs between PBN and LIN (or is not 52 cards)")
            continue
        trump = pc.denom
        tricks = replay(p.deal, p.play, pc.declarer.lho, trump, problems, where)
        result = int(p.info.get("Result", -1)) if "Result" in p.info else pc.result + pc.level + 6
        if tricks != result:
            problems.append(f"{where}: declarer takes {tricks} tricks in the play, Result says {result}")
        tag = p.info.get("DoubleDummyTricks")
        if tag is not None:
            table = calc_dd_table(p.deal)
            theirs = "".join(
                format(table[d, pl], "x") for pl in TAG_PLAYERS for d in TAG_DENOMS
            )
            if theirs != tag:
                problems.append(f"{where}: DoubleDummyTricks {tag}, endplay's solver {theirs}")
            if table[trump, pc.declarer] != tricks:
                problems.append(f"{where}: the play takes {tricks}, double dummy {table[trump, pc.declarer]}")
    report(problems, f"endplay agrees on all {len(pbn_boards)} boards of {folder} ({played} played)")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 1:
        sys.exit(__doc__)
    main(args[0], "--expect-play" in sys.argv)
