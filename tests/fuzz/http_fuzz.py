"""HTTP-level fuzzing: hostile requests against gunicorn run as in the Procfile, on loopback only.

    python tests/fuzz/http_fuzz.py [--requests 20000] [--clients 8] [--seed 1]
    REDIS_URL=redis://127.0.0.1:PORT/0 python tests/fuzz/http_fuzz.py ...   # tables in that Redis

Sends a fixed number of requests (so the run ends by itself) to 127.0.0.1, from two loopback addresses: a client
that reaches gunicorn's port past the router (127.0.0.1), and the router, the one trusted proxy (127.0.0.2, named
alone in FLASK_TRUSTED_PROXIES). Tables live in a SQLite file of the run's own, or in REDIS_URL's Redis. The
mutation families, each a method of Requests (its category in the counts):
- code: forged codes built with our encoder from hostile game files, on every page that takes a code;
- setup, town, pad, play, digits: every field of those forms with hostile values (huge, other scripts, bidi and
  zero-width characters, HTML, repeated parameters, other Unicode digits);
- method, header, path, keys: odd methods and headers, path spellings (static names longer than the file system
  takes), url_for argument names in queries;
- forwarded: SCRIPT_NAME, X-Forwarded-* and Forwarded headers with hostile values;
- table: a phone's save with a hostile body (nested, huge, sent in chunks, of the wrong shape), its town, its state;
- attack: a table's API as an attacker uses it, through the router from addresses of one IPv6 /64: versions
  such as 2147483647 or never had, a reopening from a phone never seen, numbers below one applied or reused with
  other content, a key not the town's, "take"/"end" of odd types, another player's town, hand-ins ending a table
  with empty towns (the refusals' reasons are counted, so each is seen reached);
- spoof: X-Forwarded-For, -Proto, Forwarded and X-Real-IP forged by a client that is not the trusted proxy, or
  sent on by the router (IPv6 addresses of one /64, zones, ports, mapped addresses, long lists);
- chunks: saves with malformed chunked bodies over a raw socket (sizes -1, zz and others, no last chunk, a
  trailer named Trailer, data longer or shorter than said, bare LF, Transfer-Encoding twice or with a length);
- names: CSV-export-style names (NUL, U+202E, tab or CR first, =, +, -, @ first, 10,000 characters) in the
  setup's players, the pad's, a result's code and a table's (the statistics import is the phone's alone: no
  address takes it);
- offline: addresses a service worker could be asked to keep: pages, /sw.js, the manifests with new queries;
- languages: 700 Accept-Language tags, values as large as gunicorn takes and larger;
- refused: what gunicorn answers itself, over a raw socket: bad header names, bad HTTP versions, Expect
  oddities (other than 100-continue: its 417), header lines over its 16,380 bytes, folded lines, bare LFs.
Slow or trickling clients are tests/bench/slow_clients.py's, not here.

Counts the statuses, and the reasons of refused saves; fails (exit 1) on any 500, any response over 1 s, or any
answer without our security headers, except those gunicorn must give itself (a request line over its 8,190-byte
maximum, more header lines than it allows, a header line over its maximum, a target that is no path, and the
refused family's), counted apart by cause; prints the slowest answers; reports the gunicorn workers' memory before
and after, and after 600 spellings of one static path. As many clients as workers by default, so a time is the
answer's own and not a wait in gunicorn's queue.
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
import os
import pathlib
import random
import re
import socket
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
from webscore.flow.town_fields import fields_of  # noqa: E402
from webscore.languages import DEFAULT  # noqa: E402
from webscore.languages import LANGUAGES  # noqa: E402
from webscore.languages import TRANSLATED  # noqa: E402
from webscore.scoring import encode  # noqa: E402
from webscore.scoring.code_text import from_text  # noqa: E402
from webscore.scoring.code_text import to_text  # noqa: E402
from webscore.scoring.town import NAMES  # noqa: E402
from webscore.web.http.security import HEADERS  # noqa: E402

SLOW = 1.0
SETUP_CODE = encode(empty_setup(examples.load("four-players")))
GUNICORN_LINE = 8190
LANGS = list(LANGUAGES) * 4 + ["de", "EN", "", "xx"]
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
GUNICORN_FIELD = 16380
# Where send() notes a save's answer's "reason" among its headers (no header's name holds a colon).
REASON = "reason:"
# Where requests come from: a client that reaches gunicorn's port past the router (its forwarded headers must be
# ignored), and the router itself, the one trusted proxy (FLASK_TRUSTED_PROXIES names it alone), which appends the
# client's address to X-Forwarded-For. Both are loopback addresses: every request stays on this machine.
CLIENT, ROUTER = "127.0.0.1", "127.0.0.2"
# Players' addresses as the router forwards them: a few IPv4 ones, and many of one IPv6 /64 (one client to the limits).
ONE_64 = "2001:db8:4d:6f::"
# Names as a spreadsheet or an import would take them badly: NUL, a right-to-left override, a tab or carriage
# return first, a formula's first character, 10,000 characters.
HOSTILE_NAMES = ["\x00", "Ann\x00Bo", "\u202eAnn", "\u202e" * 20, "\tAnn", "\rAnn", "\r\nAnn", "=1+2", "=cmd|' /C calc'!A0",
                 "+41", "-2+3", "@SUM(A1:A9)", "=HYPERLINK(\"http://evil.example\",\"x\")", "\t=1", "x" * 10000,
                 "=" * 10000, "é" * 10000, "\u202e" * 3000]
# A table's towns as the example game has them: what a phone of ours would send, square by square.
TOWN_FIELDS = [{k: v for k, v in fields_of(player).items() if v and k != "monument"}
               for player in examples.load("four-players")["players"]]
# Versions a town never had (2147483647 is the largest number a save may carry), and numbers past it.
NO_VERSION = [2147483647, 2147483646, 10 ** 6, 500, 40]
ODD_FLAGS = ["true", "false", 1, 0, 1.0, None, [], {}, [True], "", "yes"]


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


class Planned(collections.namedtuple("Planned", "kind method target headers body source raw own")):
    """One request of the plan. `raw` is the whole request as bytes, sent as it is over a socket (http.client would
    mend it); `own` says why gunicorn itself may answer it (no app, so none of our headers), None when the app must."""


def planned(kind, method, target, headers, body=None, source=CLIENT, raw=None, own=None) -> Planned:
    return Planned(kind, method, target, headers, body, source, raw, own)


class Requests:
    """Draw one hostile request at a time (a Planned)."""

    def __init__(self, rng):
        self.rng = rng
        self.valid = [encode(examples.load("four-players")), examples.RULEBOOK_CODE,
                      encode(largest_game(LARGEST_NAMES["emoji"]))]
        # Tables of the running server's, set once they are opened: some to save to, some to end with empty towns.
        self.table = "A" * 22
        self.tables = [self.table]
        self.ending = [self.table]
        # The attacker's phones: each sends numbers to a town that mostly go up, some lower or the same again with
        # other content (seqs: the last number per phone, table and town).
        self.phones = ["phone-{:02d}-{}".format(i, rng.randbytes(4).hex()) for i in range(4)]
        self.seqs = collections.Counter()
        # The key of each town's own phone (a save under another key is not the owner's).
        self.keys = {}

    def draw(self) -> Planned:
        rng = self.rng
        lang = rng.choice(LANGS)
        kind = rng.choice(["code", "code", "setup", "setup", "town", "town", "pad", "play", "method", "header",
                           "path", "keys", "digits", "table", "table", "forwarded", "attack", "attack", "attack",
                           "spoof", "chunks", "names", "offline", "languages", "refused"])
        if kind == "table":
            return planned(*self.table_call(rng, lang))
        family = {"attack": self.attack, "spoof": self.spoof, "chunks": self.chunks, "names": self.names,
                  "offline": self.offline, "languages": self.languages, "refused": self.refused}.get(kind)
        if family is not None:
            return family(rng, lang)
        return planned(*self.common(rng, lang, kind))

    def common(self, rng, lang: str, kind: str):
        """Return (category, method, target, headers, body) of the first families: pages' fields, headers, paths."""
        headers = {"Accept-Language": rng.choice([*LANGUAGES, "*", "xx;q=2", "fr;q=abc", ""]),
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
                   "Accept-Language": rng.choice(LANGUAGES)}
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

    # The table's API as an attacker uses it (the README's "Each on their own phone").

    def attack(self, rng, lang: str) -> Planned:
        """A save an attacker's phone sends: versions the town never had, a reopening from a phone never seen,
        numbers below one applied or reused with other content, another's key, odd flags, another player's town,
        hand-ins that end a table with empty towns. Sent through the router, from addresses of one /64 or a few IPv4."""
        table, n, lang = rng.choice(self.tables), rng.randrange(1, 5), rng.choice(LANGUAGES)
        phone = rng.choice(self.phones)
        how = rng.choice(["version", "reopen", "stale", "reused", "key", "flags", "other", "end", "plain", "plain"])
        if how == "end":
            table = rng.choice(self.ending)
        # Under the town's own key but for "key" and "other": past the owner's check, to what each attack aims at.
        own_key = self.keys.setdefault((table, n), "key-" + rng.randbytes(10).hex())
        body = {"client": phone, "op": {"seq": self.next_seq(phone, table, n), "set": self.some_fields(rng, n)},
                "key": own_key}
        if how == "version":
            field = rng.choice(sorted(body["op"]["set"]))
            body["op"]["set"][field][1] = rng.choice(NO_VERSION)
        elif how == "reopen":
            fresh = "fresh-" + rng.randbytes(9).hex()
            body = {"client": fresh, "op": {"seq": rng.choice([1, 1, 2, 2147483647]),
                                           "reopen": rng.choice(NO_VERSION + [0, 1, 2, 3])}}
        elif how in ("stale", "reused"):
            # Not a new number: the last one given, or below it.
            self.seqs[phone, table, n] -= 1
            last = self.seqs[phone, table, n]
            body["op"]["seq"] = max(1, last - rng.randrange(1, 4)) if how == "stale" else max(1, last)
            body["op"] = rng.choice([body["op"], {"seq": body["op"]["seq"], "done": True},
                                     {"seq": body["op"]["seq"], "reopen": rng.randrange(4)}])
        elif how == "key":
            body["key"] = rng.choice(["k" * 8 + rng.randbytes(8).hex(), "", "é" * 10, 12345678, None, "k" * 41,
                                      self.keys.get((table, n % 4 + 1), "x" * 8)])
        elif how == "flags":
            for flag in rng.sample(["take", "end"], rng.randrange(1, 3)):
                body[flag] = rng.choice(ODD_FLAGS + [True, False])
        elif how == "other":
            # The town of another player, under this phone's key for its own town, maybe taking it over.
            body["key"] = self.keys.setdefault((table, n % 4 + 1), "key-" + rng.randbytes(10).hex())
            if rng.random() < 0.3:
                body["take"] = True
        elif how == "end":
            body["op"] = {"seq": body["op"]["seq"], "done": True}
            if rng.random() < 0.5:
                body["end"] = True
        if n and rng.random() < 0.05:
            n = rng.choice([0, 5, 99])
        headers = {"Content-Type": "application/json", "X-Requested-With": "marquoir",
                   "Accept-Language": rng.choice(LANGUAGES), "X-Forwarded-For": self.player_address(rng)}
        target = "/{}/t/{}/{}".format(lang, table, n)
        if rng.random() < 0.1:
            # What the attacker looks at between saves: the table's state and a town as it holds them.
            return planned("attack", "GET", rng.choice([target + "/town", "/{}/t/{}/state".format(lang, table),
                                                        "/{}/t/{}".format(lang, table)]), headers, source=ROUTER)
        return planned("attack", "POST", target, headers, json.dumps(body).encode(), source=ROUTER)

    def next_seq(self, phone: str, table: str, n: int) -> int:
        self.seqs[phone, table, n] += 1
        return self.seqs[phone, table, n]

    @staticmethod
    def some_fields(rng, n: int) -> dict:
        """Return a set operation's fields: squares of player n's example town (or another's), mostly over version 0
        (which every town had: a change of a square changed since by another phone is a conflict)."""
        fields = TOWN_FIELDS[(n - 1) % 4 if rng.random() < 0.8 else rng.randrange(4)]
        chosen = rng.sample(sorted(fields), rng.randrange(1, 4))
        return {field: [rng.choice([fields[field], ""]), rng.choice([0, 0, 0, 1, 2])] for field in chosen}

    @staticmethod
    def player_address(rng) -> str:
        """Return a player's address as the router forwards it: mostly IPv6 addresses of one /64."""
        if rng.random() < 0.25:
            return rng.choice(["203.0.113.{}".format(rng.randrange(8)), "::ffff:203.0.113.7", "198.51.100.20"])
        return ONE_64 + ":".join("{:x}".format(rng.randrange(65536)) for _ in range(rng.choice([1, 4])))

    # X-Forwarded-For, -Proto and Forwarded spoofed by a client that is not the trusted proxy.

    def spoof(self, rng, lang: str) -> Planned:
        """A page, a follow or a save with forwarded headers: from a client past the router (each must be ignored),
        or from the router after what the client itself sent (only the router's own, last, address is taken)."""
        target = rng.choice(["/{}/".format(lang), "/en/r/" + self.valid[0], "/{}/t/{}/state".format(lang, self.table),
                             "/{}/t/{}/1".format(lang, rng.choice(self.tables)), "/en/new", "/t/{}".format(self.table)])
        forged = rng.choice([ONE_64 + "1", ONE_64 + "ffff:ffff:ffff:ffff", "[{}1]:443".format(ONE_64), ONE_64 + "1%eth0",
                             "::ffff:10.0.0.1", "127.0.0.1", "10.0.0.1, 127.0.0.2", "unknown", "_hidden", "", ",,,",
                             "1.2.3.4, " * 400 + "5.6.7.8", "999.1.1.1", "::", "fe80::1%25lo", "2001:db8::/64", "a" * 300])
        headers = {"Accept-Language": rng.choice(LANGUAGES)}
        chosen = rng.sample(["X-Forwarded-For", "X-Forwarded-Proto", "Forwarded", "X-Real-IP"], rng.randrange(1, 5))
        values = {"X-Forwarded-For": forged,
                  "X-Forwarded-Proto": rng.choice(["https", "https, http", "http, https", "HTTPS", "ftp", "", "ws",
                                                   "javascript", "https" * 100]),
                  "Forwarded": rng.choice(['for="[{}1]";proto=https'.format(ONE_64), "for=unknown;proto=https",
                                           "for=1.2.3.4;by=127.0.0.2;host=evil.example", "for=", ";;;", 'for="',
                                           "proto=https, for=10.0.0.1"]),
                  "X-Real-IP": forged}
        headers.update({name: values[name] for name in chosen})
        source = CLIENT
        if rng.random() < 0.4:
            # The router appends the address it saw to whatever the client sent.
            source = ROUTER
            sent = headers.get("X-Forwarded-For")
            headers["X-Forwarded-For"] = (sent + ", " if sent else "") + self.player_address(rng)
        if target.endswith("/1"):
            headers.update({"Content-Type": "application/json", "X-Requested-With": "marquoir"})
            phone = rng.choice(self.phones)
            body = {"client": phone, "op": {"seq": self.next_seq(phone, target, 1), "set": self.some_fields(rng, 1)}}
            return planned("spoof", "POST", target, headers, json.dumps(body).encode(), source=source)
        return planned("spoof", "GET", target, headers, source=source)

    # Chunked saves gunicorn reads badly, over a raw socket (http.client would mend them).

    def chunks(self, rng, lang: str) -> Planned:
        """A save whose chunked body is malformed: sizes -1 or zz, no last chunk, a trailer named Trailer, and more."""
        body = json.dumps({"client": "phone-chunks-1", "op": {"seq": 1, "done": True}}).encode()
        half = len(body) // 2
        good = b"%x\r\n%s\r\n%x\r\n%s\r\n" % (half, body[:half], len(body) - half, body[half:])
        how = rng.choice(["minus", "zz", "no-terminator", "trailer", "short-data", "long-data", "huge-size", "extension",
                          "spaces", "0x", "no-crlf", "empty", "twice", "with-length", "gzip"])
        extra = []
        coding = "chunked"
        own = None
        if how == "minus":
            chunked = b"-1\r\n" + body + b"\r\n0\r\n\r\n"
        elif how == "zz":
            chunked = b"zz\r\n" + body + b"\r\n0\r\n\r\n"
        elif how == "no-terminator":
            chunked = good + rng.choice([b"", b"0\r\n", b"0", b"0\r\n\r"])
        elif how == "trailer":
            chunked = good + b"0\r\n" + rng.choice([b"Trailer: X-Other", b"Trailer: Trailer", b"Content-Length: 5",
                                                    b"Transfer-Encoding: chunked", b"X-Ok: 1\r\nTrailer:"]) + b"\r\n\r\n"
        elif how == "short-data":
            chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(body) + 10, body)
        elif how == "long-data":
            chunked = b"%x\r\n%s\r\n0\r\n\r\n" % (len(body) - 10, body)
        elif how == "huge-size":
            chunked = b"ffffffffffffffffffff\r\n" + body + b"\r\n0\r\n\r\n"
        elif how == "extension":
            chunked = b"%x;%s\r\n%s\r\n0\r\n\r\n" % (len(body), rng.choice([b"a=b", b"x" * 9000, b'a="\r\n"', b";;"]), body)
        elif how == "spaces":
            chunked = b" %x \r\n%s\r\n0\r\n\r\n" % (len(body), body)
        elif how == "0x":
            chunked = b"0x%x\r\n%s\r\n0\r\n\r\n" % (len(body), body)
        elif how == "no-crlf":
            chunked = b"%x\n%s\n0\n\n" % (len(body), body)
        elif how == "empty":
            chunked = b"0\r\n\r\n"
        elif how == "twice":
            extra, own = ["Transfer-Encoding: chunked"], "framing"
            chunked = good + b"0\r\n\r\n"
        elif how == "with-length":
            extra, own = ["Content-Length: {}".format(len(body))], "framing"
            chunked = good + b"0\r\n\r\n"
        else:
            coding, own = rng.choice(["gzip, chunked", "chunked, gzip", "identity, chunked", "CHUNKED", "chunked "]), None
            chunked = good + b"0\r\n\r\n"
        target = "/{}/t/{}/{}".format(rng.choice(LANGUAGES), rng.choice(self.tables), rng.randrange(1, 5))
        head = ["POST {} HTTP/1.1".format(target), "Host: 127.0.0.1", "Content-Type: application/json",
                "X-Requested-With: marquoir", "Transfer-Encoding: " + coding, "Connection: close"] + extra
        return planned("chunks", "POST", target, {}, raw=("\r\n".join(head) + "\r\n\r\n").encode() + chunked,
                       own=own or ("framing" if coding.lower().strip() != "chunked" else None))

    # Names as a CSV export or an import would take them badly.

    def names(self, rng, lang: str) -> Planned:
        """Hostile names in the setup's players, the pad's, a game code's (result page, a table's opening)."""
        name = rng.choice(HOSTILE_NAMES)
        if len(name) > 100 and rng.random() < 0.6:
            # 10,000 characters make a request line longer than gunicorn takes: also as long as it still takes.
            name = name[:rng.choice([900, 2000])]
        where = rng.choice(["setup", "setup", "pad", "code", "table"])
        headers = {"Accept-Language": rng.choice(LANGUAGES)}
        if where == "setup":
            pairs = list(SETUP.items()) + [("players-{}".format(rng.randrange(4)), name)]
            target = with_query("/{}/new".format(lang), pairs)
        elif where == "pad":
            target = with_query("/pad", [("n{}".format(rng.randrange(4)), name), ("blue0", "3")])
        else:
            game = examples.load("four-players")
            game["players"][rng.randrange(4)]["name"] = name[:rng.choice([24, 120, 1000])]
            try:
                code = encode(game if where == "code" else empty_setup(game))
            except (ValueError, KeyError, IndexError, TypeError, OverflowError):
                code = "A" * 40
            target = rng.choice(["/{}/r/{}", "/r/{1}", "/{}/g/{}/1"] if where == "code" else
                                ["/{}/t/new?code={}", "/{}/t/" + self.table + "/take?town={}"]
                                ).format(lang, quote(code))
        return planned("names", "GET", target, headers)

    # Addresses the service worker's offline store could be asked to keep: new queries on pages and its files.

    def offline(self, rng, lang: str) -> Planned:
        """A page, /sw.js or a manifest with a query of its own, as a service worker registration or a crafted link."""
        page = rng.choice(["/sw.js", "/manifest.webmanifest", "/{}/manifest.webmanifest".format(lang), "/manifest",
                           "/{}/offline".format(lang), "/core/core.bundle", "/{}/".format(lang), "/{}/rules".format(lang),
                           "/{}/r/{}".format(lang, self.valid[0]), "/{}/g/{}/1".format(lang, self.valid[0]),
                           "/{}/pad".format(lang), "/{}/games".format(lang), "/{}/play".format(lang), "/"])
        query = rng.choice(["x", "x=1", "v=1&v=2", "sw=" + "a" * 2000, "scope=/", "%00", "&&&", "=", "?", "#x",
                            urlencode([(weird(rng)[:40], weird(rng)[:200])]), "square_a1=cottage&square_a1=farm",
                            "utm_source=evil&utm_medium=" + "b" * 500])
        headers = rng.choice([{}, {"Service-Worker": "script"}, {"Service-Worker-Navigation-Preload": "true"},
                              {"Sec-Fetch-Dest": "serviceworker", "Sec-Fetch-Mode": "same-origin"},
                              {"Sec-Fetch-Mode": "navigate", "Sec-Purpose": "prefetch"}])
        return planned("offline", "GET", page + "?" + query, dict(headers))

    # Accept-Language as no browser sends it.

    def languages(self, rng, lang: str) -> Planned:
        """700 language tags, or values as large as gunicorn takes (and larger: its own refusal)."""
        tags = ["{}-{};q=0.{}".format(rng.choice([*TRANSLATED, DEFAULT, "xx", "zh-Hant", "*"]), i, rng.randrange(1000))
                for i in range(700)]
        value = rng.choice([", ".join(tags), ",".join(tags), "en-" + "a" * 8000, "fr;q=" + "9" * 8000, "," * 16000,
                            "hu;q=0." + "0" * 12000 + "1", "*;q=1, " * 2000, "en;" * 5000, "é" * 5000,
                            "fr-" + "a" * GUNICORN_FIELD])
        target = rng.choice(["/", "/en/", "/{}/r/{}".format(lang, self.valid[0]), "/t/{}".format(self.table), "/sw.js",
                             "/{}/new".format(lang), "/r/" + self.valid[1], "/favicon.ico"])
        return planned("languages", "GET", target, {"Accept-Language": value})

    # What gunicorn refuses itself, over a raw socket.

    def refused(self, rng, lang: str) -> Planned:
        """Bad header names, bad HTTP versions, Expect: 100-continue oddities, over-long header lines."""
        target = rng.choice(["/", "/{}/".format(lang), "/en/r/" + self.valid[0], "/{}/t/{}/1".format(lang, self.table)])
        version, lines, body, own, method = "HTTP/1.1", [], b"", None, "GET"
        how = rng.choice(["name", "version", "expect", "long", "fold", "lf"])
        if how == "name":
            lines, own = [rng.choice(["Bad Header: 1", "X\x00Y: 1", "X(Y): 1", ": empty", "Ünï: 1", "X-Ok : 1", "X@Y: 1",
                                      "X\tY: 1", "\x7f: 1", "{}: 1".format("N" * 9000)])], "header name"
        elif how == "version":
            version, own = rng.choice(["HTTP/2.0", "HTTP/1.2", "HTTP/0.9", "HTTP/1", "HTTP/1.1.1", "HTTP/a.b", "http/1.1",
                                       "HTTP/11.1", "", "HTTP/1.1 x", "HTTPS/1.1", "HTTP/3"]), "version"
        elif how == "expect":
            # Sent with its body at once (no client waits 20 s for a 100 Continue); the app answers.
            method = rng.choice(["GET", "POST"])
            lines = rng.choice([["Expect: 100-continue"], ["Expect: 100-Continue"], ["Expect: 200-ok"], ["Expect:"],
                                ["Expect: 100-continue", "Expect: 100-continue"], ["Expect: 100-continue, x"],
                                ["Expect: " + "1" * 9000]])
            if method == "POST":
                body = json.dumps({"client": "phone-expect-1", "op": {"seq": 1, "done": True}}).encode()
                lines += ["Content-Type: application/json", "X-Requested-With: marquoir",
                          "Content-Length: {}".format(len(body))]
                target = "/{}/t/{}/1".format(lang, rng.choice(self.tables))
            if rng.random() < 0.3:
                version = "HTTP/1.0"
            # An expectation other than 100-continue is gunicorn's 417.
            if any(line.lower() != "expect: 100-continue" for line in lines if line.startswith("Expect")):
                own = "expectation"
        elif how == "long":
            lines, own = [rng.choice(["X-Long: " + "a" * (GUNICORN_FIELD + rng.choice([1, 100, 5000])),
                                      "Cookie: " + "c" * 70000])], "header line"
        elif how == "fold":
            lines, own = ["X-Folded: 1", rng.choice([" continued", "\tcontinued"])], "folded header"
        else:
            head = "{} {} {}\nHost: 127.0.0.1\nConnection: close\n\n".format(method, target, version)
            return planned("refused", method, target, {}, raw=head.encode(), own="bare LF")
        head = "\r\n".join(["{} {} {}".format(method, target, version).rstrip(), "Host: 127.0.0.1", "Connection: close"]
                           + lines) + "\r\n\r\n"
        return planned("refused", method, target, {}, raw=head.encode("utf-8") + body, own=own)


def digit_case(target: str) -> bool:
    """Tell whether a request carries a Unicode digit to the setup or town form (the issue's item 3)."""
    path, _, rest = target.partition("?")
    if not (path.endswith("/new") or path.endswith("/save")):
        return False
    from urllib.parse import unquote_plus
    text = unquote_plus(rest)
    return any(d in text for d in OTHER_DIGITS)


def gunicorns_own(item: Planned) -> str | None:
    """Return why gunicorn must refuse a request before any app sees it, or None."""
    if item.raw is not None:
        return item.own
    if len("{} {} HTTP/1.1".format(item.method, item.target)) > GUNICORN_LINE:
        return "request line"
    if not item.target.startswith("/"):
        return "not a path"
    if len(item.headers) + 3 > 128:
        return "header count"
    if any(len(name) + 2 + len(value.encode()) > GUNICORN_FIELD for name, value in item.headers.items()):
        return "header line"
    return None


def send_item(port: int, item: Planned):
    if item.raw is not None:
        return send_raw(port, item.raw, item.source)
    return send(port, item.method, item.target, item.headers, item.body, item.source)


def send_raw(port: int, data: bytes, source: str = CLIENT):
    """Send a request's bytes as they are, close our side, and read the answer: ((status, headers), seconds).

    An interim 1xx answer (gunicorn's 100 Continue) is passed over to the final one.
    """
    started = time.perf_counter()
    received = b""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0)) as sock:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)
            while chunk := sock.recv(65536):
                received += chunk
    except OSError as error:
        if not received:
            return (type(error).__name__, {}), time.perf_counter() - started
    answer = ("no answer", {})
    while received.startswith(b"HTTP/"):
        head, _, received = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = lines[0].split(" ", 2)[1] if len(lines[0].split(" ")) > 1 else "?"
        answer = (int(status) if status.isdigit() else status, {
            name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])})
        if not str(status).startswith("1"):
            break
    return answer, time.perf_counter() - started


def send(port: int, method: str, target: str, headers: dict, body: bytes | None = None, source: str = CLIENT):
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
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
        answer = (response.status, {k.lower(): v for k, v in response.getheaders()})
        read = response.read()
        if answer[1].get("content-type") == "application/json" and method == "POST":
            # A refused save says why (its "reason"): counted, so each family is seen reaching its own refusal.
            with contextlib.suppress(ValueError, AttributeError):
                answer[1][REASON] = json.loads(read).get("reason")
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
    redis = os.environ.get("REDIS_URL")
    print("tables: " + ("Redis at " + redis if redis else "SQLite (a file of the run's own)"))
    # The router alone is trusted (CLIENT, on loopback too, is not); tables in a database of the run's own unless
    # REDIS_URL names a Redis.
    with log, tempfile.TemporaryDirectory(prefix="marquoir-fuzz-") as folder, procfile_gunicorn(log=log, env={
            "FLASK_TRUSTED_PROXIES": ROUTER + "/32",
            "FLASK_TABLES_DATABASE": str(pathlib.Path(folder) / "tables.sqlite3")}) as served:
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
    server_errors, digit_errors, slow, not_ours, gunicorns, times = [], [], [], [], [], []
    reasons = collections.defaultdict(collections.Counter)
    with gunicorn() as (port, master):
        for _ in range(4):  # warm each worker: the first request builds catalogues and words
            send(port, "GET", "/en/", {})
            send(port, "GET", "/en/t/new?code=" + SETUP_CODE, {})
        drawn.tables = [open_table(port, SETUP_CODE) for _ in range(6)]
        drawn.ending = [open_table(port, SETUP_CODE) for _ in range(4)]
        drawn.table = drawn.tables[0]
        plan = [drawn.draw() for _ in range(args.requests)]
        before = workers_rss(master)
        started = time.perf_counter()
        answers = []
        with concurrent.futures.ThreadPoolExecutor(args.clients) as pool:
            for start in range(0, len(plan), 2000):
                batch = plan[start:start + 2000]
                answers += pool.map(lambda item: send_item(port, item), batch)
                print("after {}: {:.0f} s, 500s: {}, workers {}".format(
                    len(answers), time.perf_counter() - started, sum(1 for (status, _), _ in answers if status == 500),
                    mb(workers_rss(master))), flush=True)
        elapsed = time.perf_counter() - started
        after = workers_rss(master)
        for item, ((status, headers), seconds) in zip(plan, answers, strict=True):
            statuses[status] += 1
            by_kind[item.kind][status] += 1
            reasons[item.kind][(status, headers.get(REASON))] += 1 if REASON in headers else 0
            if status == 500:
                (digit_errors if digit_case(item.target) else server_errors).append((item.method, item.target[:160]))
            if seconds > SLOW:
                slow.append((round(seconds, 2), item.method, item.target[:160]))
            times.append((round(seconds, 3), item.kind, item.method, item.target[:100]))
            if isinstance(status, int) and any(headers.get(n.lower()) != v for n, v in HEADERS.items()):
                why = gunicorns_own(item)
                if why:
                    gunicorns.append((status, why))
                else:
                    not_ours.append((status, item.method, item.target[:120]))
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
    print("saves' answers (status reason) by family:")
    for kind in sorted(kind for kind, counts in reasons.items() if sum(counts.values())):
        print("  {}: {}".format(kind, ", ".join("{} {}: {}".format(status, reason or "-", count) for (status, reason), count
                                              in sorted(reasons[kind].items(), key=str) if count)))
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
    print("slowest answers:")
    for item in sorted(times, reverse=True)[:5]:
        print("  {} s {} {} {}".format(*item))
    print("gunicorn's own refusals, without our headers: {} ({})".format(len(gunicorns), ", ".join(
        "{} {}: {}".format(why, status, count) for (status, why), count in sorted(collections.Counter(gunicorns).items(),
                                                                                 key=lambda entry: entry[0][::-1]))))
    print("answers without our security headers: {}".format(len(not_ours)))
    for item in not_ours[:10]:
        print("  {} {} {}".format(*item))
    failed = server_errors or digit_errors or slow or not_ours
    print("FAILED" if failed else "OK")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
