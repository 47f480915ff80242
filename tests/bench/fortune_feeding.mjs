// CPU time under MicroPython in Node: node fortune_feeding.mjs BUNDLE ROUNDS door|feeding ITEMS.json
// door: ITEMS is [[game file, player index], ...], each scored through the live score's door (score_town_json).
// feeding: ITEMS is [[four row strings, coins or null], ...], each town view fed alone (feeding.choose_feeding).
// The runtime is started as the browser's core starts it (startRuntime: its collector's threshold included). After a
// warm-up, ROUNDS rounds run every item, each round in its own order (shuffled, the same every run), so that no item
// always follows the same one: a run of RUN scorings of the item, each its own call from JavaScript as each tap's,
// timed together. The runtime collects its heap as a call returns to JavaScript once COLLECT_AFTER bytes have been
// allocated since the last collection, so over a run each item pays for the collections its own allocations call
// for, as a phone scoring the same town tap after tap does. Printed as JSON: per item, the median over the rounds of
// its CPU milliseconds per scoring (a pause of the machine's moves no median, where it moved the mean of whichever
// item it fell on), and the bytes one scoring allocates (counted with the collector held off).
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

def allocates(n):
    gc.collect()
    gc.disable()
    before = gc.mem_alloc()
    (door if DOOR else feed)(n)
    used = gc.mem_alloc() - before
    gc.enable()
    return used
`);
const door = process.argv[4] === "door";
const text = readFileSync(process.argv[5], "utf8");
mp.runPython(`DOOR = ${door ? "True" : "False"}`);
mp.globals.get(door ? "games" : "views")(text);
const run = mp.globals.get(door ? "door" : "feed");
// Scorings timed together: over a run, each item's collections fall in proportion to what it allocates.
const RUN = 16;
const items = JSON.parse(text).map((_, n) => n);
const rounds = Number(process.argv[3]);
for (let r = 0; r < Math.ceil(rounds / 4); r++) for (const item of items) for (let k = 0; k < RUN; k++) run(item);
const used = items.map(() => []);
// A linear congruential generator: the same orders every run.
let seed = 1;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
for (let r = 0; r < rounds; r++) {
  const order = [...items];
  for (let k = order.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [order[k], order[j]] = [order[j], order[k]];
  }
  for (const n of order) {
    const before = process.cpuUsage();
    for (let k = 0; k < RUN; k++) run(n);
    const after = process.cpuUsage(before);
    used[n].push((after.user + after.system) / RUN);
  }
}
const allocates = mp.globals.get("allocates");
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
process.stdout.write(JSON.stringify({ ms: used.map((micros) => median(micros) / 1000),
  bytes: items.map((n) => allocates(n)) }));
