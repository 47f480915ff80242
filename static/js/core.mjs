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
  return {
    // Return the parsed {result, code} or {problems} for a game file given as JSON text.
    score(gameJson) {
      return JSON.parse(core.score_json(gameJson));
    },
    // Return the parsed {town}, {problems} or {no_player} for player n's town (from 0) of a game file as JSON.
    scoreTown(gameJson, n) {
      return JSON.parse(core.score_town_json(gameJson, n));
    },
    // Return the parsed {result, game}, {problems} or {damaged} for a game code.
    scoreCode(code) {
      return JSON.parse(core.score_code_json(code));
    },
    // Return the parsed {result} or {problems} of a quick score pad.
    pad(pad) {
      return JSON.parse(core.pad_json(JSON.stringify(pad)));
    },
    // Return the parsed {mode, count, problems, result} of a pad read from its address's [key, value] pairs.
    padFields(pairs) {
      return JSON.parse(core.pad_fields_json(JSON.stringify(pairs)));
    },
    // Return the parsed {state} or {error} of a table helper (decks, the hammer's tracker).
    table(request) {
      return JSON.parse(core.table_json(JSON.stringify(request)));
    },
    // The setup form: {fields, action, seed} → {state, offers} and {code} or {problems}.
    setup(request) {
      return JSON.parse(flow.setup_json(JSON.stringify(request)));
    },
    // A town step: {code, n, fields, live} → {problems} | {confirm, code} | {code, step} | {result}.
    town(request) {
      return JSON.parse(flow.town_json(JSON.stringify(request)));
    },
    // A town's outbox at a table (webscore/flow/sync.py): {call, outbox | client and town, ...} → {outbox, shown, waiting, changed}.
    outbox(request) {
      return JSON.parse(flow.outbox_json(JSON.stringify(request)));
    },
    // The tie's turns form: {code, fields} → {code} or {problems}.
    turns(request) {
      return JSON.parse(flow.turns_json(JSON.stringify(request)));
    },
    // A result address: {game, view} or {damaged}.
    result(code) {
      return JSON.parse(flow.result_json(code));
    },
    // A town at a table as the server draws it: {words, text, town, grid, panels, offline} → HTML.
    tableTown(request) {
      return JSON.parse(flow.table_town_json(JSON.stringify(request)));
    },
    // A town step's page around its grid, as the server draws it: {words, step, grid} → HTML.
    townStep(request) {
      return JSON.parse(flow.town_step_json(JSON.stringify(request)));
    },
    // A town's palette, squares and facts as the town step draws them:
    // {words, offered, values, errors, asks_turns, asks_fact} → HTML.
    townGrid(request) {
      return JSON.parse(flow.town_grid_json(JSON.stringify(request)));
    },
    // A tie's turns form as the result page draws it: {words, view, action, problems, typed} → HTML.
    turnsForm(request) {
      return JSON.parse(flow.turns_form_json(JSON.stringify(request)));
    },
    // A ranking's items as the result page draws them: {words, players, order} → [HTML].
    ranking(request) {
      return JSON.parse(flow.ranking_json(JSON.stringify(request)));
    },
    // A result view's parts as the server's page holds them: {view, words, rules, changes} → {ranking, pad, towns}.
    resultParts(request) {
      return JSON.parse(flow.result_parts_json(JSON.stringify(request)));
    },
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
