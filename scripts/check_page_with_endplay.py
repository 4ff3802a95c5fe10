#!/usr/bin/env python3
"""Re-check the lesson page's Play mode with DDS (through endplay from
PyPI): what the page told the student, and how its engine played.

Usage: check_page_with_endplay.py PAGE.html REPORT.json [PAGE.html REPORT.json]...
       check_page_with_endplay.py --pick N PAGE.html

Each REPORT is the output of scripts/play_page.py for boards of PAGE (the
lesson.html it drove); the board's table (its deal in chairs, declarer's
chair, strain and the opening lead the page makes) is read from the page's
own data. For every board of every report:
  - every position where the student was to play lies on the board's line
    of cards, the line passes through one at each of the student's turns,
    and its labels name exactly the legal cards;
  - every label is the declaring side's total at the end of the board if
    that card is played and both sides play best afterwards: the tricks it
    has won so far plus DDS's tricks for it from the position;
  - every card the engine chose (the chairs the student does not play) is
    one DDS scores best for its side: the engine never gives a trick away.
    The opening lead against a student who declares is not the engine's
    choice but the lesson's own lead, `table.lead`: it must be that card,
    and where DDS knows a better lead a note (no failure) says so;
  - the page's result is the declaring side's tricks in the 52 cards, and
    its closing words say that number; the driver's own checks (a worse
    card is flagged, undo restores the position) all held;
  - the median wait for the page after a card is under 300 ms, in each
    driver run (the summary gives the highest of the runs' medians). With
    PAGE_WAITS=report (the test suite, which holds no timed assertion) a
    slower median is a note, not a failure.
`--pick N PAGE` prints N board numbers of PAGE with a table, spread over
the lesson, for the driver. Exits 1 on any disagreement.
"""

import json
import os
import re
import sys

from endplay.dds import solve_board
from endplay.types import Card, Deal, Denom, Player

from check_key_plays_with_endplay import winner
from check_pbn_with_endplay import report

SEATS = "NESW"
PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
DENOMS = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
LETTERS = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C"}
MEDIAN_MS = 300


def after(seat, k=1):
    return SEATS[(SEATS.index(seat) + k) % 4]


def side(seat):
    return "NS" if seat in "NS" else "EW"


def scores_of(deal):
    """DDS's score of every legal card of the player to move: the tricks
    the mover's side takes from here on, the trick in progress included
    (see check_dds_counting)."""
    return {LETTERS[c.suit] + c.rank.abbr: n for c, n in solve_board(deal)}


def check_dds_counting():
    """Pins down, on a two-card ending whose answer is plain, what
    solve_board counts once cards of a trick are on the table: the tricks
    of the side to play (not North/South's, not declarer's), the trick in
    progress included, and Deal.play starting the next trick by its
    winner. The labels below are computed on that reading, so a change in
    it must stop the check rather than skew every number."""
    # East's ace and king of spades take both tricks at no trumps.
    deal = Deal("N:32.. AK.. .32. ..32")
    deal.first, deal.trump = Player.north, Denom.nt
    deal.play(Card("S2"))
    ok = scores_of(deal) == {"SA": 2, "SK": 2}  # East to play, wins this trick too
    deal.play(Card("SA"))
    ok = ok and scores_of(deal) == {"H2": 0, "H3": 0}  # South: nothing for N/S
    deal.play(Card("H2"))
    ok = ok and scores_of(deal) == {"D2": 2, "D3": 2}  # West: East's two tricks
    deal.play(Card("D2"))
    ok = ok and deal.curplayer == Player.east and scores_of(deal) == {"SK": 1}
    if not ok:
        sys.exit("endplay's solve_board no longer counts a trick in progress as this check "
                 "expects (tricks of the side to play, the current trick included)")


def page_tables(page):
    """The page's boards that can be played: number -> table."""
    with open(page, encoding="utf-8") as f:
        html = f.read()
    m = re.search(r'<script type="application/json" id="lesson">(.*?)</script>', html, re.S)
    if not m:
        sys.exit(f"{page}: no lesson data in the page")
    boards = json.loads(m.group(1))["lesson"]["boards"]
    return {str(b["number"]): b["table"] for b in boards if b.get("table")}


def pick(count, page):
    """`count` boards with a table, first to last spread evenly."""
    numbers = list(page_tables(page))
    if len(numbers) <= count:
        return numbers
    step = (len(numbers) - 1) / (count - 1) if count > 1 else 0
    return [numbers[round(k * step)] for k in range(count)]


def hands_of(pbn):
    """Each chair's cards as dealt, from a PBN deal ("N:... ... ... ...")."""
    seat = pbn[0]
    hands = {}
    for hand in pbn[2:].split():
        hands[seat] = set()
        for suit, ranks in zip("SHDC", hand.split(".")):
            hands[seat] |= {suit + r for r in ranks}
        seat = after(seat)
    return hands


def legal(hand, on_table):
    follow = [c for c in hand if on_table and c[0] == on_table[0][0]]
    return set(follow or hand)


class Checker:
    def __init__(self):
        self.problems = []
        self.boards = self.positions = self.labels = self.engine_cards = 0
        self.notes = []
        self.medians = []
        self.worst = 0

    def run(self, page, report_path):
        tables = page_tables(page)
        with open(report_path, encoding="utf-8") as f:
            rep = json.load(f)
        waits = rep["waits"]
        if waits["median_ms"] >= MEDIAN_MS:
            slow = (f"{report_path}: the median wait after a card is "
                    f"{waits['median_ms']} ms, not under {MEDIAN_MS} ms")
            if os.environ.get("PAGE_WAITS") == "report":
                self.notes.append(slow)
            else:
                self.problems.append(slow)
        self.medians.append(waits["median_ms"])
        self.worst = max(self.worst, waits["worst_ms"])
        for board in rep["boards"]:
            table = tables.get(str(board["board"]))
            role = "defending" if board["defend"] else "declaring"
            # The lesson's folder names it: .../05-golden-fit/lesson.html.
            lesson = os.path.basename(os.path.dirname(os.path.abspath(page)))
            where = f"{lesson} board {board['board']} ({role})"
            if table is None:
                self.problems.append(f"{where}: the page has no table for this board")
                continue
            self.board(board, table, where)

    def board(self, board, table, where):
        self.boards += 1
        cards = board["cards"]
        declarer, defend = table["declarer"], board["defend"]
        declaring = side(declarer)
        trump = table["strain"] if table["strain"] != "NT" else None

        def student(chair):
            return (side(chair) == declaring) != defend

        at = {}
        for p in board["positions"]:
            n = len(p["played"])
            if p["played"] != cards[:n]:
                self.problems.append(f"{where}: the position after {' '.join(p['played'])} "
                                     f"is not on the board's line {' '.join(cards)}")
                return
            at.setdefault(n, []).append(p)
        for c in board["checks"]:
            if c.get("flagged") is False or c.get("undo") is False:
                self.problems.append(f"{where}: the driver's check failed: {c}")
        if len(cards) != 52 or len(set(cards)) != 52:
            self.problems.append(f"{where}: the play has {len(cards)} cards, not 52 different ones")
            return

        hands = hands_of(table["deal"])
        deal = Deal(table["deal"])
        deal.first = PLAYERS[after(declarer)]
        deal.trump = DENOMS[table["strain"]]
        leader = after(declarer)
        won = completed = 0
        for i, card in enumerate(cards):
            on_table = cards[i - i % 4:i]
            chair = after(leader, len(on_table))
            allowed = legal(hands[chair], on_table)
            if card not in allowed:
                self.problems.append(f"{where}: {chair} may not play {card} after "
                                     f"{' '.join(cards[:i]) or 'nothing'}")
                return
            trick = f"trick {completed + 1}, cards so far {' '.join(cards[:i]) or 'none'}"
            if student(chair) and i not in at:
                self.problems.append(f"{where}: {trick}: the student ({chair}) was to play "
                                     f"but the page showed no position")
            elif not student(chair) and i in at:
                self.problems.append(f"{where}: {trick}: a position for the student, "
                                     f"but {chair} is the engine's chair")
            fixed_lead = i == 0 and not defend
            scores = scores_of(deal)
            if set(scores) != allowed:
                self.problems.append(f"{where}: {trick}: DDS's cards {sorted(scores)} "
                                     f"are not the legal ones {sorted(allowed)}")
                return
            left = 13 - completed
            mine = side(chair) == declaring
            # solve_board scores a card for the side to play; the labels
            # count the declaring side's tricks, the finished ones too.
            total = {c: won + (n if mine else left - n) for c, n in scores.items()}
            for p in at.get(i, []):
                self.positions += 1
                self.position(p, total, allowed, f"{where}: {trick}, {chair} to play")
            if not student(chair) and not fixed_lead:
                self.engine_cards += 1
                best = max(scores.values())
                if scores[card] != best:
                    better = sorted(c for c, n in scores.items() if n == best)
                    self.problems.append(
                        f"{where}: {trick}: the engine's {card} for {chair} leaves the "
                        f"declaring side {total[card]} tricks by DDS; {' '.join(better)} "
                        f"would leave it {total[better[0]]}")
            if fixed_lead:
                if card != table["lead"]:
                    self.problems.append(f"{where}: the page led {card}, the table's lead is "
                                         f"{table['lead']}")
                # The lesson's lead (a textbook lead) need not be DDS's best;
                # said, not counted against the engine.
                best = max(scores.values())
                if scores[card] != best:
                    self.notes.append(
                        f"note: {where}: the lesson's opening lead {card} leaves the declaring "
                        f"side {total[card]} tricks by DDS, the best leads "
                        f"{min(total.values())}")
            deal.play(Card(card))
            hands[chair].discard(card)
            if i % 4 == 3:
                leader = winner(cards[i - 3:i + 1], leader, trump)
                completed += 1
                won += side(leader) == declaring
        if board["result"] != won:
            self.problems.append(f"{where}: the page's result is {board['result']}, "
                                 f"the declaring side took {won} tricks")
        if str(board["result"]) not in board["end"]:
            self.problems.append(f"{where}: the closing words {board['end']!r} "
                                 f"do not say {board['result']} tricks")

    def position(self, p, total, allowed, where):
        labels = p["labels"]
        if set(labels) != allowed:
            self.problems.append(f"{where}: labels on {sorted(labels)}, "
                                 f"the legal cards are {sorted(allowed)}")
        for card, shown in sorted(labels.items()):
            if card in total:
                self.labels += 1
                if shown != total[card]:
                    self.problems.append(f"{where}: {card} is labelled {shown}, "
                                         f"DDS gives the declaring side {total[card]}")


def main(args):
    check_dds_counting()
    if len(args) < 2 or len(args) % 2:
        sys.exit(__doc__)
    checker = Checker()
    for page, report_path in zip(args[::2], args[1::2]):
        checker.run(page, report_path)
    c = checker
    for note in c.notes:
        print(note)
    if not c.positions:
        c.problems.append("no positions to check: the reports are empty")
    report(c.problems,
           f"the page agrees with DDS on all {c.labels} labels at {c.positions} positions "
           f"of {c.boards} boards; the engine's own {c.engine_cards} cards give nothing "
           f"away; median wait {max(c.medians)} ms (worst {c.worst} ms)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--pick"] and len(sys.argv) == 4:
        print(" ".join(pick(int(sys.argv[2]), sys.argv[3])))
    else:
        main(sys.argv[1:])
