// Run the core and the flow under MicroPython with Node, from the bundle the browser fetches (its path the
// first argument), one request per line: each line read on standard input is a JSON pair [kind, text] (game, code, table, pad, setup, town, words, live, result, turns, outbox, draw, history), and each line written
// is the answer as JSON.
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadMicroPython } = await import(join(root, "static/vendor/micropython/micropython.mjs"));
const { startCore } = await import(join(root, "static/js/core-worker.mjs"));

const { bundleFiles } = await import(join(root, "tests/micropython/core_files.mjs"));
const core = await startCore(loadMicroPython, await bundleFiles(root, process.argv[2]));
for await (const line of createInterface({ input: process.stdin })) {
  const [kind, text] = JSON.parse(line);
  const answers = { code: () => core.scoreCode(text), table: () => core.table(JSON.parse(text)),
    pad: () => core.pad(JSON.parse(text)), game: () => core.score(text),
    setup: () => core.setup(JSON.parse(text)), town: () => core.town(JSON.parse(text)), result: () => core.result(text),
    words: () => core.words(JSON.parse(text)) ?? null, live: () => core.live(JSON.parse(text)),
    turns: () => core.turns(JSON.parse(text)), padfields: () => core.padFields(JSON.parse(text)),
    scoretown: () => core.scoreTown(JSON.parse(text)[1], JSON.parse(text)[0]),
    outbox: () => core.outbox(JSON.parse(text)), draw: () => core.draw(...JSON.parse(text)),
    history: () => core.history(JSON.parse(text)) };
  const answer = answers[kind]();
  process.stdout.write(JSON.stringify(answer) + "\n");
}
