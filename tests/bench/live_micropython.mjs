// CPU time of the live score under MicroPython in Node: node live_micropython.mjs TOWNS.json ROUNDS BUNDLE
// TOWNS.json is a list of [game file, player index]; each is scored through the live score's door
// (score_town_json) ROUNDS times, and the CPU milliseconds per scoring are printed as JSON, in order. BUNDLE is the
// core as the browser fetches it (webscore/web/offline/bundle.py).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadMicroPython } = await import(join(root, "static/vendor/micropython/micropython.mjs"));
const { startCore } = await import(join(root, "static/js/core-worker.mjs"));

const { bundleFiles } = await import(join(root, "tests/micropython/core_files.mjs"));
const core = await startCore(loadMicroPython, await bundleFiles(root, process.argv[4]));
const towns = JSON.parse(readFileSync(process.argv[2], "utf8")).map(([game, n]) => [JSON.stringify(game), n]);
const rounds = Number(process.argv[3]);
for (const [text, n] of towns) core.scoreTown(text, n);
const cpuMs = towns.map(([text, n]) => {
  const before = process.cpuUsage();
  for (let r = 0; r < rounds; r++) core.scoreTown(text, n);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / rounds;
});
process.stdout.write(JSON.stringify(cpuMs));
