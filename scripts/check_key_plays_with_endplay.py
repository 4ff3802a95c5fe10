#!/usr/bin/env python3
"""Re-check critical plays with an independent double-dummy solver (DDS,
through endplay from PyPI).

First, along each board's play record, DDS must find the critical moments
we list, no more and no fewer (`check_moments`): a board with none is the
play plan's "no single card decides".

Usage: check_key_plays_with_endplay.py ANALYSIS.json...

Each file is the output of `minibridge analyze --json` (one object per
board). For every critical play of every played board: the deal is rebuilt
from the play record (every card with the player who played it), the
record is played up to the critical card, and DDS scores every legal card
there. The cards that keep the side to play at its target (its tricks so
far plus DDS's count from here reach `target`) must be exactly the play's
`cards`, the record's card among them; the play's `otherwise.card` must
score as well as the best card outside them, and declarer's total after it
must be `otherwise.declarer_tricks`. A play named against a defender's card
(a finesse's honour, the card a promotion drives out) must find that card
still in the named defender's hand, above the play's card. The play after
the wrong card, which the plan tells as a story, must be double-dummy best
card by card by DDS's scores, its tricks won as written, and the tricks the
defenders win in it `otherwise.defence_wins`.

A board whose technique proof changes the deal (`technique_proof.proof` is
`exchange`: the finesse's honour, promotion's run, the long suit) is
solved again with the two cards changed places: DDS's tricks for declarer
must be the proof's `declarer_tricks`, fewer than the contract needs. A
drawing-trumps proof (`trump_lead`) is checked where it points: at its
trick, the declaring side's first lead, the leads that keep the contract
by DDS's scores must all be trumps. Exits 1 on any mismatch.
"""

import json
import sys

from endplay.dds import solve_board
from endplay.types import Card, Deal, Denom, Player

from check_pbn_with_endplay import report
from dds_probes import groups

PLAYERS = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
RANKS = "23456789TJQKA"
LETTERS = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C"}
DENOMS = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}


def winner(cards, leader, trump):
    """The seat letter winning a trick (cards in play order from `leader`)."""
    order = "NESW"
    best, at = cards[0], 0
    for k, card in enumerate(cards[1:], start=1):
        if card[0] == best[0] and "23456789TJQKA".index(card[1]) > "23456789TJQKA".index(best[1]):
            best, at = card, k
        elif card[0] == trump and best[0] != trump:
            best, at = card, k
    return order[(order.index(leader) + at) % 4]


def partner(seat):
    return "NESW"[("NESW".index(seat) + 2) % 4]


def rebuild(record, strain):
    """The deal as dealt, from the 13 tricks of the play record."""
    hands = {s: [] for s in "NESW"}
    for trick in record:
        seat = trick["leader"]
        for card in trick["cards"]:
            hands[seat].append(card)
            seat = "NESW"[("NESW".index(seat) + 1) % 4]
    deal = Deal()
    for seat, cards in hands.items():
        for card in cards:
            deal[PLAYERS[seat]].add(Card(card))
    deal.trump = DENOMS[strain]
    deal.first = PLAYERS[record[0]["leader"]]
    return deal


def check_play(deal, record, strain, declarer, play, problems, where):
    trump = strain if strain != "NT" else None
    seat_side = "NS" if play["seat"] in "NS" else "EW"
    won = 0
    t = play["trick"] - 1
    for trick in record[:t]:
        for card in trick["cards"]:
            deal.play(Card(card))
        if winner(trick["cards"], trick["leader"], trump) in seat_side:
            won += 1
    trick = record[t]
    seat = trick["leader"]
    for card in trick["cards"]:
        if seat == play["seat"]:
            break
        deal.play(Card(card))
        seat = "NESW"[("NESW".index(seat) + 1) % 4]
    against = play.get("against")
    if against:
        # The honour a finesse catches, or the card a promotion drives out,
        # is still in the named defender's hand and outranks the key card.
        held = [LETTERS[c.suit] + c.rank.abbr for c in deal[PLAYERS[against["seat"]]]]
        ranks = "23456789TJQKA"
        if (against["card"] not in held or against["card"][0] != play["card"][0]
                or against["seat"] in play["seat"] + partner(play["seat"])
                or ranks.index(against["card"][1]) <= ranks.index(play["card"][1])):
            problems.append(f"{where}: {against['seat']} does not hold {against['card']} "
                            f"above {play['card']} at this moment")
    scores = {LETTERS[c.suit] + c.rank.abbr: n for c, n in solve_board(deal)}
    keeping = sorted(c for c, n in scores.items() if won + n >= play["target"])
    if keeping != sorted(play["cards"]) or play["card"] not in keeping:
        problems.append(f"{where}: DDS keeps the target with {keeping}, we say {play['cards']}")
        return
    others = [n for c, n in scores.items() if c not in keeping]
    best = max(others)
    other = scores.get(play["otherwise"]["card"])
    if other != best:
        problems.append(f"{where}: DDS scores {play['otherwise']['card']} {other}, the best other card {best}")
        return
    total = won + other
    if (play["seat"] in "NS") != (declarer in "NS"):
        total = 13 - total
    if total != play["otherwise"]["declarer_tricks"]:
        problems.append(f"{where}: after {play['otherwise']['card']} declarer takes {total} with DDS, "
                        f"we say {play['otherwise']['declarer_tricks']}")
        return
    check_story(deal, record[t]["cards"][:("NESW".index(play["seat"]) - "NESW".index(record[t]["leader"])) % 4],
                play, trump, declarer, problems, where)


def check_story(deal, on_table, play, trump, declarer, problems, where):
    """The play after the wrong card, which the plan tells as a story ("East
    gets in with ♦A, then West takes ♥Q ♥J"): every later card is one DDS
    scores best for the side to play, the tricks are won as written, and
    the defenders' tricks in it are `defence_wins`."""
    o = play["otherwise"]
    tricks = o["play"]
    if not tricks or tricks[0]["cards"][:len(on_table)] != on_table \
            or tricks[0]["cards"][len(on_table)] != o["card"]:
        problems.append(f"{where}: the play after {o['card']} does not start with it")
        return
    deal.play(Card(o["card"]))
    rest = tricks[0]["cards"][len(on_table) + 1:] + [c for t in tricks[1:] for c in t["cards"]]
    for card in rest:
        scores = {LETTERS[c.suit] + c.rank.abbr: n for c, n in solve_board(deal)}
        if scores.get(card) != max(scores.values()):
            problems.append(f"{where}: after {o['card']}, DDS scores {card} {scores.get(card)}, "
                            f"the best card {max(scores.values())}")
            return
        deal.play(Card(card))
    side = "NS" if declarer in "NS" else "EW"
    wins = []
    for n, t in enumerate(tricks):
        w = winner(t["cards"], t["leader"], trump)
        if w != t["winner"]:
            problems.append(f"{where}: {w} wins {t['cards']}, not {t['winner']}")
            return
        if w not in side:
            k = ("NESW".index(w) - "NESW".index(t["leader"])) % 4
            wins.append({"trick": play["trick"] + n, "leader": t["leader"], "seat": w,
                         "card": t["cards"][k]})
    if wins != o["defence_wins"]:
        problems.append(f"{where}: the defenders win {wins} after {o['card']}, we say {o['defence_wins']}")


def check_proof(deal, board, problems, where):
    """DDS's tricks for declarer once the proof's two cards change places."""
    proof = board["play"]["technique_proof"]
    (a, b) = proof["cards"]
    ca, cb = Card(a["card"]), Card(b["card"])
    deal[PLAYERS[a["seat"]]].remove(ca)
    deal[PLAYERS[b["seat"]]].remove(cb)
    deal[PLAYERS[a["seat"]]].add(cb)
    deal[PLAYERS[b["seat"]]].add(ca)
    defence = max(n for _, n in solve_board(deal))
    tricks = 13 - defence
    needed = board["contract"]["tricks_needed"]
    if tricks != proof["declarer_tricks"] or tricks >= needed:
        problems.append(f"{where}: with {a['card']} and {b['card']} changed, DDS gives declarer "
                        f"{tricks} of {needed} tricks, we say {proof['declarer_tricks']}")


def check_trump_lead(deal, board, record, problems, where):
    """DDS's keeping leads at the proof's trick are trumps, and some keep."""
    proof = board["play"]["technique_proof"]
    strain = board["contract"]["strain"]
    side = "NS" if board["declarer"] in "NS" else "EW"
    won = 0
    for trick in record[:proof["trick"] - 1]:
        for card in trick["cards"]:
            deal.play(Card(card))
        if winner(trick["cards"], trick["leader"], strain) in side:
            won += 1
    if record[proof["trick"] - 1]["leader"] != proof["seat"]:
        problems.append(f"{where}: trick {proof['trick']} is not {proof['seat']}'s lead")
        return
    scores = {LETTERS[c.suit] + c.rank.abbr: n for c, n in solve_board(deal)}
    keeping = sorted(c for c, n in scores.items() if won + n >= board["contract"]["tricks_needed"])
    if not keeping or any(c[0] != strain for c in keeping):
        problems.append(f"{where}: DDS keeps the contract with {keeping}, not trumps alone")


def leads_now(on_table, card, trump):
    """Whether `card`, added to the trick's cards so far, is the best of them."""
    cards = on_table + [card]
    best = cards[0]
    for c in cards[1:]:
        if (c[0] == best[0] and RANKS.index(c[1]) > RANKS.index(best[1])) or \
                (c[0] == trump and best[0] != trump):
            best = c
    return best == card


def check_moments(deal, board, problems, where):
    """The critical moments DDS finds along the play record are the ones
    we list, no more and no fewer: where the keeper (declaring side when
    the contract makes, else the defenders) is to play with more than one
    group of equal cards, the keeping groups are one group, or exactly the
    record card's class (a lead's suit; winning the trick as it stands or
    letting it go), every card of it, while some group lies outside it. A board with
    none is the plan's "no single card decides"."""
    play = board["play"]
    record = play["play_record"]["tricks"]
    strain = board["contract"]["strain"]
    trump = strain if strain != "NT" else None
    declaring = "NS" if board["declarer"] in "NS" else "EW"
    needed = board["contract"]["tricks_needed"]
    makes = sum(1 for t in record if winner(t["cards"], t["leader"], trump) in declaring) >= needed
    keeper = declaring if makes else ("EW" if declaring == "NS" else "NS")
    target = needed if makes else 14 - needed
    won, found = 0, []
    for n, trick in enumerate(record):
        seat = trick["leader"]
        for k, card in enumerate(trick["cards"]):
            if seat in keeper and won < target:
                reps = [LETTERS[c.suit] + c.rank.abbr for c in groups(deal)]
                if len(reps) >= 2:
                    scores = {LETTERS[c.suit] + c.rank.abbr: v for c, v in solve_board(deal)}
                    on_table = trick["cards"][:k]
                    cls = (lambda c: c[0]) if k == 0 else (lambda c: leads_now(on_table, c, trump))
                    keeping = [c for c in reps if won + scores[c] >= target]
                    outside = any(cls(c) != cls(card) for c in keeping)
                    same_class = all(cls(c) == cls(card) for c in reps)
                    whole = all(c in keeping for c in reps if cls(c) == cls(card))
                    if len(keeping) == 1 or (not outside and not same_class and whole):
                        found.append((n + 1, seat, card))
            deal.play(Card(card))
            seat = "NESW"[("NESW".index(seat) + 1) % 4]
        if winner(trick["cards"], trick["leader"], trump) in keeper:
            won += 1
    ours = [(c["trick"], c["seat"], c["card"]) for c in play["critical_plays"]]
    if found != ours:
        problems.append(f"{where}: DDS finds critical moments {found}, we list {ours}")


def position_at(deal, record, trick, seat):
    """Plays `record` on `deal` up to `seat`'s card to `trick` (1-13);
    returns the cards on the table before it."""
    for t in record[:trick - 1]:
        for card in t["cards"]:
            deal.play(Card(card))
    t = record[trick - 1]
    at = t["leader"]
    on_table = []
    for card in t["cards"]:
        if at == seat:
            break
        deal.play(Card(card))
        on_table.append(card)
        at = "NESW"[("NESW".index(at) + 1) % 4]
    return on_table


def dds_keeping(deal, won, target):
    scores = {LETTERS[c.suit] + c.rank.abbr: n for c, n in solve_board(deal)}
    return [c for c, n in scores.items() if won + n >= target], scores


def check_technique(board, problems, where):
    """Issue 29, part 1: on a board a lesson dealt to need its technique,
    the technique's play happens in the best line and the beginner's line
    fails, both read from the record and scored by DDS. The key play the
    plan prints is the first critical play named by the technique."""
    play = board["play"]
    technique = play["technique_proof"]["technique"]
    record = play["play_record"]["tricks"]
    strain = board["contract"]["strain"]
    trump = strain if strain != "NT" else None
    declarer = board["declarer"]
    ours = declarer + partner(declarer)
    needed = board["contract"]["tricks_needed"]
    named = [c for c in play["critical_plays"] if c["technique"] == technique]
    if not named:
        problems.append(f"{where}: no critical play of the {technique} in the line")
        return
    c = named[0]
    trick = record[c["trick"] - 1]
    deal = rebuild(record, strain)
    won = sum(1 for t in record[:c["trick"] - 1] if winner(t["cards"], t["leader"], trump) in ours)
    on_table = position_at(deal, record, c["trick"], c["seat"])
    keeping, _ = dds_keeping(deal, won, needed)
    hand = [LETTERS[x.suit] + x.rank.abbr for x in deal[PLAYERS[c["seat"]]]]
    suit = c["card"][0]
    rank = RANKS.index
    if technique == "finesse":
        against = c["against"] or {}
        second = "NESW"[("NESW".index(trick["leader"]) + 1) % 4]
        higher = [x for x in hand if x[0] == suit and against.get("card")
                  and rank(x[1]) > rank(against["card"][1])]
        ok = (trick["leader"] in ours and len(on_table) == 2 and on_table[0][0] == suit
              and against.get("seat") == second and on_table[1][0] == suit
              and rank(on_table[1][1]) < rank(against["card"][1])
              and rank(c["card"][1]) < rank(against["card"][1])
              and trick["winner"] == c["seat"] and higher
              and not any(x in keeping for x in higher))
        if not ok:
            problems.append(f"{where}: trick {c['trick']} {trick['cards']} is no finesse by DDS "
                            f"(keeping {keeping})")
    elif technique == "hold_up":
        lets_go = [x for x in hand if x[0] == on_table[0][0] and not leads_now(on_table, x, trump)]
        ok = (trick["leader"] not in ours and trick["winner"] not in ours and keeping
              and all(x in lets_go for x in keeping) and len(lets_go) < len(
                  [x for x in hand if x[0] == on_table[0][0]]))
        if not ok:
            problems.append(f"{where}: trick {c['trick']} {trick['cards']} is no hold-up by DDS "
                            f"(keeping {keeping})")
    elif technique in ("promotion", "length", "draw_trumps"):
        ok = not on_table and keeping and all(x[0] == suit for x in keeping)
        if technique == "draw_trumps":
            ok = ok and suit == trump
        if technique == "length":
            ok = ok and any(
                t["cards"][0][0] == suit and t["leader"] in ours and t["winner"] in ours
                and t["cards"][1][0] != suit and t["cards"][3][0] != suit
                for t in record[c["trick"]:])
        if not ok:
            problems.append(f"{where}: the lead of {c['card']} at trick {c['trick']} is no "
                            f"{technique} by DDS (keeping {keeping})")
    elif technique == "ruff_in_short_hand":
        led = on_table[0][0] if on_table else None
        ok = (led and led != trump and c["card"][0] == trump
              and not any(x[0] == led for x in hand) and keeping
              and all(x[0] == trump for x in keeping))
        if not ok:
            problems.append(f"{where}: {c['card']} at trick {c['trick']} is no ruff by DDS")
        elif not drawing_trumps_first_fails(board):
            problems.append(f"{where}: drawing trumps first still makes by DDS")


def drawing_trumps_first_fails(board):
    """The ruffing lesson's beginner's line, played with DDS's scores: from
    the declaring side's first lead of the record it leads its best trump
    while it is on lead with a trump in the leading hand and the defenders
    hold trumps, every other card DDS-best (the lowest of equals, clubs
    first among equal ranks); then the contract must fail with best play."""
    play = board["play"]
    record = play["play_record"]["tricks"]
    trump = board["contract"]["strain"]
    declarer = board["declarer"]
    ours = declarer + partner(declarer)
    needed = board["contract"]["tricks_needed"]
    deal = rebuild(record, trump)
    won = 0
    leader = None
    for t in record:
        if t["leader"] in ours:
            leader = t["leader"]
            break
        for card in t["cards"]:
            deal.play(Card(card))
        won += winner(t["cards"], t["leader"], trump) in ours
    if leader is None:
        return True
    held = lambda seat: [LETTERS[x.suit] + x.rank.abbr for x in deal[PLAYERS[seat]]]
    defenders = [s for s in "NESW" if s not in ours]
    left = len(held(leader))
    while (left > 0 and leader in ours and any(x[0] == trump for x in held(leader))
           and any(x[0] == trump for s in defenders for x in held(s))):
        cards = []
        for k in range(4):
            scores = {LETTERS[x.suit] + x.rank.abbr: n for x, n in solve_board(deal)}
            pool = {x: n for x, n in scores.items() if k > 0 or x[0] == trump}
            best = max(pool.values())
            card = min((x for x, n in pool.items() if n == best),
                       key=lambda x: (RANKS.index(x[1]), "CDHS".index(x[0])))
            deal.play(Card(card))
            cards.append(card)
        leader = winner(cards, leader, trump)
        won += leader in ours
        left -= 1
    if left == 0:
        return won < needed
    best = max(n for _, n in solve_board(deal))
    to_come = best if leader in ours else left - best
    return won + to_come < needed


def main(files):
    problems = []
    checked = proofs = trump_leads = walked = taught = 0
    for name in files:
        with open(name, encoding="utf-8") as f:
            boards = json.load(f)
        for b in boards:
            play = b.get("play")
            # Three-player boards move the chairs; the deal rebuilt here
            # assumes the four players in their own.
            if not play or b["ruleset"] == "ez3":
                continue
            record = play["play_record"]["tricks"]
            strain = b["contract"]["strain"]
            check_moments(rebuild(record, strain), b, problems, f"{name} board {b['board']}")
            walked += 1
            for c in play["critical_plays"]:
                where = f"{name} board {b['board']} trick {c['trick']} {c['seat']} {c['card']}"
                check_play(rebuild(record, strain), record, strain, b["declarer"], c, problems, where)
                checked += 1
            proof = play.get("technique_proof")
            where = f"{name} board {b['board']} {proof and proof['technique']} proof"
            if proof:
                check_technique(b, problems, where)
                taught += 1
            if proof and proof["proof"] == "exchange":
                check_proof(rebuild(record, strain), b, problems, where)
                proofs += 1
            elif proof and proof["proof"] == "trump_lead":
                check_trump_lead(rebuild(record, strain), b, record, problems, where)
                trump_leads += 1
    report(problems, f"DDS finds the same critical moments on all {walked} boards and agrees "
                     f"on all {checked} critical plays, all {proofs} exchange proofs "
                     f"and all {trump_leads} trump-lead proofs; on all {taught} technique "
                     f"boards the technique happens in the line and the beginner's line fails")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
