// The scoring core in the browser: the very webscore/scoring/*.py files the server runs, under the
// vendored MicroPython runtime. No rule of the game is written here; JSON strings cross both ways.

export async function startCore(loadMicroPython, files) {
  const mp = await loadMicroPython({ linebuffer: true });
  mp.FS.mkdirTree("/lib/webscore/scoring");
  mp.FS.writeFile("/lib/webscore/__init__.py", "");
  for (const [name, text] of Object.entries(files)) {
    mp.FS.writeFile("/lib/webscore/scoring/" + name, text);
  }
  mp.runPython("import webscore.scoring");
  const core = mp.pyimport("webscore.scoring");
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
    // Return the parsed {state} or {error} of a table helper (decks, the hammer's tracker).
    table(request) {
      return JSON.parse(core.table_json(JSON.stringify(request)));
    },
  };
}

let browserCore = null;
// Under /static/v/<version>/ the core's files are fetched under the same version, so they are cached as firmly.
const versioned = new URL(import.meta.url).pathname.match(/^\/static\/v\/([^/]+)\//);
const CORE = versioned ? "/core/v/" + versioned[1] + "/" : "/core/";

// In the browser: load the vendored runtime and the core's files once per page, then reuse them.
export function loadBrowserCore() {
  if (!browserCore) {
    browserCore = (async () => {
      const [{ loadMicroPython }, names] = await Promise.all([
        import("../vendor/micropython/micropython.mjs"),
        fetch(CORE + "index.json").then((response) => response.json()),
      ]);
      const files = {};
      await Promise.all(names.map(async (name) => {
        files[name] = await (await fetch(CORE + name)).text();
      }));
      return startCore(loadMicroPython, files);
    })();
  }
  return browserCore;
}
