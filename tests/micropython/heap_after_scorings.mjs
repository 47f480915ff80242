// The core's heap over a run of live scorings, under MicroPython started as the browser's core starts it:
// node heap_after_scorings.mjs BUNDLE GAME.json N. The game's first town is scored N times in a row through the live
// score's door (score_town_json), each a call from JavaScript, after one collection; printed as JSON: {"collect_after": the core's threshold (COLLECT_AFTER),
// "threshold": the runtime's, "allocated": the heap's allocated bytes after each scoring}. A collection frees what
// the scorings before it left, so the allocated bytes fall where one ran.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { micropythonWithCore } = await import(join(root, "tests/micropython/core_files.mjs"));
const { COLLECT_AFTER } = await import(join(root, "static/js/core-worker.mjs"));

const mp = await micropythonWithCore(root, process.argv[2]);
mp.runPython(`
import gc

from webscore.scoring import score_town_json

def collect():
    gc.collect()

def allocated():
    return gc.mem_alloc()

def threshold():
    return gc.threshold()
`);
const text = readFileSync(process.argv[3], "utf8");
// Each scoring its own call from JavaScript, as each tap's: the runtime collects (when its threshold is passed) as a
// call returns to JavaScript, not while Python runs.
const score = mp.globals.get("score_town_json");
const allocated = mp.globals.get("allocated");
mp.globals.get("collect")();
const found = [];
for (let k = 0; k < Number(process.argv[4]); k++) {
  score(text, 0);
  found.push(allocated());
}
process.stdout.write(JSON.stringify({ collect_after: COLLECT_AFTER, threshold: mp.globals.get("threshold")(),
  allocated: found }));
