#!/usr/bin/env python3
"""An independent re-implementation of deal format v1, written from
docs/deal-format.md alone (pure Python, no packages), to check that the
specification is complete and that the Rust dealer follows it.

    python3 bench/dealer/reference.py SEED BOARD ATTEMPT [N=hand ...]

prints the deal as PBN starting with North, or `no deal` when the attempt
runs past its 64-word window. `--words SEED BOARD N` prints the first N
words of board BOARD's stream (for the ChaCha20 known-answer test).
"""

import sys

MASK = 0xFFFFFFFF
DOMAIN = b"minibridge deal v1".ljust(24, b"\0")


def rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & MASK


def quarter(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & MASK; s[d] = rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & MASK; s[b] = rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & MASK; s[d] = rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & MASK; s[b] = rotl(s[b] ^ s[c], 7)


def block(key, counter, stream):
    """Bernstein's ChaCha20 block: 64-bit block counter, 64-bit stream id."""
    k = [int.from_bytes(key[i:i + 4], "little") for i in range(0, 32, 4)]
    init = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574] + k + [
        counter & MASK, counter >> 32, stream & MASK, stream >> 32]
    s = list(init)
    for _ in range(10):
        quarter(s, 0, 4, 8, 12); quarter(s, 1, 5, 9, 13)
        quarter(s, 2, 6, 10, 14); quarter(s, 3, 7, 11, 15)
        quarter(s, 0, 5, 10, 15); quarter(s, 1, 6, 11, 12)
        quarter(s, 2, 7, 8, 13); quarter(s, 3, 4, 9, 14)
    return [(a + b) & MASK for a, b in zip(s, init)]


def key_for(seed):
    return seed.to_bytes(8, "little") + DOMAIN


def words(seed, board, start_word, count):
    key = key_for(seed)
    out = []
    b = start_word // 16
    while len(out) < count + start_word % 16:
        out += block(key, b, board)
        b += 1
    return out[start_word % 16:start_word % 16 + count]


class Overflow(Exception):
    pass


def deal(seed, board, attempt, predeal):
    """predeal: dict seat letter -> set of (suit letter, rank 2..14)."""
    window = iter(words(seed, board, 64 * attempt, 64))

    def word():
        try:
            return next(window)
        except StopIteration:
            raise Overflow

    def below(bound):
        while True:
            m = word() * bound
            if (m & MASK) >= (2**32 - bound) % bound:
                return m >> 32

    taken = set().union(*predeal.values()) if predeal else set()
    deck = [(s, r) for s in "SHDC" for r in range(14, 1, -1) if (s, r) not in taken]
    slots = {seat: 13 - len(predeal.get(seat, ())) for seat in "NESW"}
    stop = max(slots["W"], 1)
    i = len(deck)
    hands = {seat: set(predeal.get(seat, ())) for seat in "NESW"}
    for seat in "NES":
        for _ in range(slots[seat]):
            i -= 1
            if i >= stop:
                j = below(i + 1)
                deck[i], deck[j] = deck[j], deck[i]
            hands[seat].add(deck[i])
    hands["W"] |= set(deck[:i])
    return hands


RANKS = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "T"}


def pbn(hands):
    def hand(cards):
        return ".".join(
            "".join(RANKS.get(r, str(r)) for r in sorted((r for s2, r in cards if s2 == s), reverse=True))
            for s in "SHDC")
    return "N:" + " ".join(hand(hands[seat]) for seat in "NESW")


def parse_hand(text):
    cards = set()
    for suit, part in zip("SHDC", text.split(".")):
        for ch in part:
            if ch == "-":
                continue
            r = {v: k for k, v in RANKS.items()}.get(ch) or int(ch)
            cards.add((suit, r))
    return cards


def main(argv):
    if argv[1] == "--words":
        seed, board, n = map(int, argv[2:5])
        print(" ".join(f"{w:08x}" for w in words(seed, board, 0, n)))
        return
    seed, board, attempt = map(int, argv[1:4])
    predeal = {}
    for arg in argv[4:]:
        seat, hand = arg.split("=")
        predeal[seat] = parse_hand(hand)
    try:
        print(pbn(deal(seed, board, attempt, predeal)))
    except Overflow:
        print("no deal")


if __name__ == "__main__":
    main(sys.argv)
