// The scoring core and the walk-through on a thread of their own: the very webscore/scoring/*.py and
// webscore/flow/*.py files the server runs, compiled to MicroPython bytecode (webscore/web/offline/bundle.py),
// under the vendored MicroPython runtime. Pages ask it through static/js/core.mjs, so neither starting
// MicroPython nor scoring a town ever holds up a tap. No rule of the game and no reading of a form is
// written here; JSON strings cross into Python and back.

// The bundle's files: a first line of JSON listing [path, size] pairs, then their bytes in that order.
export function unpack(bytes) {
  const end = bytes.indexOf(10);
  const files = {};
  let at = end + 1;
  for (const [path, size] of JSON.parse(new TextDecoder().decode(bytes.subarray(0, end)))) {
    files[path] = bytes.subarray(at, at + size);
    at += size;
  }
  return files;
}

// Put the core's files (the bundle unpacked: text or bytes, by their path under webscore/) where MicroPython imports
// the webscore package from.
export function mountCore(mp, files) {
  mp.FS.mkdirTree("/lib/webscore/scoring");
  mp.FS.mkdirTree("/lib/webscore/flow");
  mp.FS.writeFile("/lib/webscore/__init__.py", "");
  for (const [path, content] of Object.entries(files)) {
    mp.FS.writeFile("/lib/webscore/" + path, content);
  }
}

// How many bytes the core allocates between two collections of the runtime's heap. The runtime's own threshold
// is 16 KB, and scoring a town allocates 11 to 25 KB, so nearly every tap's live score paid a collection (run as
// the call returns to JavaScript), which sweeps the runtime's whole heap, 129 MB used or not: about 0.25 ms in the
// benches' Node, nearly half of what scoring the rulebook's town costs. At 256 KB a collection comes
// every 10 to 20 scorings, and a live score costs a fifth to a third less (tests/bench/live.py,
// tests/bench/fortune_feeding.py). What the core keeps alive is about 120 KB.
export const COLLECT_AFTER = 256 * 1024;

// MicroPython with the core's files in place and imported, its collector set as above: the runtime the doors ask.
export async function startRuntime(loadMicroPython, files) {
  const mp = await loadMicroPython({ linebuffer: true });
  mountCore(mp, files);
  mp.runPython(`import gc\ngc.threshold(${COLLECT_AFTER})\nimport webscore.scoring, webscore.flow`);
  return mp;
}

export async function startCore(loadMicroPython, files) {
  const mp = await startRuntime(loadMicroPython, files);
  const core = mp.pyimport("webscore.scoring");
  const flow = mp.pyimport("webscore.flow");
  // The page's words, read into Python once and kept here (the door words: live.mjs gives them as a town opens),
  // for the live score to write each tap's numbers with, without the words crossing into Python again.
  const json = mp.pyimport("json");
  let kept = null;
  // Each door takes a request, sends it to its Python function as JSON text and parses the JSON it answers.
  const door = (module, name) => (request) => JSON.parse(module[name](JSON.stringify(request)));
  // A door given text as it is (a game file as JSON text, a code).
  const textDoor = (module, name) => (text) => JSON.parse(module[name](text));
  return {
    // A game file as JSON text → {result, code} or {problems}.
    score: textDoor(core, "score_json"),
    // Player n's town (from 0) of a game file as JSON text → {town}, {problems} or {no_player}.
    scoreTown: (gameJson, n) => JSON.parse(core.score_town_json(gameJson, n)),
    // A game code → {result, game}, {problems} or {damaged}.
    scoreCode: textDoor(core, "score_code_json"),
    // A quick score pad → {result} or {problems}.
    pad: door(core, "pad_json"),
    // A pad's address as [key, value] pairs → {mode, count, problems, result}.
    padFields: door(core, "pad_fields_json"),
    // A table helper (decks, the hammer's tracker) → {state} or {error}, and {undone} for the hammer.
    table: door(core, "table_json"),
    // The setup form: {fields, action, seed} → {state, offers} and {code} or {problems}.
    setup: door(flow, "setup_json"),
    // A town step: {code, n, fields, show} → {problems} | {confirm, code} | {code, step} | {result}, or
    // {damaged} for a code that does not open, {no_player} for a player the game does not have.
    town: door(flow, "town_json"),
    // The page's words, kept for the live score (nothing is answered).
    words: (words) => {
      kept = json.loads(JSON.stringify(words));
    },
    // The live score on a tap: {code, n, fields} → {town, shown}, written with the words kept.
    live: (request) => JSON.parse(flow.live_json(JSON.stringify(request), kept)),
    // A town's outbox at a table (webscore/flow/sync_outbox.py): {call, outbox | client and town, ...} →
    // {outbox, shown, waiting, changed}.
    outbox: door(flow, "outbox_json"),
    // The tie's turns form: {code, fields} → {code} or {problems}.
    turns: door(flow, "turns_json"),
    // The statistics page of the games kept on the phone (webscore/flow/history_calls.py; history.py,
    // history_summary.py, history_stats.py, history_csv.py): {call: stats | csv | import, ...}.
    history: door(flow, "history_json"),
    // A result address → {game, view} or {damaged}.
    result: textDoor(flow, "result_json"),
    // A piece both sides draw (webscore/flow/*_pieces.py, controls.py) by its name in webscore/flow's
    // PIECES, its arguments by name → its HTML (a list of items, or a result's parts, for a few).
    draw: (piece, args) => JSON.parse(flow.piece_json(JSON.stringify({ piece, args }))),
  };
}

// Started by a page (core.mjs): everything the core needs is asked for at once, the runtime and the bundle
// side by side (a page no service worker serves has asked for them in its <head>, and for the runtime's
// WebAssembly, so each is taken from the browser's cache; one it serves, from its store). Then each message is a door's
// name and its arguments, answered with what the door answers, or why it failed.
function serve() {
  // Under /static/v/<version>/ the bundle is fetched under the same version, so it is cached as firmly.
  const versioned = new URL(import.meta.url).pathname.match(/^\/static\/v\/([^/]+)\//);
  const bundle = (versioned ? "/core/v/" + versioned[1] + "/" : "/core/") + "core.bundle";
  const started = Promise.all([
    import("../vendor/micropython/micropython.mjs"),
    fetch(bundle).then((response) => {
      if (!response.ok) throw new Error("core bundle: HTTP " + response.status);
      return response.arrayBuffer();
    }),
  ]).then(([{ loadMicroPython }, bytes]) => startCore(loadMicroPython, unpack(new Uint8Array(bytes))));
  started.then(() => postMessage({ ready: true }), (error) => postMessage({ failed: String(error) }));
  addEventListener("message", async ({ data: { id, door, args } }) => {
    try {
      const core = await started;
      postMessage({ id, answer: core[door](...args) });
    } catch (error) {
      postMessage({ id, failed: String(error) });
    }
  });
}

if (typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope) serve();
