// A table's keeping on this phone and its following: the keys its towns and state are stored under, the tables
// forgotten a week after they were last opened, and the short poll (ETag/304) that follows the table's state.
export const POLL = 3000;
const element = document.getElementById("table-words");
export const text = element ? JSON.parse(element.textContent) : {};
export const setupKey = (id) => "marquoir-table-setup:" + id;
// A town's outbox: the operations not yet acknowledged and the town as the server last held it. The offline
// shell (app.mjs) draws a town at a table from it when a reload finds no network.
export const outboxKey = (id, n) => `marquoir-table-outbox:${id}:${n}`;
// The form as last tapped, until the core (which keeps the outbox) is ready to take it in.
export const draftKey = (id, n) => `marquoir-table-draft:${id}:${n}`;
// A tap on "Done" the outbox has not taken in yet: a page left before it did hands the town in on the next.
export const doneKey = (id, n) => `marquoir-table-done:${id}:${n}`;
// The secret this phone keeps for a town it took: the table takes a change of that town only with it.
export const keyKey = (id, n) => `marquoir-table-key:${id}:${n}`;
// The revisions of what this phone did itself to the table's towns (took one over, opened one again): its pages
// never tell it as another phone's, after a reload too.
const ownKey = (id) => "marquoir-table-own:" + id;
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

export function showOffline(offline) {
  for (const note of document.querySelectorAll(".table-offline")) note.hidden = !offline;
}

// Ask for the table's state every few seconds; keep each new one and call onState with it, tell when offline.
// Each answer, 304 or not, says the server can be reached: onReached sends what waits in the outboxes. onLook is
// told after each look whether the table answered it (no answer, or a 5xx: the server down, restarting or its
// store out of reach).
export function follow(id, url, onState, onReached, onLook = () => {}) {
  let etag = null;
  // Looks cross on a slow network: the answer to a look sent before the one last taken is older news, which would
  // take back what the newer one said (a sure total, a town handed in), so it is left. Counted by the looks sent,
  // not by the table's revision, which a store failed over to a replica that missed the last writes may take back.
  let sent = 0;
  let taken = 0;
  const look = async () => {
    const mine = ++sent;
    try {
      const response = await fetch(url, { cache: "no-store", headers: etag ? { "If-None-Match": etag } : {} });
      showOffline(false);
      onLook(response.status < 500);
      if (response.status === 404) return location.reload();
      const state = response.status === 200 ? await response.json() : null;
      if (state && mine > taken) {
        taken = mine;
        etag = response.headers.get("ETag");
        localStorage.setItem(stateKey(id), JSON.stringify(state));
        onState(state);
      }
      if (response.ok || response.status === 304) onReached();
    } catch (error) {
      // The phone may be online with the server out of reach: the note says offline only when it is.
      showOffline(!navigator.onLine);
      onLook(false);
    }
  };
  addEventListener("offline", () => showOffline(true));
  addEventListener("online", look);
  setInterval(look, POLL);
  look();
}

// Which towns a table's state says are handed in, as a town's live score is told them (data-handed-in: live.mjs).
export const handedIn = (state) => JSON.stringify(state.players.map((player) => player.status === "done"));

// A player as a table's state gives them (table_view.table_view): a name, a status (one the table's words name), a
// total or none.
const isPlayer = (player) => typeof player?.name === "string" && Object.hasOwn(text.status ?? {}, player.status)
  && (player.total == null || Number.isInteger(player.total));

// The table's state as follow last kept it, or null where none is kept, or what is kept is no state (garbled, or
// changed by hand): a page drawn from it offline draws as if nothing were kept, rather than nothing at all.
export function keptState(id) {
  try {
    const state = JSON.parse(localStorage.getItem(stateKey(id)) || "null");
    return Array.isArray(state?.players) && state.players.every(isPlayer) ? state : null;
  } catch {
    return null;
  }
}

// Whether a finished table was ended while towns had no square (the event ended-empty): its phones go to the table's
// page, which says so beside the scores' link, rather than straight to the scores.
export function endedEmpty(state) {
  return (state.events ?? []).some((event) => event.kind === "ended-empty");
}

// What other phones did to towns not theirs (taken over, opened again), as the table's state says: [kind, name]
// pairs, worded in one line by the flow's piece (table_pieces.table_news) and shown by showEvents.
// since: only those after this revision (a town's page says what happens while it is open, and its own town's).
// mine: the revisions of what this phone did itself (a town it took over or opened again): neither it nor what other
// phones did to that town before it is said. Each town's kind of event is said once (taken over twice, one line).
export function eventsToTell(state, since = -1, own = null, mine = new Set()) {
  const events = state.events ?? [];
  const acted = new Map();
  for (const event of events) {
    if (mine.has(event.revision)) acted.set(event.player, Math.max(acted.get(event.player) ?? -1, event.revision));
  }
  const told = new Map();
  for (const event of events) {
    const key = event.player + ":" + event.kind;
    if ((event.revision > since || event.player === own) && event.revision > (acted.get(event.player) ?? -1)
        && !told.has(key)) told.set(key, [event.kind, state.players[event.player]?.name ?? ""]);
  }
  return [...told.values()];
}

// The revisions of what this phone did itself at a table (ownKey), as a set to give eventsToTell.
export function ownRevisions(id) {
  try {
    return new Set(JSON.parse(localStorage.getItem(ownKey(id)) ?? "[]"));
  } catch {
    return new Set();
  }
}

// Note one revision of what this phone did itself at a table; the last 50 are kept (a table's state tells at most
// its last few events).
export function rememberOwn(id, revision) {
  const kept = [...ownRevisions(id), revision].slice(-50);
  localStorage.setItem(ownKey(id), JSON.stringify(kept));
}

// told: the line table_news wrote, empty where nothing is to be told (the note is then hidden).
export function showEvents(note, told) {
  if (!note) return;
  note.textContent = told;
  note.hidden = !told;
}

// A redraw from the table's state asked of the core: only the answer to the last one asked is shown, so that
// an answer to an older state never covers a newer one.
export function newestOnly() {
  let asked = 0;
  return async (question) => {
    const mine = ++asked;
    const answer = await question();
    return mine === asked ? answer : null;
  };
}
