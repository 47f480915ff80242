// Time the scoring core under MicroPython in Node: node core_micropython.mjs GAMES.json ROUNDS
// Scores every game of the file ROUNDS times and prints the elapsed milliseconds per game as JSON.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadMicroPython } = await import(join(root, "static/vendor/micropython/micropython.mjs"));
const { startCore } = await import(join(root, "static/js/core.mjs"));

const files = {};
for (const name of readdirSync(join(root, "webscore/scoring")).filter((n) => n.endsWith(".py"))) {
  files[name] = readFileSync(join(root, "webscore/scoring", name), "utf8");
}
const started = performance.now();
const core = await startCore(loadMicroPython, files);
const startup = performance.now() - started;
const games = JSON.parse(readFileSync(process.argv[2], "utf8")).map((g) => JSON.stringify(g));
const rounds = Number(process.argv[3]);
const perGame = games.map((text) => {
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) core.score(text);
  return (performance.now() - t0) / rounds;
});
process.stdout.write(JSON.stringify({ startup_ms: startup, per_game_ms: perGame }));
