// Score games under MicroPython with Node, one per line: each line read on standard input is a JSON
// pair ["game", game file text], ["code", game code], ["town", "[n, game file text]"] (and the table and pad
// doors), and each line written is the answer as JSON.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadMicroPython } = await import(join(root, "static/vendor/micropython/micropython.mjs"));
const { startCore } = await import(join(root, "static/js/core.mjs"));

const coreDir = join(root, "webscore/scoring");
const files = {};
for (const name of readdirSync(coreDir).filter((n) => n.endsWith(".py"))) {
  files[name] = readFileSync(join(coreDir, name), "utf8");
}
const core = await startCore(loadMicroPython, files);
for await (const line of createInterface({ input: process.stdin })) {
  const [kind, text] = JSON.parse(line);
  const answers = { code: () => core.scoreCode(text), table: () => core.table(JSON.parse(text)),
    pad: () => core.pad(JSON.parse(text)), game: () => core.score(text),
    town: () => core.scoreTown(JSON.parse(text)[1], JSON.parse(text)[0]) };
  const answer = answers[kind]();
  process.stdout.write(JSON.stringify(answer) + "\n");
}
