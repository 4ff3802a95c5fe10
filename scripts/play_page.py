#!/usr/bin/env python3
"""Plays boards of a lesson page (lesson.html) in headless Chromium, through
clicks and keys, the way a student would, and reports what the page said.

The page is driven through its test hooks (docs/formats.md, "The lesson
page's Play mode"): `#play/B?hints&quick` opens board B with the labels on,
each playable card is a `<button data-card>` with `data-tricks`, and
`#play-state` carries `data-cards`, `data-busy` and, at the end,
`data-result`. Chromium is spoken to over the DevTools protocol on a pipe
(--remote-debugging-pipe), with the network off: nothing but the Python
standard library and the browser.

For each board the report (JSON on standard output) holds every position
where the student was to play with the labels the page showed, the cards
of the whole play, the result and the page's closing words, and the
checks made on the way: a card that lowers the result is flagged, undo
(Backspace) restores the position and its labels.

Usage: play_page.py PAGE.html BOARD... [--defend] [--seed N]
"""

import json
import os
import random
import subprocess
import sys
import time


class Browser:
    """Headless Chromium over the DevTools protocol on fds 3 and 4."""

    def __init__(self):
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def plumb():
            # Out of the way first: the pipes may themselves be fds 3 and 4.
            r, w = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(r, 3)
            os.dup2(w, 4)

        chromium = os.environ.get("CHROMIUM", "chromium")
        self.profile = os.path.join(
            os.environ.get("TMPDIR", "/tmp"), "play-page-%d" % os.getpid()
        )
        self.proc = subprocess.Popen(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--remote-debugging-pipe",
                "--user-data-dir=" + self.profile,
                "--window-size=1200,900",
                "about:blank",
            ],
            # The pipes become fds 3 and 4 in the browser; the others close
            # on exec (Python makes its pipes non-inheritable).
            close_fds=False,
            preexec_fn=plumb,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None
        targets = self.call("Target.getTargets")["targetInfos"]
        page = [t for t in targets if t["type"] == "page"][0]
        self.session = self.call(
            "Target.attachToTarget", targetId=page["targetId"], flatten=True
        )["sessionId"]
        # The page works offline: no request may leave the machine.
        self.call("Network.enable")
        self.call(
            "Network.emulateNetworkConditions",
            offline=True,
            latency=0,
            downloadThroughput=0,
            uploadThroughput=0,
        )

    def call(self, method, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.buffer:
                chunk = os.read(self.from_browser, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})

    def eval(self, expression):
        r = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True
        )
        if "exceptionDetails" in r:
            raise RuntimeError("%s: %s" % (expression, r["exceptionDetails"]))
        return r["result"].get("value")

    def wait(self, expression, seconds=60):
        end = time.time() + seconds
        while time.time() < end:
            try:
                if self.eval(expression):
                    return
            except RuntimeError:
                pass  # the page is still loading
            time.sleep(0.02)
        errors = self.eval("window.pageErrors || []")
        raise RuntimeError("timed out waiting for %s; page errors: %s" % (expression, errors))

    def click(self, selector):
        """A real mouse click at the middle of the element."""
        box = self.eval(
            "(function(){var e=document.querySelector(%s);e.scrollIntoView({block:'center'});"
            "var r=e.getBoundingClientRect();return [r.left+r.width/2,r.top+r.height/2];})()"
            % json.dumps(selector)
        )
        for kind in ("mousePressed", "mouseReleased"):
            self.call(
                "Input.dispatchMouseEvent",
                type=kind,
                x=box[0],
                y=box[1],
                button="left",
                clickCount=1,
            )

    def key(self, key, code):
        for kind in ("keyDown", "keyUp"):
            self.call(
                "Input.dispatchKeyEvent",
                type=kind,
                key=key,
                code=code,
                windowsVirtualKeyCode={"Backspace": 8}.get(key, 0),
            )

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        self.proc.wait(timeout=30)
        subprocess.run(["rm", "-rf", self.profile])


IDLE = (
    "(function(){var s=document.getElementById('play-state');"
    "return !!s && s.getAttribute('data-busy')==='false';})()"
)
STATE = (
    "(function(){var s=document.getElementById('play-state');"
    "var b=[].slice.call(document.querySelectorAll('#play button[data-card]:not(:disabled)'));"
    "return {cards:s.getAttribute('data-cards'),result:s.getAttribute('data-result'),"
    "labels:b.map(function(x){return [x.getAttribute('data-card'),x.getAttribute('data-tricks')];}),"
    "feedback:(document.getElementById('play-feedback')||{}).textContent||'',"
    "bad:!!document.querySelector('#play-feedback .bad'),"
    "key:((document.querySelector('#play .keyplay')||{}).textContent)||'',"
    "end:((document.querySelector('#play .end h3')||{}).textContent)||''};})()"
)


def play_board(browser, page, board, defend, rng, waits):
    flags = "hints&quick" + ("&defend" if defend else "")
    browser.call("Page.navigate", url="about:blank")
    browser.call("Page.navigate", url="file://%s#play/%s?%s" % (page, board, flags))
    browser.wait("document.documentElement.getAttribute('data-ready')==='true'")
    browser.eval(
        "window.pageErrors=[];window.addEventListener('error',"
        "function(e){window.pageErrors.push(String(e.message))})"
    )
    browser.wait(IDLE)
    report = {"board": board, "defend": defend, "positions": [], "checks": []}
    needed = browser.eval(
        "JSON.parse(document.getElementById('lesson').textContent).lesson.boards"
        ".filter(function(b){return String(b.number)===%s;})[0].table.needed" % json.dumps(board)
    )
    undone = False
    while True:
        state = browser.eval(STATE)
        if state["result"] is not None:
            report["cards"] = state["cards"].split()
            report["result"] = int(state["result"])
            report["end"] = state["end"]
            return report
        labels = {c: int(t) for c, t in state["labels"]}
        played = state["cards"].split()
        report["positions"].append(
            {"played": played, "labels": labels, "key": state["key"]}
        )
        best = (min if defend else max)(labels.values())
        worse = [c for c, t in labels.items() if t != best]
        # Mostly a best card; now and then a worse one, to see it flagged
        # and undone once.
        if worse and rng.random() < 0.25:
            card = rng.choice(worse)
        else:
            card = rng.choice([c for c, t in labels.items() if t == best])
        started = time.time()
        browser.click('#play button[data-card="%s"]' % card)
        browser.wait(IDLE)
        waits.append(time.time() - started)
        after = browser.eval(STATE)
        if labels[card] != best:
            # Flagged: marked as a loss, with the card's result against
            # the contract ("=", "+1", "−1").
            shown = labels[card] - needed
            label = "=" if shown == 0 else ("+%d" % shown if shown > 0 else "\u2212%d" % -shown)
            report["checks"].append(
                {"flagged": after["bad"] and (": " + label) in after["feedback"],
                 "feedback": after["feedback"]}
            )
            if not undone:
                undone = True
                browser.key("Backspace", "Backspace")
                browser.wait(IDLE)
                back = browser.eval(STATE)
                report["checks"].append(
                    {
                        "undo": back["cards"] == state["cards"]
                        and sorted(back["labels"]) == sorted(state["labels"])
                    }
                )


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    defend = "--defend" in sys.argv
    seed = 1
    if "--seed" in sys.argv:
        seed = int(sys.argv[sys.argv.index("--seed") + 1])
        args.remove(str(seed))
    page, boards = os.path.abspath(args[0]), args[1:]
    rng = random.Random(seed)
    browser = Browser()
    waits = []
    try:
        reports = [play_board(browser, page, b, defend, rng, waits) for b in boards]
    finally:
        browser.close()
    waits.sort()
    json.dump(
        {
            "boards": reports,
            "card_waits": [round(w, 4) for w in waits],
            "waits": {
                "cards": len(waits),
                "median_ms": round(1000 * waits[len(waits) // 2]) if waits else 0,
                "worst_ms": round(1000 * waits[-1]) if waits else 0,
            },
        },
        sys.stdout,
        ensure_ascii=False,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
