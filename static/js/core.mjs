// The scoring core and the walk-through in the browser: the very webscore/scoring/*.py and
// webscore/flow/*.py files the server runs, under the vendored MicroPython runtime. No rule of the game
// and no reading of a form is written here; JSON strings cross both ways.

export async function startCore(loadMicroPython, files) {
  const mp = await loadMicroPython({ linebuffer: true });
  mp.FS.mkdirTree("/lib/webscore/scoring");
  mp.FS.mkdirTree("/lib/webscore/flow");
  mp.FS.writeFile("/lib/webscore/__init__.py", "");
  for (const [path, text] of Object.entries(files)) {
    mp.FS.writeFile("/lib/webscore/" + path, text);
  }
  mp.runPython("import webscore.scoring, webscore.flow");
  const core = mp.pyimport("webscore.scoring");
  const flow = mp.pyimport("webscore.flow");
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
    // A town step: {code, n, fields, live} → {problems} | {confirm, code} | {code, step} | {result}, or
    // {damaged} for a code that does not open, {no_player} for a player the game does not have.
    town: door(flow, "town_json"),
    // A town's outbox at a table (webscore/flow/sync.py): {call, outbox | client and town, ...} → {outbox, shown, waiting, changed}.
    outbox: door(flow, "outbox_json"),
    // The tie's turns form: {code, fields} → {code} or {problems}.
    turns: door(flow, "turns_json"),
    // A result address → {game, view} or {damaged}.
    result: textDoor(flow, "result_json"),
    // A piece both sides draw (webscore/flow/pieces.py, helper_pieces.py) by its name in webscore/flow's
    // PIECES, its arguments by name → its HTML (a list of items, or a result's parts, for a few).
    draw: (piece, args) => JSON.parse(flow.piece_json(JSON.stringify({ piece, args }))),
  };
}

let browserCore = null;
// Under /static/v/<version>/ the core's files are fetched under the same version, so they are cached as firmly.
const versioned = new URL(import.meta.url).pathname.match(/^\/static\/v\/([^/]+)\//);
const CORE = versioned ? "/core/v/" + versioned[1] + "/" : "/core/";

// In the browser: load the vendored runtime and the Python files once per page, then reuse them.
export function loadBrowserCore() {
  if (!browserCore) {
    browserCore = (async () => {
      const [{ loadMicroPython }, paths] = await Promise.all([
        import("../vendor/micropython/micropython.mjs"),
        fetch(CORE + "index.json").then((response) => response.json()),
      ]);
      const files = {};
      await Promise.all(paths.map(async (path) => {
        files[path] = await (await fetch(CORE + path)).text();
      }));
      return startCore(loadMicroPython, files);
    })();
  }
  return browserCore;
}
