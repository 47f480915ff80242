"""First visit on a throttled phone: setup, town and result pages against their floors.

    .venv/bin/python tests/bench/first_visit.py [--runs 5] [--json FILE]

One Chromium (Debian's, /usr/bin/chromium) for the whole run, a fresh browser context for every visit
(empty cache, no service worker), throttled through CDP as a mid-range phone: CPU 4× slower
(Emulation.setCPUThrottlingRate), 150 ms latency, 1.6 Mbps down, 750 kbps up
(Network.emulateNetworkConditions), 360×740 CSS pixels at 2×, touch. The app runs under gunicorn as in
the Procfile, on a free loopback port, with floor pages beside it (first_visit_floors.py). Warm-up visits
come first, unthrottled and uncounted, so no figure pays for a server's first compression of a file.

Workers. The page's CDP session auto-attaches to the targets the page starts (Target.setAutoAttach,
waitForDebuggerOnStart, not flattened: Playwright's CDP session cannot address a child session, so
commands travel by Target.sendMessageToTarget). Each attached target, the core's dedicated worker and
the service worker alike, gets Network.enable (its requests are counted with the page's), the network
conditions and the CPU rate, then is let run. What each target answered is printed; whether the
throttling held is checked, not assumed: a response from the network must take at least the latency and
its size over 1.6 Mbps (the 166 KB MicroPython runtime at least 0.98 s), and a fixed loop is timed on the
page's main thread, in each worker (Runtime.evaluate in its session) and on an unthrottled page.

Figures, each min/median/max over the runs:
- setup /en/new: FCP (paint timing); usable = max(FCP, end of the last main-thread long task (Long Tasks
  API, observed from an init script, buffered) starting before the page settled; settled = 6 s after
  navigation start or once the network has been idle 1 s, whichever is later); "tap at FCP", in a visit of
  its own: once FCP is there, a touch on "Add a player", and the time until one more player row than
  before the tap shows (the blank form has two), on whichever document is current then (the page's answer
  or the server's): FCP + wall-clock from the tap; bytes before usable and until settled; the longest
  task until settled. Floor: the setup page as served with its scripts and preloads removed (style sheet
  kept), its longest task.
- town /en/g/<code>/1 (4-player Master Builder game with monuments, first town full), cold: FCP, the
  number (form.town-form gets data-live-total, or the mark "marquoir:town-number" when the page sets
  it), longest task, bytes before the number and until settled. Floor: a page of the same size on the
  wire that asks, from its <head>, all at once (preload links), for every URL the page and its worker
  asked for before the number (the service worker's precache, which the number does not wait for, left
  out); its time is when the last of them finished (Network.loadingFinished).
- town, warm: the cold visit's context once its service worker is installed, /en/, then the town again:
  number, longest task, and where its time went: its first byte and the end of its parsing (navigation timing's
  responseStart and domInteractive), each beside the floor's. Floor: the town page as served with its scripts
  and preloads removed (style sheet kept), visited twice in its own context, FCP of the second visit (and its
  first byte and end of parsing); longest task of each. Every static floor is sent with the app's security headers,
  as its page is (first_visit_floors.py); the town's is also visited sent without them, and the warm number is
  printed beside that too, to show what the headers cost. Then taps: a
  palette tool, then 10 squares alternating two tools so each tap changes the town, each touch held 80 ms
  (HOLD_MS) as a finger rests before it lifts; per tap, from the pointerup's timeStamp (a tap is a click
  only once the finger lifts: Event Timing times a click from there too) and, apart, from the pointerdown's,
  to the first frame after the square's points or the total changed (a MutationObserver;
  requestAnimationFrame then setTimeout 0 stands for "painted"; a tap that changed neither: its first
  rewrite), and the Event Timing duration of its pointerup/click (reported from 16 ms). Floor: the same
  taps on the town's warm static floor, answered by a handler of a few lines (FLOOR_TAP) that makes the
  change a tap makes, decided by nothing (the square's card, colour and points, the total): what the browser
  alone takes from a finger's lift to the frame that shows a square changed, on this machine.
- result /en/r/<code>, cold then warm (same context, service worker installed, /en/ between): LCP (last
  entry before any input), FCP, longest task. Floor: the result page as served without its scripts, style
  sheet and preloads, cold and warm (second visit), its LCP and longest task.

Bytes are encoded bytes on the wire, response headers included, from CDP's Network domain of the page and
of every attached worker: a request finished by the time counted adds its Network.loadingFinished
encodedDataLength; one still arriving adds its response headers and the encodedDataLength of the
Network.dataReceived chunks received by then. Times are milliseconds from navigation start; CDP
timestamps are placed on the page's clock by the document's own timing (its request's send time is the
navigation entry's requestStart). A longest task of 0 means none over 50 ms (the API reports no shorter).
Each longest task is printed beside its page's static floor's (cold or warm as the visit): the tasks the
browser alone takes to load and draw that page (a new document's first task, parsing, style and layout)
on this machine. A goal is met when the median meets it (the tap's worst: the maximum over all taps of
all runs).
"""

import argparse
import contextlib
import functools
import itertools
import json
import pathlib
import statistics
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "bench")]

import first_visit_floors as floors  # noqa: E402
from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from support import examples  # noqa: E402
from support.browsing import CHROMIUM  # noqa: E402
from support.browsing import CHROMIUM_ARGS  # noqa: E402
from webscore.scoring import encode  # noqa: E402
from webscore.scoring import problems as game_problems  # noqa: E402

LIMIT_MS = 30_000
SETTLE_MS = 6_000
QUIET_MS = 1_000
TAPS = 10
# How long a finger rests on the glass in a tap (ms): a real tap lifts some 50–150 ms after it lands, and the
# page may use that time (the live score asks for the town a press would make as the finger lands).
HOLD_MS = 80
DOWN = 1.6e6 / 8
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": DOWN, "uploadThroughput": 750e3 / 8}
CPU = {"rate": 4}
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
NETWORK_EVENTS = ("Network.requestWillBeSent", "Network.responseReceived", "Network.dataReceived",
                  "Network.loadingFinished", "Network.loadingFailed", "Network.requestServedFromCache")
ADD_PLAYER = "button[name=action][value=add]"
# Tools for the taps, most telling first: their points depend on the squares around them.
TOOLS = ("theater", "well", "temple", "cottage", "feast-hall", "farm", "warehouse")
LOOP = """(() => { const start = performance.now(); let x = 0;
  for (let i = 0; i < 1e7; i++) x = (x + i * 7) % 1000003;
  return performance.now() - start + x * 0; })()"""

# Installed in every document before its own scripts: what the page does, on the page's own clock.
OBSERVERS = """(() => {
  if (window.__firstVisit) return;
  const seen = (window.__firstVisit = { longtasks: [], lcp: [], events: [], downs: [], taps: [], input: null, number: null });
  const observe = (type, take, options = {}) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true, ...options });
    } catch (error) {
      seen["no_" + type] = String(error);
    }
  };
  observe("longtask", (entry) => seen.longtasks.push([entry.startTime, entry.duration]));
  observe("largest-contentful-paint", (entry) => seen.lcp.push([entry.startTime, entry.size,
    entry.element ? entry.element.tagName : entry.url]));
  observe("event", (entry) => seen.events.push([entry.name, entry.startTime, entry.duration]), { durationThreshold: 16 });
  const input = (event) => { if (seen.input === null) seen.input = event.timeStamp; };
  addEventListener("keydown", input, true);
  // The finger lifted: a tap is a click only from here, so the app can answer no sooner.
  addEventListener("pointerup", (event) => {
    const tap = seen.taps[seen.taps.length - 1];
    if (tap && tap.up === null && event.target instanceof Element && event.target.closest(".square[data-square]")) {
      tap.up = event.timeStamp;
    }
  }, true);
  addEventListener("pointerdown", (event) => {
    input(event);
    seen.downs.push(event.timeStamp);
    const square = event.target instanceof Element ? event.target.closest(".square[data-square]") : null;
    if (!square) return;
    const form = square.closest("form.town-form");
    const points = square.querySelector(".square-points");
    seen.taps.push({ at: event.timeStamp, up: null, square: square.dataset.square,
      total: form ? form.dataset.liveTotal ?? null : null,
      points: points ? points.textContent : null, written: null, changed: null, how: null });
  }, true);
  new MutationObserver((records) => {
    if (seen.number === null && records.some((record) => record.target.matches && record.target.matches("form.town-form"))) {
      seen.number = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-live-total"] });
})();"""

# Installed once the town's number shows, before the taps: when a tap's square or total changes, and its frame.
TAP_WATCH = """(() => {
  const seen = window.__firstVisit;
  const form = document.querySelector("form.town-form");
  const painted = (tap, key) => requestAnimationFrame(() => setTimeout(() => { tap[key] = performance.now(); }, 0));
  new MutationObserver((records) => {
    const tap = seen.taps[seen.taps.length - 1];
    if (!tap || tap.changed !== null || tap.how !== null && tap.how !== "written") return;
    const points = form.querySelector(`.square[data-square="${tap.square}"] .square-points`);
    if (!records.some((record) => record.target === form || (points && points.contains(record.target)))) return;
    if (tap.how === null) {
      tap.how = "written";
      painted(tap, "written");
    }
    if (form.dataset.liveTotal !== tap.total || (points && points.textContent !== tap.points)) {
      tap.how = form.dataset.liveTotal !== tap.total ? "total" : "square";
      painted(tap, "changed");
    }
  }).observe(form, { subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ["data-live-total"] });
  return true;
})()"""

# The floor's taps: a palette tool chosen, then each square tapped shows the tool's card and colour, a new
# number of points and a new total, as the app's answer does, with nothing computed.
FLOOR_TAP = """(() => {
  const form = document.querySelector("form.town-form");
  let tool = null;
  let count = 0;
  document.addEventListener("click", (event) => {
    const chosen = event.target.closest(".palette .tool[data-card]");
    if (chosen) {
      tool = chosen;
      return;
    }
    const square = event.target.closest(".square[data-square]");
    if (!square || !tool) return;
    count += 1;
    square.querySelector(".square-select").value = tool.dataset.card;
    square.querySelector(".square-card").innerHTML = tool.dataset.squareName;
    square.className = square.className.replace(/\\bc-\\S+/g, "").trim() + " filled c-" + tool.dataset.colour;
    square.querySelector(".square-points").textContent = String(count);
    form.querySelector(".running-total").textContent = "Running total: " + (100 + count);
    form.dataset.liveTotal = String(100 + count);
  });
  return true;
})()"""

READ = """(() => {
  const seen = window.__firstVisit || {};
  const first = (name) => { const entry = performance.getEntriesByName(name)[0]; return entry ? entry.startTime : null; };
  return { fcp: first("first-contentful-paint"), mark: first("marquoir:town-number"), number: seen.number ?? null,
    longtasks: seen.longtasks || [], lcp: seen.lcp || [], input: seen.input ?? null, events: seen.events || [],
    downs: seen.downs || [], taps: seen.taps || [], ...phases() };
  // Where a warm visit's time goes before its paint: its first byte (from the service worker or the HTTP cache),
  // and the end of its parsing.
  function phases() {
    const navigation = performance.getEntriesByType("navigation")[0];
    return { first_byte: navigation ? navigation.responseStart : null, parsed: navigation ? navigation.domInteractive : null };
  }
})()"""


class Missing(Exception):
    """A signal a page should give never came (within the time a page is given)."""


class Phone:
    """A fresh browser context throttled as a mid-range phone, its page, and what the network did.

    Network events of the page's CDP session and of every target it starts land in one log, keyed by
    request id (a worker's own script shows in both); visit() starts a new log.
    """

    def __init__(self, browser, throttled: bool = True):
        self.throttled = throttled
        self.context = browser.new_context(**PHONE)
        self.context.add_init_script(script=OBSERVERS)
        self.page = self.context.new_page()
        self.page.set_default_timeout(LIMIT_MS)
        self.requests = {}
        self.targets = {}
        self.replies = {}
        self._asked = {}
        self._ids = itertools.count(1)
        self.origin = None
        self.precise = False
        self.cdp = self.context.new_cdp_session(self.page)
        for method in NETWORK_EVENTS:
            self.cdp.on(method, functools.partial(self._network, "page", method))
        self.cdp.on("Target.attachedToTarget", self._attached)
        self.cdp.on("Target.receivedMessageFromTarget", self._from_target)
        self.cdp.on("Target.detachedFromTarget", self._detached)
        self.cdp.send("Network.enable")
        if throttled:
            self.cdp.send("Emulation.setCPUThrottlingRate", CPU)
            self.cdp.send("Network.emulateNetworkConditions", NETWORK)
        self.cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})

    # --- targets the page starts (the core's worker, the service worker) -----------------------------

    def _attached(self, event) -> None:
        info = event["targetInfo"]
        session = event["sessionId"]
        self.targets[session] = {"type": info["type"], "url": info["url"], "answers": {}}
        self.to_target(session, "Network.enable")
        if self.throttled:
            self.to_target(session, "Network.emulateNetworkConditions", NETWORK)
            self.to_target(session, "Emulation.setCPUThrottlingRate", CPU)
        self.to_target(session, "Runtime.runIfWaitingForDebugger")

    def _detached(self, event) -> None:
        target = self.targets.get(event.get("sessionId"))
        if target:
            target["detached"] = True

    def to_target(self, session: str, method: str, params: dict | None = None) -> int:
        """Send a command to an attached target; return its id (the answer lands in self.replies)."""
        number = next(self._ids)
        self._asked[number] = (session, method)
        message = json.dumps({"id": number, "method": method, "params": params or {}})
        try:
            self.cdp.send("Target.sendMessageToTarget", {"sessionId": session, "message": message})
        except PlaywrightError as error:
            self.replies[number] = {"error": {"message": str(error).splitlines()[0]}}
        return number

    def _from_target(self, event) -> None:
        message = json.loads(event["message"])
        target = self.targets.get(event["sessionId"])
        if "id" in message:
            method = self._asked.pop(message["id"], (None, None))[1]
            self.replies[message["id"]] = message
            if target is not None and method:
                target["answers"][method] = message["error"].get("message", "refused") if "error" in message else "ok"
        elif target is not None and message.get("method") in NETWORK_EVENTS:
            self._network(target["type"], message["method"], message.get("params", {}))

    def ask_target(self, session: str, expression: str, seconds: float = 10):
        """Evaluate an expression in an attached target; return its value (None when it did not answer)."""
        number = self.to_target(session, "Runtime.evaluate", {"expression": expression, "returnByValue": True})
        deadline = time.monotonic() + seconds
        while number not in self.replies and time.monotonic() < deadline:
            self.page.wait_for_timeout(20)
        reply = self.replies.get(number, {})
        return reply.get("result", {}).get("result", {}).get("value")

    # --- the network log ------------------------------------------------------------------------------

    def _network(self, session: str, method: str, params: dict) -> None:
        rid = params.get("requestId")
        record = self.requests.get(rid)
        if method == "Network.requestWillBeSent":
            url = params["request"]["url"]
            if record is None and url.startswith("http"):
                self.requests[rid] = {"url": url, "session": session, "type": params.get("type"),
                                      "start": params["timestamp"], "response": None, "end": None, "bytes": 0,
                                      "head": 0, "chunks": [], "cached": False, "failed": None, "timing": None}
            return
        if record is None:
            return
        if method == "Network.responseReceived":
            response = params["response"]
            record["response"] = params["timestamp"]
            record["head"] = response.get("encodedDataLength") or 0
            record["status"] = response.get("status")
            record["timing"] = response.get("timing")
            record["cached"] |= bool(response.get("fromDiskCache") or response.get("fromServiceWorker")
                                     or response.get("fromPrefetchCache") or response.get("fromMemoryCache"))
            record["via"] = "service worker" if response.get("fromServiceWorker") else None
        elif method == "Network.dataReceived":
            record["chunks"].append((params["timestamp"], params.get("encodedDataLength") or 0))
        elif method == "Network.loadingFinished":
            record["end"] = record["end"] or params["timestamp"]
            record["bytes"] = max(record["bytes"], params.get("encodedDataLength") or 0)
        elif method == "Network.loadingFailed":
            record["end"] = record["end"] or params["timestamp"]
            record["failed"] = params.get("errorText") or "failed"
        elif method == "Network.requestServedFromCache":
            record["cached"] = True

    def ms(self, timestamp: float) -> float:
        """Return a CDP timestamp (seconds) as milliseconds from this visit's navigation start."""
        return timestamp * 1000 - self.origin

    def now(self) -> float:
        """Return now, in milliseconds from navigation start (CDP's clock is the system's monotonic one)."""
        return time.monotonic() * 1000 - self.origin

    def worker_script(self, record: dict) -> bool:
        """Whether a request is an attached worker's own script as the page asked for it.

        Chromium reports its start to the page's session and its end to no session at all: once the
        worker's target is there, its script has come, so the request is not waited for.
        """
        return record["session"] == "page" and record["end"] is None and any(
            record["url"] == target["url"] for target in self.targets.values())

    def in_flight(self, record: dict) -> bool:
        """Whether a request of this visit is still on its way. Two are never reported as finished or failed at
        times, so they are not waited for: one the page before sent, which the navigation cancelled, and the
        browser's own fetch of the page's icon."""
        return (record["end"] is None and not self.worker_script(record) and self.ms(record["start"]) >= 0
                and not record["url"].endswith("/icons/icon.svg"))

    def document(self):
        """Return this visit's document request (None before it is sent)."""
        return next((r for r in self.requests.values() if r["type"] == "Document"), None)

    def place_clock(self) -> None:
        """Place CDP's timestamps on the page's clock: navigation start in CDP milliseconds.

        Exactly when the document came from the network (its request was sent at the navigation entry's
        requestStart); else, to a few milliseconds, when its request was issued.
        """
        document = self.document()
        if self.origin is None and document is not None:
            self.origin = document["start"] * 1000
        if self.precise or document is None or not document["timing"] or document["cached"]:
            return
        with contextlib.suppress(PlaywrightError, Missing):
            start = self.js("performance.getEntriesByType('navigation')[0]?.requestStart ?? 0")
            if start:
                timing = document["timing"]
                self.origin = timing["requestTime"] * 1000 + timing["sendStart"] - start
                self.precise = True

    def bytes_until(self, ms: float) -> int:
        """Return the encoded bytes received up to `ms` after navigation start (see the module's docstring)."""
        total = 0
        for record in self.requests.values():
            if record["end"] is not None and not record["failed"] and self.ms(record["end"]) <= ms:
                total += record["bytes"]
            elif record["response"] is not None and self.ms(record["response"]) <= ms:
                total += record["head"] + sum(n for t, n in record["chunks"] if self.ms(t) <= ms)
        return total

    def log(self) -> list:
        """Return this visit's requests in the order they were sent, times from navigation start."""
        rows = []
        for record in sorted(self.requests.values(), key=lambda r: r["start"]):
            rows.append({"url": record["url"], "session": record["session"], "type": record["type"],
                         "bytes": record["bytes"], "start": self.ms(record["start"]),
                         "end": self.ms(record["end"]) if record["end"] else None, "cached": record["cached"],
                         "failed": record["failed"], "via": record.get("via"), "head": record["head"],
                         "worker_script": self.worker_script(record)})
        return rows

    # --- the page -------------------------------------------------------------------------------------

    def js(self, expression: str, wait: bool = False):
        """Evaluate in the page through CDP (no script of Playwright's in the page, no CSP in the way)."""
        answer = self.cdp.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                    "awaitPromise": wait})
        if "exceptionDetails" in answer:
            raise Missing(answer["exceptionDetails"].get("exception", {}).get("description", "script error"))
        return answer["result"].get("value")

    def poll(self, expression: str, what: str, every_ms: int = 50, until_ms: float = LIMIT_MS):
        """Evaluate until the value is truthy, across navigations; return it, or raise Missing(what)."""
        deadline = time.monotonic() + until_ms / 1000
        while time.monotonic() < deadline:
            with contextlib.suppress(PlaywrightError, Missing):
                value = self.js(expression)
                if value:
                    return value
            self.page.wait_for_timeout(every_ms)
        raise Missing(what)

    def visit(self, url: str) -> None:
        """Start a new log and navigate; return once the new document is committed."""
        self.requests.clear()
        self.origin = None
        self.precise = False
        self.page.goto(url, wait_until="commit", timeout=LIMIT_MS)
        self.place_clock()

    def settle(self, minimum: float = SETTLE_MS) -> tuple:
        """Wait until settled: `minimum` ms after navigation start and 1 s without a request in flight.

        Return (settled time, whether the network did go quiet within the time a page is given).
        """
        deadline = time.monotonic() + LIMIT_MS / 1000
        while True:
            self.place_clock()
            if self.origin is None:
                if time.monotonic() > deadline:
                    raise Missing("no document request seen")
                self.page.wait_for_timeout(50)
                continue
            records = list(self.requests.values())
            busy = any(self.in_flight(r) for r in records)
            times = [self.ms(t) for r in records for t in (r["start"], r["end"]) if t is not None]
            settled = max(minimum, max(times, default=0) + QUIET_MS)
            now = self.now()
            if not busy and now >= settled:
                return settled, True
            if now >= LIMIT_MS:
                return now, False
            self.page.wait_for_timeout(100)

    def read(self) -> dict:
        """Return what the observers saw, the paint entries and the navigation entry."""
        self.place_clock()
        return self.js(READ)

    def close(self) -> None:
        with contextlib.suppress(PlaywrightError):
            self.context.close()


@contextlib.contextmanager
def phone(browser, throttled: bool = True):
    """Yield a fresh Phone; close its context whatever happens."""
    opened = Phone(browser, throttled)
    try:
        yield opened
    finally:
        opened.close()


def longest(tasks: list, before: float) -> float:
    """Return the longest of the long tasks that started before a time (0: none over 50 ms)."""
    return max((duration for start, duration in tasks if start < before), default=0.0)


def last_lcp(seen: dict):
    """Return the last LCP entry's time before any input (None: no entry)."""
    entries = [t for t, _, _ in seen["lcp"] if seen["input"] is None or t < seen["input"]]
    return entries[-1] if entries else None


def number_of(seen: dict):
    """Return when the town's number showed: the page's own mark, else the attribute's first set."""
    return seen["mark"] if seen["mark"] is not None else seen["number"]


def wait_number(visit: Phone) -> None:
    """Wait until the town's number shows (raise Missing("town number never shown") after the limit)."""
    visit.poll("!!(window.__firstVisit && (window.__firstVisit.number !== null"
               " || performance.getEntriesByName('marquoir:town-number').length))", "town number never shown")


def wait_service_worker(visit: Phone) -> None:
    """Wait until the page's service worker is active (installed) and has stored something."""
    ready = visit.js("""Promise.race([
      navigator.serviceWorker.ready.then(async () => {
        for (let tries = 0; tries < 200; tries++) {
          if ((await caches.keys()).length) return true;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return false;
      }),
      new Promise((resolve) => setTimeout(() => resolve(false), 30000))])""", wait=True)
    if not ready:
        raise Missing("service worker never ready")


# --- the visits ---------------------------------------------------------------------------------------


def setup_visit(browser, base: str) -> dict:
    """Setup page, cold: FCP, usable, bytes before usable and until settled, longest task."""
    with phone(browser) as visit:
        visit.visit(base + "/en/new")
        settled, quiet = visit.settle()
        seen = visit.read()
        if seen["fcp"] is None:
            raise Missing("setup page: no first contentful paint")
        tasks = [task for task in seen["longtasks"] if task[0] < settled]
        usable = max([seen["fcp"]] + [start + duration for start, duration in tasks])
        return {"fcp": seen["fcp"], "usable": usable, "usable_minus_fcp": usable - seen["fcp"],
                "bytes_before_usable": visit.bytes_until(usable), "bytes_until_settled": visit.bytes_until(settled),
                "longest_task": longest(seen["longtasks"], settled), "settled": settled, "quiet": quiet,
                "longtasks": seen["longtasks"], "precise_clock": visit.precise, "requests": visit.log()}


def setup_tap(browser, base: str) -> dict:
    """Setup page, cold: touch "Add a player" as soon as FCP is there; time until a further row shows."""
    with phone(browser) as visit:
        visit.visit(base + "/en/new")
        fcp = visit.poll("performance.getEntriesByName('first-contentful-paint')[0]?.startTime",
                         "setup page: no first contentful paint", every_ms=10)
        rows = visit.js("document.querySelectorAll('ol.players > li').length")
        point = centre(visit, ADD_PLAYER)
        if not point:
            raise Missing("setup page: no 'Add a player' button at first paint")
        x, y = point
        documents = sum(1 for r in visit.requests.values() if r["type"] == "Document")
        tapped = time.monotonic()
        visit.page.touchscreen.tap(x, y)
        visit.poll("document.querySelectorAll('ol.players > li').length >= %d" % (rows + 1),
                   "setup page: no further player row after the tap", every_ms=10)
        shown = time.monotonic()
        answered = "server" if sum(1 for r in visit.requests.values() if r["type"] == "Document") > documents else "page"
        return {"fcp": fcp, "rows_before": rows, "tap_to_row": fcp + (shown - tapped) * 1000, "answered_by": answered}


def town_visits(browser, base: str, town: str, probe: bool, problems: list) -> dict:
    """Town step cold, then warm in the same context with its taps; the CPU probes when `probe`.

    A step that fails is left out with its message in `problems`; the steps before it are kept.
    """
    figures = {}
    with phone(browser) as visit:
        attempt(figures, "cold", lambda: town_cold(visit, base + town, problems), problems, "town cold")
        if probe:
            attempt(figures, "probe", lambda: cpu_probe(visit), problems, "CPU probe")
        if (figures.get("cold") or {}).get("number") is None:
            return figures
        attempt(figures, "warm", lambda: town_warm(visit, base, town), problems, "town warm")
        if "warm" in figures:
            attempt(figures, "taps", lambda: taps(visit), problems, "taps")
    return figures


def town_cold(visit: Phone, address: str, problems: list) -> dict:
    """The town step in a fresh context: FCP, the number, longest task, bytes, the requests."""
    visit.visit(address)
    try:
        wait_number(visit)
    except Missing as missing:
        problems.append("town cold: {}".format(missing))
        print("  ! town cold: {}".format(missing), flush=True)
    settled, quiet = visit.settle()
    seen = visit.read()
    number = number_of(seen)
    return {"fcp": seen["fcp"], "number": number, "longest_task": longest(seen["longtasks"], settled),
            "bytes_before_number": visit.bytes_until(number) if number is not None else None,
            "bytes_until_settled": visit.bytes_until(settled), "settled": settled, "quiet": quiet,
            "longtasks": seen["longtasks"], "precise_clock": visit.precise, "requests": visit.log(),
            "targets": dict(visit.targets)}


def town_warm(visit: Phone, base: str, town: str) -> dict:
    """The town step again once the service worker is installed, by way of /en/: the number, longest task."""
    wait_service_worker(visit)
    visit.page.goto(base + "/en/", wait_until="load")
    visit.visit(base + town)
    wait_number(visit)
    settled, quiet = visit.settle()
    seen = visit.read()
    return {"fcp": seen["fcp"], "number": number_of(seen), "settled": settled, "quiet": quiet,
            "first_byte": seen["first_byte"], "parsed": seen["parsed"],
            "longest_task": longest(seen["longtasks"], settled), "longtasks": seen["longtasks"],
            "requests": visit.log()}


def cpu_probe(visit: Phone) -> dict:
    """Time a fixed loop on the throttled main thread and in each attached worker (best of five)."""
    found = {"page_ms": min(visit.js(LOOP) for _ in range(5)), "targets": {}}
    for session, target in visit.targets.items():
        if target.get("detached"):
            continue
        times = [visit.ask_target(session, LOOP) for _ in range(5)]
        times = [t for t in times if isinstance(t, (int, float))]
        found["targets"][target["type"] + " " + target["url"]] = {
            "loop_ms": min(times) if times else None, "answers": dict(target["answers"])}
    return found


def taps(visit: Phone) -> list:
    """Tap a tool, then TAPS squares alternating two tools; return each tap's times."""
    tools = visit.js("[...document.querySelectorAll('.palette .tool[data-card]')].map((tool) => tool.dataset.card)"
                     ".filter(Boolean)") or []
    chosen = [tool for tool in TOOLS if tool in tools][:2] or tools[:2]
    if len(chosen) < 2:
        raise Missing("town page: fewer than two palette tools to tap")
    shown = ("[...document.querySelectorAll('.square[data-square]')].filter((square) => "
             "square.querySelector('.square-button') && !square.querySelector('.square-button').hidden)")
    visit.poll("{}.length >= {}".format(shown, TAPS), "town page: square buttons never shown", until_ms=5000)
    squares = visit.js(shown + ".map((square) => [square.dataset.square, square.querySelector('.square-select')?.value ?? ''])")
    visit.js(TAP_WATCH)
    current = None
    results = []
    for n, (square, card) in enumerate(squares[:TAPS]):
        tool = chosen[n % 2] if chosen[n % 2] != card else chosen[(n + 1) % 2]
        if tool != current:
            touch(visit, '.palette .tool[data-card="{}"]'.format(tool))
            current = tool
        touch(visit, '.square[data-square="{}"] .square-button'.format(square))
        # Done once the square or the total changed; a tap that changed neither is done 1 s after its first write.
        visit.poll("(tap => tap && (tap.changed !== null || tap.written !== null && performance.now() - tap.written > 1000))"
                   "(window.__firstVisit.taps[%d])" % n,
                   "town page: no live score after the tap on {}".format(square), every_ms=20, until_ms=10_000)
    seen = visit.read()
    downs = sorted(seen["downs"])
    for tap in seen["taps"][:TAPS]:
        later = [d for d in downs if d > tap["at"]]
        until = later[0] if later else float("inf")
        durations = [d for name, start, d in seen["events"] if name in ("pointerup", "click") and tap["at"] <= start < until]
        painted = tap["changed"] if tap["changed"] is not None else tap["written"]
        results.append({"square": tap["square"], "how": tap["how"], "tap_to_paint": painted - tap["at"],
                        "release_to_paint": painted - tap["up"] if tap["up"] is not None else None,
                        "event_duration": max(durations) if durations else None})
    return results


def centre(visit: Phone, selector: str):
    """Scroll an element into the middle of the view (the page does it: no actionability checks) and return
    its centre, [x, y] in CSS pixels (None: no such element)."""
    return visit.js("""(() => {
      const element = document.querySelector(%s);
      if (!element) return null;
      element.scrollIntoView({ block: "center", behavior: "instant" });
      const box = element.getBoundingClientRect();
      return [box.x + box.width / 2, box.y + box.height / 2];
    })()""" % json.dumps(selector))


def touch(visit: Phone, selector: str) -> None:
    """Touch the middle of an element, scrolled into view, and lift the finger HOLD_MS later."""
    point = centre(visit, selector)
    if not point:
        raise Missing("town page: nothing to tap at " + selector)
    x, y = point
    visit.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    visit.page.wait_for_timeout(HOLD_MS)
    visit.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def result_visits(browser, base: str, result: str, problems: list) -> dict:
    """Result page cold, then warm in the same context once the service worker is installed."""
    figures = {}
    with phone(browser) as visit:
        attempt(figures, "cold", lambda: result_visit(visit, base + result), problems, "result cold")
        if "cold" in figures:
            attempt(figures, "warm", lambda: result_visit(visit, base + result, base + "/en/"), problems, "result warm")
    return figures


def result_visit(visit: Phone, address: str, by_way_of: str | None = None) -> dict:
    """One visit of the result page (warm: once the service worker is installed, from `by_way_of`)."""
    if by_way_of:
        wait_service_worker(visit)
        visit.page.goto(by_way_of, wait_until="load")
    visit.visit(address)
    settled, quiet = visit.settle()
    seen = visit.read()
    if last_lcp(seen) is None:
        raise Missing("no largest contentful paint")
    return {"lcp": last_lcp(seen), "fcp": seen["fcp"], "settled": settled, "quiet": quiet,
            "longest_task": longest(seen["longtasks"], settled), "longtasks": seen["longtasks"], "lcp_entries": seen["lcp"]}


# --- the floors ---------------------------------------------------------------------------------------


def fetch_floor(browser, page_url: str, urls: list) -> dict:
    """The "same bytes fetched at once" floor: when the last of its URLs finished, from navigation start."""
    with phone(browser) as visit:
        visit.visit(page_url)
        visit.settle(minimum=0)
        finished = {}
        for record in visit.requests.values():
            if record["end"] is not None and not record["failed"]:
                finished[record["url"]] = max(finished.get(record["url"], 0), visit.ms(record["end"]))
        missing = [url for url in urls + [page_url] if url not in finished]
        if missing:
            raise Missing("floor page: never loaded {}".format(", ".join(missing)))
        document = visit.document()
        return {"time": max(finished.values()), "page_bytes": document["bytes"] - document["head"] if document else None}


def static_floor(browser, page_url: str, tapped: bool = False) -> dict:
    """A static floor page visited twice in its own context: FCP, LCP and longest task, cold then warm; then,
    when `tapped`, the town's taps on it, answered by FLOOR_TAP."""
    figures = {}
    with phone(browser) as visit:
        for name in ("cold", "warm"):
            visit.visit(page_url)
            settled, _ = visit.settle(minimum=0)
            seen = visit.read()
            figures[name] = {"fcp": seen["fcp"], "lcp": last_lcp(seen), "longest_task": longest(seen["longtasks"], settled),
                             "longtasks": seen["longtasks"], "first_byte": seen["first_byte"], "parsed": seen["parsed"]}
        if tapped:
            visit.js(FLOOR_TAP)
            figures["taps"] = taps(visit)
    return figures


# --- one run, and the whole ---------------------------------------------------------------------------


def page_text(base: str, path: str) -> str:
    """Return a page's HTML as the app serves it (decoded)."""
    request = urllib.request.Request(base + path, headers={"Accept-Language": "en", "Accept-Encoding": "identity"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read().decode()


def full_game() -> dict:
    """Return the example 4-player Master Builder game with monuments, its few empty squares given a Cottage."""
    game = examples.load("four-players")
    for player in game["players"]:
        player["town"] = [[card or "cottage" for card in row] for row in player["town"]]
    assert not game_problems(game), game_problems(game)
    return game


def warm_up(browser, base: str, paths: list) -> None:
    """Visit each page unthrottled, then ask every worker of gunicorn for all they loaded."""
    seen = set()
    for path in paths:
        with phone(browser, throttled=False) as visit:
            visit.visit(base + path)
            if "/g/" in path:
                with contextlib.suppress(Missing):
                    wait_number(visit)
            visit.settle(minimum=0)
            seen.update(r["url"] for r in visit.requests.values())
    for url in sorted(seen):
        for _ in range(4):
            request = urllib.request.Request(url, headers={"Accept-Encoding": "br, gzip", "Accept-Language": "en"})
            with contextlib.suppress(OSError), urllib.request.urlopen(request, timeout=30) as response:
                response.read()


def unthrottled_loop(browser, url: str) -> float:
    """Time the fixed loop on an unthrottled page (best of five)."""
    with phone(browser, throttled=False) as visit:
        visit.visit(url)
        visit.settle(minimum=0)
        return min(visit.js(LOOP) for _ in range(5))


def attempt(figures: dict, name: str, measure, problems: list, label: str | None = None) -> None:
    """Keep a measurement's figures under `name`; on a missing signal or a browser error keep its message and go on."""
    try:
        figures[name] = measure()
    except (Missing, PlaywrightError) as error:
        message = "{}: {}".format(label or name, str(error).splitlines()[0] if str(error) else type(error).__name__)
        problems.append(message)
        print("  ! " + message, flush=True)


def one_run(browser, base: str, floor: floors.Floors, pages: dict, number: int) -> dict:
    """Every visit of one run, with the floors that go with them."""
    run = {"problems": []}
    problems = run["problems"]
    attempt(run, "setup", lambda: setup_visit(browser, base), problems)
    attempt(run, "setup_tap", lambda: setup_tap(browser, base), problems)
    attempt(run, "setup_static_floor", lambda: static_floor(browser, pages["setup_floor"]), problems)
    attempt(run, "town", lambda: town_visits(browser, base, pages["town"], number == 0, problems), problems)
    cold = run.get("town", {}).get("cold") or {}
    if cold.get("number") is not None:
        document = next((r for r in cold["requests"] if r["type"] == "Document"), None)
        urls = []
        for record in cold["requests"]:
            if (record is not document and record["session"] != "service_worker" and record["start"] < cold["number"]
                    and record["url"] not in urls):
                urls.append(record["url"])
        body = document["bytes"] - document["head"] if document else None
        address = floor.write("fetch-{}.html".format(number), floors.fetched_at_once(pages["town_html"], urls, body))
        attempt(run, "town_fetch_floor", lambda: dict(fetch_floor(browser, address, urls), urls=urls, real_page_bytes=body),
                problems)
    attempt(run, "town_static_floor", lambda: static_floor(browser, pages["town_floor"], tapped=True), problems)
    attempt(run, "town_bare_floor", lambda: static_floor(browser, pages["town_bare_floor"]), problems)
    attempt(run, "result", lambda: result_visits(browser, base, pages["result"], problems), problems)
    attempt(run, "result_static_floor", lambda: static_floor(browser, pages["result_floor"]), problems)
    return run


def measure(runs: int, log) -> dict:
    """Serve the app and its floors, warm up, then do every run; return all raw figures."""
    code = encode(full_game())
    pages = {"setup": "/en/new", "town": "/en/g/{}/1".format(code), "result": "/en/r/{}".format(code)}
    figures = {"runs": [], "pages": dict(pages), "code": code}
    with floors.serve(log) as (base, floor), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            started = time.monotonic()
            warm_up(browser, base, [pages["setup"], pages["town"], pages["result"], "/en/"])
            pages["town_html"] = page_text(base, pages["town"])
            result_html = page_text(base, pages["result"])
            pages["setup_floor"] = floor.write("setup.html", floors.static_page(page_text(base, pages["setup"]), stylesheet=True))
            pages["town_floor"] = floor.write("town.html", floors.static_page(pages["town_html"], stylesheet=True))
            pages["town_bare_floor"] = floor.write("bare-town.html", floors.static_page(pages["town_html"], stylesheet=True))
            pages["result_floor"] = floor.write("result.html", floors.static_page(result_html, stylesheet=False))
            figures["unthrottled_loop_ms"] = unthrottled_loop(browser, pages["town_floor"])
            print("warmed up in {:.0f} s".format(time.monotonic() - started), flush=True)
            for number in range(runs):
                started = time.monotonic()
                figures["runs"].append(one_run(browser, base, floor, pages, number))
                print("run {} of {}: {:.0f} s".format(number + 1, runs, time.monotonic() - started), flush=True)
        finally:
            browser.close()
    return figures


# --- the report ---------------------------------------------------------------------------------------


def spread(values: list, form: str = "{:.0f}") -> str:
    """Return min/median/max of the figures there are ("—" for none)."""
    values = [v for v in values if v is not None]
    if not values:
        return "—"
    return "/".join(form.format(v) for v in (min(values), statistics.median(values), max(values)))


def kb(values: list) -> list:
    """Return byte counts in kilobytes."""
    return [v / 1000 if v is not None else None for v in values]


def median(values: list):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def pick(runs: list, *keys) -> list:
    """Return one figure of every run (None where a run does not have it)."""
    found = []
    for run in runs:
        value = run
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
        found.append(value)
    return found


def table(figures: dict) -> list:
    """Return the table's rows: what, figures, floor, ratio, goal, met."""
    runs = figures["runs"]
    all_taps = [tap for run in runs for tap in (pick([run], "town", "taps")[0] or [])]
    tap_times = [tap["tap_to_paint"] for tap in all_taps]
    durations = [tap["event_duration"] for tap in all_taps]

    rows = []

    def row(what, values, goal="", check=None, floor=None, ratio_goal=None, form="{:.0f}"):
        ratio = None
        if floor is not None and median(values) is not None and median(floor):
            ratio = median(values) / median(floor)
        if ratio_goal is not None:
            met = None if ratio is None else ratio <= ratio_goal
        elif check is not None:
            met = None if median(values) is None else check(values)
        else:
            met = None
        verdict = "" if not goal else ("not met (no figure)" if met is None else "met" if met else "not met")
        rows.append((what, spread(values, form), spread(floor, form) if floor is not None else "",
                     "{:.2f}".format(ratio) if ratio is not None else "", goal, verdict))

    def at_most(limit):
        return lambda values: median(values) <= limit

    # A visit's longest task, beside its page's static floor's: what the browser alone takes for that page.
    def longest_task(what, keys, floor_keys):
        row(what + ": longest task (ms) vs static page", pick(runs, *keys, "longest_task"), "≤ 50 ms", at_most(50),
            floor=pick(runs, *floor_keys, "longest_task"))

    row("setup: FCP (ms)", pick(runs, "setup", "fcp"))
    row("setup: usable (ms)", pick(runs, "setup", "usable"))
    row("setup: usable − FCP (ms)", pick(runs, "setup", "usable_minus_fcp"), "≤ 100 ms", at_most(100))
    row("setup: tap at FCP → a further player row (ms)", pick(runs, "setup_tap", "tap_to_row"))
    row("setup: bytes before usable (KB)", kb(pick(runs, "setup", "bytes_before_usable")), "≤ 30 KB", at_most(30),
        form="{:.1f}")
    row("setup: bytes until settled (KB)", kb(pick(runs, "setup", "bytes_until_settled")), form="{:.1f}")
    longest_task("setup", ["setup"], ["setup_static_floor", "cold"])
    row("town cold: FCP (ms)", pick(runs, "town", "cold", "fcp"))
    row("town cold: number (ms) vs same bytes fetched at once", pick(runs, "town", "cold", "number"), "≤ 1.15 × floor",
        floor=pick(runs, "town_fetch_floor", "time"), ratio_goal=1.15)
    longest_task("town cold", ["town", "cold"], ["town_static_floor", "cold"])
    row("town cold: bytes before number (KB)", kb(pick(runs, "town", "cold", "bytes_before_number")), form="{:.1f}")
    row("town cold: bytes until settled (KB)", kb(pick(runs, "town", "cold", "bytes_until_settled")), form="{:.1f}")
    row("town warm: number (ms) vs static page's warm FCP", pick(runs, "town", "warm", "number"), "≤ 1.5 × floor",
        floor=pick(runs, "town_static_floor", "warm", "fcp"), ratio_goal=1.5)
    row("town warm: number (ms) vs static page's warm FCP, sent without the security headers",
        pick(runs, "town", "warm", "number"), floor=pick(runs, "town_bare_floor", "warm", "fcp"))
    row("town warm: first byte (ms) vs static page's", pick(runs, "town", "warm", "first_byte"),
        floor=pick(runs, "town_static_floor", "warm", "first_byte"))
    row("town warm: parsed (domInteractive, ms) vs static page's", pick(runs, "town", "warm", "parsed"),
        floor=pick(runs, "town_static_floor", "warm", "parsed"))
    longest_task("town warm", ["town", "warm"], ["town_static_floor", "warm"])
    # From the finger's lifting (pointerup), where a tap becomes a click and Event Timing starts it.
    released = [tap.get("release_to_paint") for tap in all_taps]
    floor_taps = [tap for run in runs for tap in (pick([run], "town_static_floor", "taps")[0] or [])]
    row("tap released → painted score, all {} taps (ms) vs static page's trivial tap".format(len(released)), released,
        "median ≤ 40, worst ≤ 100", lambda values: median(values) <= 40 and max(v for v in values if v is not None) <= 100,
        floor=[tap.get("release_to_paint") for tap in floor_taps])
    # The same taps from the finger's landing: the HOLD_MS it rests included.
    row("tap landed → painted score (ms), the {} ms hold included".format(HOLD_MS), tap_times)
    over = [d for d in durations if d is not None]
    row("tap: Event Timing click/pointerup (ms), {} of {} over 16 ms".format(len(over), len(durations)), over)
    row("result cold: LCP (ms) vs static page", pick(runs, "result", "cold", "lcp"), "≤ 1.3 × floor",
        floor=pick(runs, "result_static_floor", "cold", "lcp"), ratio_goal=1.3)
    row("result cold: FCP (ms)", pick(runs, "result", "cold", "fcp"))
    longest_task("result cold", ["result", "cold"], ["result_static_floor", "cold"])
    row("result warm: LCP (ms) vs static page", pick(runs, "result", "warm", "lcp"),
        floor=pick(runs, "result_static_floor", "warm", "lcp"))
    row("result warm: FCP (ms)", pick(runs, "result", "warm", "fcp"))
    longest_task("result warm", ["result", "warm"], ["result_static_floor", "warm"])
    return rows


def short(url: str, code: str) -> str:
    """Return a URL's path, the game code shortened."""
    path = "/" + url.split("/", 3)[3] if url.count("/") >= 3 else url
    return path.replace(code, code[:6] + "…")


def expected_ms(record: dict) -> float:
    """Return the least time a response takes on the emulated network: its latency, then its bytes at 1.6 Mbps."""
    return NETWORK["latency"] + record["bytes"] / DOWN * 1000


def fast(record: dict) -> bool:
    """Whether a response from the network came faster than the emulated network allows (so was not throttled)."""
    if record["cached"] or record["failed"] or record["end"] is None or not record["bytes"]:
        return False
    return record["end"] - record["start"] < 0.9 * expected_ms(record)


def downloads(requests: list) -> dict:
    """Return how many times each URL came from the network."""
    counts = {}
    for record in requests:
        if record["end"] is not None and not record["cached"] and record["bytes"] and not record["failed"]:
            counts[record["url"]] = counts.get(record["url"], 0) + 1
    return counts


def print_requests(requests: list, code: str, number) -> None:
    """Print the cold town visit's requests: the chain a first visit waits on (the service worker's in one line)."""
    print("\nrequests of the cold town visit (run 1), ms from navigation start; number shown at {}:".format(
        "{:.0f}".format(number) if number is not None else "never"))
    print("| path | from | encoded bytes | start | end | note |")
    print("|---|---|---|---|---|---|")
    counts = downloads(requests)
    for record in requests:
        if record["session"] == "service_worker":
            continue
        notes = []
        if counts.get(record["url"], 0) > 1:
            notes.append("downloaded {}×".format(counts[record["url"]]))
        if record["worker_script"]:
            notes.append("the worker's script: Chromium reports no end")
        if record["cached"]:
            notes.append("from " + (record.get("via") or "the HTTP cache"))
        if record["failed"]:
            notes.append(record["failed"])
        if fast(record):
            notes.append("faster than the emulated network allows")
        end = "{:.0f}".format(record["end"]) if record["end"] is not None else "—"
        print("| {} | {} | {} | {:.0f} | {} | {} |".format(short(record["url"], code), record["session"], record["bytes"],
                                                         record["start"], end, ", ".join(notes)))
    stored = [r for r in requests if r["session"] == "service_worker"]
    if stored:
        ends = [r["end"] for r in stored if r["end"] is not None]
        print("| (service worker: {} requests, {} from the HTTP cache, {} before the number) | service_worker | {} | {:.0f} | {} "
              "| {} |".format(len(stored), sum(1 for r in stored if r["cached"]),
                              sum(1 for r in stored if number is not None and r["start"] < number),
                              sum(r["bytes"] for r in stored), min(r["start"] for r in stored),
                              "{:.0f}".format(max(ends)) if ends else "—",
                              "{} faster than the emulated network allows".format(sum(1 for r in stored if fast(r)))))


def described(record: dict) -> str:
    """Return a response's path, size and time against the least the emulated network allows."""
    return "/{} {:.1f} KB in {:.0f} ms (at least {:.0f} ms)".format(
        record["url"].split("/", 3)[-1], record["bytes"] / 1000, record["end"] - record["start"], expected_ms(record))


def network_verdict(requests: list) -> str:
    """Return whether responses from the network came no faster than the emulated network allows, with figures."""
    timed = [r for r in requests if not r["cached"] and r["end"] is not None and r["bytes"]]
    if not timed:
        return "not seen (no response from the network)"
    quick = [r for r in timed if fast(r)]
    verdict = "throttled" if not quick else "NOT throttled" if len(quick) == len(timed) else "throttled but for {}".format(
        len(quick))
    told = "{} ({} of {} responses faster than latency + size at 1.6 Mbps allow".format(verdict, len(quick), len(timed))
    if quick:
        return told + ": " + ", ".join(described(r) for r in quick[:3]) + ")"
    return told + "; largest: " + described(max(timed, key=lambda r: r["bytes"])) + ")"


def print_throttling(figures: dict) -> None:
    """Print whether the page's and its workers' network and CPU were throttled, as they answered and as timed."""
    print("\nthrottling (asked: CPU 4×, 150 ms latency, 1.6 Mbps down), over the cold setup and town visits:")
    runs = figures["runs"]
    seen = [request for run in runs for request in (pick([run], "town", "cold", "requests")[0] or [])]
    seen += [request for run in runs for request in (pick([run], "setup", "requests")[0] or [])]
    probe = next((run["town"]["probe"] for run in runs if pick([run], "town", "probe")[0]), None)
    base = figures.get("unthrottled_loop_ms")
    page = [r for r in seen if r["session"] == "page"]
    cpu = "not timed"
    if probe and base:
        cpu = "{:.1f}× (a fixed loop: {:.0f} ms vs {:.0f} ms on an unthrottled page)".format(
            probe["page_ms"] / base, probe["page_ms"], base)
    print("- page: network {}; CPU {}".format(network_verdict(page), cpu))
    if not probe:
        return
    if not any(name.startswith("worker ") for name in probe["targets"]):
        print("- no dedicated worker was attached to the cold town page")
    for name, target in sorted(probe["targets"].items()):
        kind = name.split()[0]
        answers = target["answers"]
        loop = target["loop_ms"]
        if loop is None or not base:
            timed = "not timed (no answer to Runtime.evaluate)"
        else:
            factor = loop / base
            timed = "{} (the loop: {:.0f} ms, {:.1f}× the unthrottled page)".format(
                "throttled" if factor >= 3 else "NOT throttled" if factor < 2.5 else "unclear", loop, factor)
        print("- {}: network {} [its session, Network.emulateNetworkConditions → {}]; CPU {} "
              "[Emulation.setCPUThrottlingRate → {}]".format(
                  "{} {}".format(kind, name.rsplit("/", 1)[-1]), network_verdict([r for r in seen if r["session"] == kind]),
                  answers.get("Network.emulateNetworkConditions", "not asked"), timed,
                  answers.get("Emulation.setCPUThrottlingRate", "not asked")))


def report(figures: dict) -> None:
    """Print the table, the request chain, the throttling check and every problem met."""
    print("\n| figure | this run (min/median/max) | floor (min/median/max) | ratio | goal | met |")
    print("|---|---|---|---|---|---|")
    for row in table(figures):
        print("| {} | {} | {} | {} | {} | {} |".format(*row))
    print("(KB = 1000 bytes; longest task 0 = no task over 50 ms; tap figures over all taps of all runs)")
    runs = figures["runs"]
    answered = ["{} ({} rows before)".format(r["answered_by"], r["rows_before"]) for r in pick(runs, "setup_tap") if r]
    if answered:
        print("the tap at FCP was answered by: {}".format(", ".join(answered)))
    first = next((cold for cold in pick(runs, "town", "cold") if cold), None)
    if first:
        print_requests(first["requests"], figures["code"], first["number"])
    sizes = [(f["page_bytes"], f["real_page_bytes"]) for f in pick(runs, "town_fetch_floor") if f]
    if sizes:
        count = len(next(f for f in pick(runs, "town_fetch_floor") if f)["urls"])
        print("\n\"same bytes fetched at once\" floor (run 1): {} URLs; its page's body {} bytes on the wire, the town "
              "page's {}".format(count, *sizes[0]))
    print_throttling(figures)
    visits = {"setup": ("setup",), "town cold": ("town", "cold"), "town warm": ("town", "warm"),
              "result cold": ("result", "cold"), "result warm": ("result", "warm")}
    loose = ["run {}: {}: the network never went quiet within {} s".format(n + 1, name, LIMIT_MS // 1000)
             for n, run in enumerate(runs) for name, keys in visits.items() if pick([run], *keys, "quiet")[0] is False]
    problems = ["run {}: {}".format(n + 1, p) for n, run in enumerate(runs) for p in run["problems"]] + loose
    if problems:
        print("\nproblems:")
        for problem in problems:
            print("- " + problem)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", help="write every raw figure to this file")
    args = parser.parse_args()
    with tempfile.NamedTemporaryFile("w+", prefix="marquoir-gunicorn-", suffix=".log") as log:
        figures = measure(args.runs, log)
        log.seek(0)
        errors = [line for line in log.read().splitlines() if "Error" in line or "Traceback" in line]
    report(figures)
    if errors:
        print("\ngunicorn logged errors, first: {}".format(errors[0]))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(figures, indent=1, default=str))


if __name__ == "__main__":
    main()
