// A table: follow where every player stands, save one's own town as it is entered, hand it in.
// Following is a short poll with ETag/304; a town is sent as the app's own game code, checked by the core.
import { loadBrowserCore } from "./core.mjs";
import { formFields } from "./dom.mjs";
import { counted, number, problemText, words } from "./words.mjs";

export const POLL = 3000;
const element = document.getElementById("table-words");
export const text = element ? JSON.parse(element.textContent) : {};
export const setupKey = (id) => "marquoir-table-setup:" + id;
// Taps not yet sent ({query, base version}), and the town as last seen or saved ({code, version}): the
// offline shell (app.mjs) draws a town at a table from them when a reload finds no network.
export const pendingKey = (id, n) => `marquoir-table:${id}:${n}`;
export const keptKey = (id, n) => `marquoir-table-town:${id}:${n}`;
// The table as last followed (names, statuses, totals): offline, table-offline.mjs draws the table's page from it.
export const stateKey = (id) => "marquoir-table-state:" + id;
// When this phone last opened a table's page or one of its towns.
const seenKey = (id) => "marquoir-table-seen:" + id;
// The server forgets a table 48 hours after its last change; a phone forgets what it kept of a table a
// week after it last opened it, so that years of games do not fill its storage.
const FORGET_AFTER = 7 * 24 * 3600 * 1000;
const TABLE_KEY = /^marquoir-table(?:-[a-z]+)?:([A-Za-z0-9_-]+)/;

// Note that a table is open now, and forget the tables this phone has not opened for FORGET_AFTER.
export function rememberTable(id, now = Date.now()) {
  localStorage.setItem(seenKey(id), String(now));
  const keys = [];
  for (let i = 0; i < localStorage.length; i += 1) keys.push(localStorage.key(i));
  const forgotten = new Set();
  for (const key of keys) {
    const table = key.match(TABLE_KEY)?.[1];
    if (!table) continue;
    const seen = Number(localStorage.getItem(seenKey(table)));
    // A table kept before phones noted when they saw it counts from now.
    if (!seen) localStorage.setItem(seenKey(table), String(now));
    else if (now - seen > FORGET_AFTER) forgotten.add(table);
  }
  for (const key of keys) {
    if (forgotten.has(key.match(TABLE_KEY)?.[1])) localStorage.removeItem(key);
  }
}

function showOffline(offline) {
  for (const note of document.querySelectorAll(".table-offline")) note.hidden = !offline;
}

// Ask for the table's state every few seconds; keep each new one and call onState with it, tell when offline.
function follow(id, url, onState) {
  let etag = null;
  const look = async () => {
    try {
      const response = await fetch(url, { cache: "no-store", headers: etag ? { "If-None-Match": etag } : {} });
      showOffline(false);
      if (response.status === 404) return location.reload();
      if (response.status === 200) {
        etag = response.headers.get("ETag");
        const state = await response.json();
        localStorage.setItem(stateKey(id), JSON.stringify(state));
        onState(state);
      }
    } catch (error) {
      showOffline(true);
    }
  };
  addEventListener("offline", () => showOffline(true));
  addEventListener("online", look);
  setInterval(look, POLL);
  look();
}

function tablePage(section) {
  rememberTable(section.dataset.table);
  localStorage.setItem(setupKey(section.dataset.table), section.dataset.setup);
  follow(section.dataset.table, section.dataset.state, (state) => {
    if (state.finished) return location.assign(state.result);
    for (const [i, player] of state.players.entries()) {
      const row = section.querySelector(`.table-player[data-player="${i + 1}"]`);
      row.dataset.status = player.status;
      row.querySelector(".table-status").textContent = text.status[player.status];
      const total = player.total === null ? "" : counted(words.points, Math.abs(player.total), number(player.total));
      row.querySelector(".table-total").textContent = total;
    }
  });
}

// A town at the table: the server's page, or the offline shell's (app.mjs) drawn with the same fields.
export function townPage(form) {
  const n = Number(form.dataset.player);
  const unsentKey = pendingKey(form.dataset.table, n);
  const kept = (code) => localStorage.setItem(keptKey(form.dataset.table, n), JSON.stringify({ code, version }));
  const status = form.querySelector(".table-save-status");
  const conflict = form.querySelector(".table-conflict");
  let version = Number(form.dataset.version);
  let changes = 0;
  let sending = false;
  let timer = null;
  let theirs = null;
  rememberTable(form.dataset.table);
  localStorage.setItem(setupKey(form.dataset.table), form.dataset.code);
  kept(form.dataset.code);

  const params = () => new URLSearchParams(new FormData(form));
  const keep = () => localStorage.setItem(unsentKey, JSON.stringify({ query: params().toString(), base: version }));

  // The town as the flow reads it (webscore/flow/town_step.py), in the setup's code: the town alone.
  async function townCode() {
    const core = await loadBrowserCore();
    const answer = core.town({ code: form.dataset.code, n, fields: { ...formFields(form), go: String(n) } });
    if (!answer.code) {
      const placed = answer.problems ?? { fields: {}, general: [] };
      const first = Object.values(placed.fields).flat().concat(placed.general)[0];
      status.textContent = text.not_saved + " " + (first ? problemText(first) : "");
    }
    return answer.code;
  }

  async function save(done = false) {
    if (sending) return;
    // A phone that knows it is offline keeps its taps at once; the "online" event sends them.
    if (!navigator.onLine) {
      showOffline(true);
      status.textContent = text.kept;
      return;
    }
    const sent = changes;
    const code = await townCode();
    if (!code) return;
    sending = true;
    status.textContent = text.saving;
    try {
      const response = await fetch(form.dataset.save, {
        method: "POST", cache: "no-store",
        headers: { "Content-Type": "application/json", "X-Requested-With": "marquoir" },
        body: JSON.stringify({ town: code, version, done }),
      });
      showOffline(false);
      const answer = await response.json();
      if (response.ok) {
        version = answer.version;
        form.dataset.version = String(version);
        conflict.hidden = true;
        kept(code);
        if (changes === sent) {
          localStorage.removeItem(unsentKey);
          history.replaceState(null, "", location.pathname);
        }
        status.textContent = done ? text.handed_in : text.saved;
        if (done) location.assign(form.dataset.back);
      } else if (response.status === 409 && answer.town !== undefined) {
        theirs = answer;
        conflict.hidden = false;
        status.textContent = "";
      } else if (response.status === 409 || response.status === 404) {
        location.assign(form.dataset.back);
      } else {
        status.textContent = answer.message;
        // The table's storage out of reach for a moment (503): send again as often as the table is followed.
        if (response.status >= 500) {
          clearTimeout(timer);
          timer = setTimeout(() => save(done), POLL);
        }
      }
    } catch (error) {
      showOffline(true);
      status.textContent = text.kept;
    } finally {
      sending = false;
    }
    if (changes !== sent && conflict.hidden) save();
  }

  const changed = () => {
    changes += 1;
    keep();
    clearTimeout(timer);
    timer = setTimeout(save, 400);
  };
  form.addEventListener("town-change", changed);
  form.addEventListener("input", changed);
  form.querySelector('[data-action="done"]').addEventListener("click", () => save(true));
  conflict.querySelector('[data-action="theirs"]').addEventListener("click", () => {
    localStorage.removeItem(unsentKey);
    location.replace(location.pathname);
  });
  conflict.querySelector('[data-action="mine"]').addEventListener("click", () => {
    version = theirs.version;
    conflict.hidden = true;
    save();
  });
  document.querySelector('[data-action="handover"]').addEventListener("click", async () => {
    const code = await townCode();
    const field = document.querySelector(".handover-url");
    if (!code) return;
    field.value = form.dataset.take + "?town=" + code;
    field.hidden = false;
    field.select();
  });
  addEventListener("online", () => {
    if (localStorage.getItem(unsentKey)) save();
  });

  // Taps kept on this phone from an earlier visit: show them (the page draws a town from its address).
  const pending = JSON.parse(localStorage.getItem(unsentKey) || "null");
  const unsaved = [...new URLSearchParams(location.search).keys()].some((key) => key.startsWith("square_"));
  if (pending && !unsaved && pending.query !== params().toString()) {
    if (pending.base === version) return location.replace(location.pathname + "?" + pending.query);
    theirs = { version };
    version = pending.base;
    conflict.hidden = false;
  } else if (unsaved) {
    if (pending && pending.base !== version) {
      theirs = { version };
      version = pending.base;
      conflict.hidden = false;
    } else {
      changed();
    }
  }

  follow(form.dataset.table, form.dataset.state, (state) => {
    if (state.finished) return location.assign(state.result);
    const mine = state.players[n - 1];
    // Another phone saved this town: show it, unless this phone holds taps of its own (they meet at the next save).
    if (mine.version > version && !sending && !localStorage.getItem(unsentKey) && conflict.hidden) {
      location.replace(location.pathname);
    }
  });
}

// A table that is gone: offer the same game again, when this phone remembers it.
function gonePage(section) {
  const setup = localStorage.getItem(setupKey(section.dataset.table));
  if (!setup) return;
  const lang = section.dataset.lang;
  section.querySelector('[data-link="table"]').href = `/${lang}/t/new?code=${setup}`;
  section.querySelector('[data-link="steps"]').href = `/${lang}/g/${setup}/1`;
  section.querySelector(".table-again").hidden = false;
}

const table = document.getElementById("table");
const town = document.querySelector(".table-town");
const gone = document.querySelector(".table-gone");
if (table) tablePage(table);
if (town) townPage(town);
if (gone) gonePage(gone);
