// CPU time under MicroPython in Node: node fortune_feeding.mjs BUNDLE ROUNDS door|feeding ITEMS.json
// door: ITEMS is [[game file, player index], ...], each scored through the live score's door (score_town_json).
// feeding: ITEMS is [[four row strings, coins or null], ...], each town view fed alone (feeding.choose_feeding).
// After a quarter of ROUNDS of warm-up, ROUNDS rounds run every item once each, in turn, so that the runtime
// warming up or collecting garbage falls on every item alike; the CPU milliseconds per item are printed as
// JSON, in order. BUNDLE is the core as the browser fetches it (webscore/web/offline/bundle.py).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { micropythonWithCore } = await import(join(root, "tests/micropython/core_files.mjs"));

const mp = await micropythonWithCore(root, process.argv[2]);
mp.runPython(`
import gc
import json

from webscore.scoring import score_town_json
from webscore.scoring.board import TownView
from webscore.scoring.feeding import choose_feeding

ITEMS = []

def views(text):
    for rows, coins in json.loads(text):
        squares = [None if word == "." else word for row in rows for word in row.split()]
        ITEMS.append(TownView(squares, sorted({card for card in squares if card}), coins=coins, right_coins=0))

def games(text):
    for game, n in json.loads(text):
        ITEMS.append((json.dumps(game), n))

def feed(n):
    choose_feeding(ITEMS[n])

def door(n):
    score_town_json(ITEMS[n][0], ITEMS[n][1])

def collect():
    gc.collect()
`);
const door = process.argv[4] === "door";
const text = readFileSync(process.argv[5], "utf8");
mp.globals.get(door ? "games" : "views")(text);
const run = mp.globals.get(door ? "door" : "feed");
// A collection is collected before each timing: its pause (3 to 4 ms) falls on whichever scoring fills the heap,
// so a town could take the rulebook town's pauses or leave its own to it, and the ratios measured where the
// pauses fell, not each town's work.
const collect = mp.globals.get("collect");
const items = JSON.parse(text).map((_, n) => n);
const rounds = Number(process.argv[3]);
for (let r = 0; r < Math.ceil(rounds / 4); r++) for (const item of items) run(item);
const used = items.map(() => 0);
for (let r = 0; r < rounds; r++) {
  items.forEach((item, n) => {
    collect();
    const before = process.cpuUsage();
    run(item);
    const after = process.cpuUsage(before);
    used[n] += after.user + after.system;
  });
}
process.stdout.write(JSON.stringify(used.map((micros) => micros / 1000 / rounds)));
