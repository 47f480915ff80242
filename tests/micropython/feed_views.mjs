// Feed town views under MicroPython in Node, as the browser's core feeds them: node feed_views.mjs BUNDLE VIEWS.json
// VIEWS is [[16 squares (null empty), coins or null, right neighbour's coins or null], ...]; each is fed alone
// (feeding.choose_feeding on a TownView of the game's cards in it), and [the fed squares in order, the coins'
// spending or null] of each is printed as JSON, in order. BUNDLE is the core as the browser fetches it.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { micropythonWithCore } = await import(join(root, "tests/micropython/core_files.mjs"));

const mp = await micropythonWithCore(root, process.argv[2]);
mp.runPython(`
import json

from webscore.scoring.board import TownView
from webscore.scoring.feeding import choose_feeding

def feed_all(text):
    answers = []
    for squares, coins, right_coins in json.loads(text):
        view = TownView(squares, sorted({card for card in squares if card}), coins=coins, right_coins=right_coins)
        choose_feeding(view)
        answers.append([sorted(view.fed), view.spending])
    return json.dumps(answers)
`);
process.stdout.write(mp.globals.get("feed_all")(readFileSync(process.argv[3], "utf8")));
