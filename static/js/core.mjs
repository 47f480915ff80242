// The scoring core and the walk-through, as a page asks them: each door (see startCore in core-worker.mjs)
// is a message to the page's one core worker, answered with a promise. The worker is started once per page,
// by the first script that asks, and every script of the page shares it; the page's <head> has asked for
// its files already (templates/macros.html core_files), or the service worker holds them, so they arrive
// side by side, not one after another.

const DOORS = ["score", "scoreTown", "scoreCode", "pad", "padFields", "table", "setup", "town", "words", "live", "outbox",
  "turns", "result", "draw", "history"];

let worker = null;
let started = null;
let ready = false;
let asked = 0;
const waiting = new Map();

function settle({ id, answer, failed }) {
  const [resolve, reject] = waiting.get(id);
  waiting.delete(id);
  if (failed === undefined) resolve(answer);
  else reject(new Error(failed));
}

function ask(door) {
  return (...args) => new Promise((resolve, reject) => {
    const id = ++asked;
    waiting.set(id, [resolve, reject]);
    worker.postMessage({ id, door, args });
  });
}

const doors = Object.fromEntries(DOORS.map((door) => [door, ask(door)]));

// The core's doors once MicroPython has started in the worker (a promise; started on the first call).
export function loadBrowserCore() {
  if (!started) {
    started = new Promise((resolve, reject) => {
      worker = new Worker(new URL("./core-worker.mjs", import.meta.url), { type: "module" });
      const fail = (why) => {
        performance.mark("marquoir:core-failed");
        reject(new Error(why));
        for (const id of [...waiting.keys()]) settle({ id, failed: why });
      };
      worker.addEventListener("message", ({ data }) => {
        if (data.id !== undefined) settle(data);
        else if (data.ready) {
          ready = true;
          performance.mark("marquoir:core-ready");
          resolve(doors);
        } else fail(data.failed);
      });
      // The worker's script itself could not be loaded (offline, never stored).
      worker.addEventListener("error", (event) => fail(event.message || "core worker failed to start"));
    });
  }
  return started;
}

// Whether the core answers already: until then a form is left to the server.
export function coreReady() {
  return ready;
}
