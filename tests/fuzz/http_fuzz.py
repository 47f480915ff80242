"""HTTP-level fuzzing: hostile requests against gunicorn run as in the Procfile, on loopback only.

    python tests/fuzz/http_fuzz.py [--requests 20000] [--clients 8] [--seed 1]

Sends a fixed number of requests (so the run ends by itself) to 127.0.0.1: forged codes built with our
encoder from hostile game files, every field of setup, town, pad and play with hostile values (huge,
other scripts, bidi and zero-width characters, HTML, repeated parameters, other Unicode digits), odd
methods and headers, path spellings, url_for argument names in queries, a table's saves with hostile
bodies (nested, huge, sent in chunks, of the wrong shape), SCRIPT_NAME and X-Forwarded-* headers, static
names longer than the file system takes. Counts the statuses; fails
(exit 1) on any 500, any response over 1 s, or any answer without our security headers, except those
gunicorn must give itself (a request line over its 8,190-byte maximum, more header lines than it allows,
a target that is no path); reports the gunicorn workers' memory before and after, and after 600
spellings of one static path. As many clients as workers by default, so a time is the answer's own and
not a wait in gunicorn's queue.
500s from Unicode digits in the setup and town forms are listed apart (see the issue's item 3).
Not part of the test run.
"""

import argparse
import collections
import concurrent.futures
import contextlib
import copy
import http.client
import json
import pathlib
import random
import re
import sys
import tempfile
import time
from urllib.parse import quote
from urllib.parse import urlencode

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support import examples  # noqa: E402
from support.hostile import BIDI_AND_INVISIBLE  # noqa: E402
from support.hostile import LARGEST_NAMES  # noqa: E402
from support.hostile import OTHER_DIGITS  # noqa: E402
from support.hostile import URL_FOR_KEYS  # noqa: E402
from support.hostile import largest_game  # noqa: E402
from support.servers import procfile_gunicorn  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "bench"))
from tables_load import open_table  # noqa: E402

from support.tables import empty_setup  # noqa: E402
from support.webflow import SETUP  # noqa: E402
from webscore.scoring import encode  # noqa: E402
from webscore.scoring.code_text import from_text  # noqa: E402
from webscore.scoring.code_text import to_text  # noqa: E402
from webscore.scoring.town import NAMES  # noqa: E402
from webscore.web.http.security import HEADERS  # noqa: E402

SLOW = 1.0
SETUP_CODE = encode(empty_setup(examples.load("four-players")))
GUNICORN_LINE = 8190
LANGS = ["en", "fr", "hu"] * 4 + ["de", "EN", "", "xx"]
WEIRD = (["", " ", "0", "-1", "3", "999", "1000", "1e3", "0x10", "99999999999999999999999", "NaN", "None", "null",
          "true", "<script>alert(1)</script>", "\"'><img src=x onerror=alert(1)>", "{{7*7}}", "%s%n", "../../etc/passwd",
          "\x00", "\r\nX-Injected: 1", "é" * 30, "日本語の名前", "Ωmega", "עברית", "العربية", "😀" * 30, "a" * 5000,
          "cottage", "bank", "the-starloom", "a1", "results", "next", "back", "add", "deal", "play", "first-game"]
         + BIDI_AND_INVISIBLE + ["Eve" + c + "17" for c in BIDI_AND_INVISIBLE[:5]])
DIGIT_VALUES = OTHER_DIGITS + ["up-" + d for d in OTHER_DIGITS] + ["remove-" + d for d in OTHER_DIGITS]
METHODS = ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "PROPFIND", "CONNECT", "FOO"]
SETUP_KEYS = sorted(SETUP) + ["players-{}".format(i) for i in range(8)] + ["monuments-3", "dealt-0", "dealt-1",
                                                                             "cavern", "without_monuments", "again"]
TOWN_KEYS = (["square_" + name for name in NAMES] + ["stored_" + name for name in NAMES]
             + ["master_builder_turns", "shrine_buildings", "completed_before", "go"])
PAD_KEYS = ["mode", "count"] + ["{}{}".format(k, i) for k in ("n", "blue", "red", "grey", "orange", "green",
                                                               "yellow", "navy", "monument", "empty", "t", "e", "c")
                                for i in range(7)]
PLAY_KEYS = ["code", "e", "first", "r", "seed", "t"]


def weird(rng) -> str:
    value = rng.choice(WEIRD + DIGIT_VALUES)
    return value * rng.choice([1, 1, 1, 2, 50]) if len(value) < 10 else value


def hostile_game(rng) -> dict:
    """Return a game file broken in one way our encoder still packs (validation must refuse it on reading)."""
    game = copy.deepcopy(rng.choice([examples.load("four-players"), examples.load("rulebook-28"),
                                     largest_game(rng.choice(sorted(LARGEST_NAMES.values())))]))
    player = rng.choice(game["players"])
    kind = rng.randrange(9)
    if kind == 0:
        player["name"] = rng.choice(WEIRD)[:120]
    elif kind == 1:
        player["name"] = "Eve" + rng.choice(BIDI_AND_INVISIBLE)
    elif kind == 2:
        game["players"] = game["players"] * rng.choice([0, 2, 3, 40])
    elif kind == 3:
        player["stored"] = {name: rng.randrange(256) for name in NAMES}
        player["town"] = [["warehouse"] * 4 for _ in range(4)]
    elif kind == 4:
        player["master_builder_turns"] = rng.choice([1000, 2 ** 20, 2 ** 21 - 2])
    elif kind == 5:
        game["mode"] = rng.choice(["solo", "town-hall"])
    elif kind == 6:
        game["monuments"] = False
        player["monument"] = "the-starloom"
    elif kind == 7:
        player["completed_before"] = rng.randrange(200)
        player["shrine_buildings"] = rng.randrange(200)
    else:
        player["name"] = "x" * rng.choice([25, 127, 128, 300])
    return game


def forged_code(rng) -> str:
    for _ in range(20):
        try:
            code = encode(hostile_game(rng))
        except (ValueError, KeyError, IndexError, TypeError, OverflowError, StopIteration):
            continue
        raw = bytearray(from_text(code))
        damage = rng.randrange(4)
        if damage == 1 and raw:
            raw[rng.randrange(len(raw))] ^= 1 << rng.randrange(8)
        elif damage == 2:
            raw = raw[:rng.randrange(len(raw) + 1)]
        return to_text(bytes(raw)) if damage else code
    return "A" * rng.randrange(2000)


def query(rng, keys: list) -> list:
    pairs = []
    for _ in range(rng.randrange(1, 8)):
        key = rng.choice(keys + URL_FOR_KEYS + ["x[]", "a[b]", weird(rng)[:20]])
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            pairs.append((key, weird(rng)))
    return pairs


def with_query(path: str, pairs: list) -> str:
    text = urlencode(pairs)
    return path + ("?" + text if text else "")


class Requests:
    """Draw one hostile request at a time: (category, method, target, headers)."""

    def __init__(self, rng):
        self.rng = rng
        self.valid = [encode(examples.load("four-players")), examples.RULEBOOK_CODE,
                      encode(largest_game(LARGEST_NAMES["emoji"]))]
        # A table of the running server's, set once it is opened.
        self.table = "A" * 22

    def draw(self):
        """Return (category, method, target, headers, body)."""
        rng = self.rng
        lang = rng.choice(LANGS)
        kind = rng.choice(["code", "code", "setup", "setup", "town", "town", "pad", "play", "method", "header",
                           "path", "keys", "digits", "table", "table", "forwarded"])
        if kind == "table":
            return self.table_call(rng, lang)
        headers = {"Accept-Language": rng.choice(["en", "fr", "hu", "*", "xx;q=2", "fr;q=abc", ""]),
                   "Accept-Encoding": rng.choice(["br", "gzip", "identity", "br, gzip", "zstd", "*", "garbage"])}
        method = "GET"
        if kind == "code":
            code = forged_code(rng)
            target = rng.choice(["/{}/r/{}", "/r/{1}", "/qr/{1}.svg", "/{}/g/{}/1", "/{}/g/{}/3/save",
                                 "/{}/play?code={}", "/{}/new?again={}"]).format(lang, quote(code))
        elif kind == "setup":
            pairs = [(k, v) for k, v in SETUP.items() if rng.random() < 0.7] + query(rng, SETUP_KEYS)
            target = with_query("/{}/new".format(lang), pairs)
        elif kind == "town":
            code = rng.choice(self.valid)
            target = with_query("/{}/g/{}/{}{}".format(lang, code, quote(rng.choice(["1", "2", "6", "0", "9", "x", "²"])),
                                                      rng.choice(["/save", "/save", ""])), query(rng, TOWN_KEYS))
        elif kind == "pad":
            target = with_query(rng.choice(["/pad", "/{}/pad".format(lang)]), query(rng, PAD_KEYS))
        elif kind == "play":
            target = with_query("/{}/play".format(lang), query(rng, PLAY_KEYS))
        elif kind == "method":
            method = rng.choice(METHODS)
            target = rng.choice(["/", "/en/", "/en/new", "/r/" + self.valid[0], "/static/css/marquoir.css",
                                 "/sw.js", "/pad?n0=Ana", "*"])
        elif kind == "header":
            target = rng.choice(["/", "/en", "/en/r/" + self.valid[0], "/r/" + self.valid[0], "/qr/{}.svg".format(
                self.valid[0]), "/favicon.ico", "/pad?n0=A"])
            headers.update(rng.choice([
                {"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"},
                {"Host": rng.choice(["evil.example", ".", "a" * 300, "[::1", "127.0.0.1:99999", "x y"])},
                {"Cookie": "lang=" + rng.choice(["fr", "xx", "a" * 4000, "hu;lang=en"])},
                {"X-Big": "a" * rng.choice([100, 8000, 9000])},
                {"If-None-Match": "*"}, {"Range": "bytes=0-1,5-9"}, {"Content-Length": "5"},
                {"X-Forwarded-For": "1.2.3.4, 5.6.7.8"}, {"Transfer-Encoding": "chunked"},
                {"X-Many-{}".format(i): "1" for i in range(rng.choice([10, 70, 120]))},
            ]))
        elif kind == "forwarded":
            target = rng.choice(["/en/r/" + self.valid[0], "/r/" + self.valid[0], "/en/t/{}/state".format(self.table),
                                 "/en/t/{}".format(self.table), "/en/", "/", "/en/new", "/t/{}/qr.svg".format(self.table)])
            headers.update({name: rng.choice(["//evil.example", "/under", "http://evil.example", "1.2.3.4", "https",
                                              "evil.example", "/%2F", "a" * 300])
                            for name in rng.sample(["SCRIPT_NAME", "X-Forwarded-Prefix", "X-Forwarded-For",
                                                    "X-Forwarded-Proto", "X-Forwarded-Host", "Forwarded", "X-Real-IP"],
                                                   rng.randrange(1, 4))})
        elif kind == "path":
            spelling = rng.choice([
                "/static/css/x{}/../marquoir.css", "/static/./css/./marquoir.css", "/static/%2e%2e/webscore/__init__.py",
                "/static/../pyproject.toml", "//en/", "/en//rules", "/en/r/", "/en/g//1", "/core/../core/game.py",
                "/core/%2e%2e%2fcode.py", "/static/css/marquoir.css%00", "/%C3%A9/", "/en/%F0%9F%98%80",
                "/static/vendor/micropython/x{}/../micropython.wasm", "/en/" + "a" * 3000, "/\\en\\", "/en/rules/",
                "/static/" + "a/" * 900, "/%ZZ", "/en/r/" + "A" * 4000, "/static/" + "a" * 300,
                "/static/v/0123456789ab/" + "b" * 300, "/core/scoring/" + "c" * 300 + ".py"])
            target = spelling.format(rng.randrange(10 ** 6)) if "{}" in spelling else spelling
        elif kind == "keys":
            page = rng.choice(["/en/", "/fr/rules", "/hu/play", "/en/pad", "/pad", "/", "/en/r/" + self.valid[1],
                               "/r/" + self.valid[1], "/en/offline", "/en/new"])
            target = with_query(page, [(rng.choice(URL_FOR_KEYS), weird(rng)) for _ in range(rng.randrange(1, 4))])
        else:
            pairs = rng.choice([[("action", rng.choice(DIGIT_VALUES))], [("players-" + rng.choice(OTHER_DIGITS), "Ann")],
                                [("monuments-" + rng.choice(OTHER_DIGITS), "")], [("dealt-" + rng.choice(OTHER_DIGITS), "")]])
            if rng.random() < 0.5:
                target = with_query("/en/new", list(SETUP.items()) + pairs)
            else:
                target = with_query("/en/g/{}/1/save".format(self.valid[0]), [("go", rng.choice(OTHER_DIGITS))])
        return kind, method, target, headers, None

    def table_call(self, rng, lang: str):
        """A phone's call to a table, hostile: its save's body, its town, its state."""
        n = rng.choice(["1", "2", "4", "5", "0", "99", "x"])
        headers = {"Content-Type": "application/json", "X-Requested-With": rng.choice(["marquoir", "marquoir", ""]),
                   "Accept-Language": rng.choice(["en", "fr", "hu"])}
        if rng.random() < 0.3:
            target = rng.choice(["/{}/t/{}/{}/town", "/{}/t/{}/state", "/{}/t/{}/{}"]).format(lang, self.table, n)
            if rng.random() < 0.5:
                headers["If-None-Match"] = rng.choice(['"1-en"', "W/*", '"1-en", *', "*", "x", '"' * 9])
            return "table", "GET", target, headers, None
        op = rng.choice([
            {"seq": 1, "set": {"square_a1": [weird(rng), 0]}},
            {"seq": rng.choice([0, -1, 2 ** 40, 1.5, True, "1"]), "done": True},
            {"seq": 1, "reopen": rng.choice([True, -1, "x", 2 ** 40])},
            {"seq": 1, "set": {rng.choice(TOWN_KEYS + ["monument", "x"]): [rng.choice(["farm", "cathedral", "999"]), 0]}},
            {"seq": 1, "set": {"stored_a1": ["300", 0]}},
            {"seq": 1, "done": True, "reopen": 1},
            [], "x", None,
        ])
        body = json.dumps({"client": rng.choice(["phone-fuzz-1", "short", "x" * 80, "é" * 10]), "op": op})
        shape = rng.randrange(4)
        if shape == 1:
            body = '{"client": "phone-fuzz-1", "op": ' + "[" * 1000 + "]" * 1000 + "}"
        elif shape == 2:
            body = body[:-1] + ', "pad": "' + "x" * rng.choice([3000, 12000, 40000]) + '"}'
        if rng.random() < 0.3:
            headers["Transfer-Encoding"] = "chunked"
        return "table", "POST", "/{}/t/{}/{}".format(lang, self.table, n), headers, body.encode()


def digit_case(target: str) -> bool:
    """Tell whether a request carries a Unicode digit to the setup or town form (the issue's item 3)."""
    path, _, rest = target.partition("?")
    if not (path.endswith("/new") or path.endswith("/save")):
        return False
    from urllib.parse import unquote_plus
    text = unquote_plus(rest)
    return any(d in text for d in OTHER_DIGITS)


def gunicorns_own(method: str, target: str, headers: dict) -> bool:
    """Tell whether gunicorn must refuse a request before any app sees it."""
    line = len("{} {} HTTP/1.1".format(method, target))
    return line > GUNICORN_LINE or not target.startswith("/") or len(headers) + 3 > 128


def send(port: int, method: str, target: str, headers: dict, body: bytes | None = None):
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest(method, target, skip_host="Host" in headers, skip_accept_encoding=True)
        chunked = headers.get("Transfer-Encoding") == "chunked" and body is not None
        for name, value in headers.items():
            connection.putheader(name, value.encode("utf-8"))
        if body is None and headers.get("Content-Length") == "5":
            body = b"hello"
        elif body is not None and not chunked:
            connection.putheader("Content-Length", str(len(body)))
        if chunked:
            connection.endheaders(iter([body[i:i + 1000] for i in range(0, len(body), 1000)]), encode_chunked=True)
        else:
            connection.endheaders(body)
        response = connection.getresponse()
        response.read()
        answer = (response.status, {k.lower(): v for k, v in response.getheaders()})
    except (OSError, http.client.HTTPException, ValueError) as error:
        answer = (type(error).__name__, {})
    finally:
        connection.close()
    return answer, time.perf_counter() - started



@contextlib.contextmanager
def gunicorn():
    """Run gunicorn as the Procfile does, its log in a file; yield (port, master pid)."""
    log = tempfile.NamedTemporaryFile("w", prefix="marquoir-fuzz-", suffix=".log", delete=False)  # noqa: SIM115
    print("gunicorn's log: " + log.name)
    with log, procfile_gunicorn(log=log) as served:
        yield served


def workers_rss(master: int) -> dict:
    """Return {pid: resident kB} of gunicorn's workers (the master's children)."""
    found = {}
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError):
            status = (entry / "status").read_text()
            if int(re.search(r"PPid:\s+(\d+)", status).group(1)) == master:
                found[int(entry.name)] = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    return found


def mb(rss: dict) -> str:
    return "{:.1f} MB in {} workers ({})".format(sum(rss.values()) / 1024, len(rss),
                                                 ", ".join("{:.1f}".format(v / 1024) for v in sorted(rss.values())))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=20000)
    parser.add_argument("--clients", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    drawn = Requests(rng)
    statuses = collections.Counter()
    by_kind = collections.defaultdict(collections.Counter)
    server_errors, digit_errors, slow, not_ours, gunicorns = [], [], [], [], []
    with gunicorn() as (port, master):
        drawn.table = open_table(port, SETUP_CODE)
        plan = [drawn.draw() for _ in range(args.requests)]
        plan_headers = {target: headers for _, _, target, headers, _ in plan}
        for _ in range(4):  # warm each worker: the first request builds catalogues and words
            send(port, "GET", "/en/", {})
        before = workers_rss(master)
        started = time.perf_counter()
        answers = []
        with concurrent.futures.ThreadPoolExecutor(args.clients) as pool:
            for start in range(0, len(plan), 2000):
                batch = plan[start:start + 2000]
                answers += pool.map(lambda item: send(port, item[1], item[2], item[3], item[4]), batch)
                print("after {}: {:.0f} s, 500s: {}, workers {}".format(
                    len(answers), time.perf_counter() - started, sum(1 for (status, _), _ in answers if status == 500),
                    mb(workers_rss(master))), flush=True)
        elapsed = time.perf_counter() - started
        after = workers_rss(master)
        for (kind, method, target, _, _), ((status, headers), seconds) in zip(plan, answers, strict=True):
            statuses[status] += 1
            by_kind[kind][status] += 1
            if status == 500:
                (digit_errors if digit_case(target) else server_errors).append((method, target[:160]))
            if seconds > SLOW:
                slow.append((round(seconds, 2), method, target[:160]))
            if isinstance(status, int) and any(headers.get(n.lower()) != v for n, v in HEADERS.items()):
                if gunicorns_own(method, target, plan_headers[target]):
                    gunicorns.append((status, method, target[:80]))
                else:
                    not_ours.append((status, method, target[:120]))
        # Item 1's figure: 600 spellings of one static path, brotli and gzip.
        spelled_before = workers_rss(master)
        for i in range(600):
            send(port, "GET", "/static/vendor/micropython/x{}/../micropython.wasm".format(i),
                 {"Accept-Encoding": "br" if i % 2 else "gzip"})
        spelled_after = workers_rss(master)
    print("requests: {} in {:.1f} s ({:.0f}/s) from {} clients, seed {}".format(
        len(plan), elapsed, len(plan) / elapsed, args.clients, args.seed))
    print("statuses: " + ", ".join("{}: {}".format(k, v) for k, v in sorted(statuses.items(), key=str)))
    for kind in sorted(by_kind):
        print("  {}: {}".format(kind, ", ".join("{}: {}".format(k, v) for k, v in sorted(by_kind[kind].items(), key=str))))
    print("worker memory before: " + mb(before))
    print("worker memory after:  " + mb(after))
    print("600 spellings of micropython.wasm (br, gzip): {} -> {}".format(mb(spelled_before), mb(spelled_after)))
    print("500s: {} (plus {} from Unicode digits in the setup and town forms, the issue's item 3)".format(
        len(server_errors), len(digit_errors)))
    for method, target in server_errors[:20]:
        print("  500 {} {}".format(method, target))
    for method, target in sorted(set(digit_errors))[:20]:
        print("  500 (digits) {} {}".format(method, target))
    print("over {} s: {}".format(SLOW, len(slow)))
    for item in sorted(slow, reverse=True)[:10]:
        print("  {} s {} {}".format(*item))
    print("gunicorn's own refusals (beyond its maximum line, header count, or not a path): {} ({})".format(
        len(gunicorns), ", ".join("{}: {}".format(k, v) for k, v in sorted(collections.Counter(
            g[0] for g in gunicorns).items()))))
    print("answers without our security headers: {}".format(len(not_ours)))
    for item in not_ours[:10]:
        print("  {} {} {}".format(*item))
    failed = server_errors or digit_errors or slow or not_ours
    print("FAILED" if failed else "OK")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
