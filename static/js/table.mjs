// A table: follow where every player stands, send one's own town as it is entered, hand it in.
// Following is a short poll with ETag/304. A town's changes are operations in an outbox that the flow keeps
// (webscore/flow/sync.py, under MicroPython); this module stores it and carries it to the server.
import { loadBrowserCore } from "./core.mjs";
import { announce, drawnFields, formFields } from "./dom.mjs";
import { counted, fill, list, number, pair, problemText, words } from "./words.mjs";

export const POLL = 3000;
const element = document.getElementById("table-words");
export const text = element ? JSON.parse(element.textContent) : {};
export const setupKey = (id) => "marquoir-table-setup:" + id;
// A town's outbox: the operations not yet acknowledged and the town as the server last held it. The offline
// shell (app.mjs) draws a town at a table from it when a reload finds no network.
export const outboxKey = (id, n) => `marquoir-table-outbox:${id}:${n}`;
// The form as last tapped, until the core (which keeps the outbox) is ready to take it in.
const draftKey = (id, n) => `marquoir-table-draft:${id}:${n}`;
// A tap on "Done" the outbox has not taken in yet: a page left before it did hands the town in on the next.
const doneKey = (id, n) => `marquoir-table-done:${id}:${n}`;
// The secret this phone keeps for a town it took: the table takes a change of that town only with it.
const keyKey = (id, n) => `marquoir-table-key:${id}:${n}`;
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
// Each answer, 304 or not, says the server can be reached: onReached sends what waits in the outboxes.
function follow(id, url, onState, onReached) {
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
      if (response.ok || response.status === 304) onReached();
    } catch (error) {
      // The phone may be online with the server out of reach: the note says offline only when it is.
      showOffline(!navigator.onLine);
    }
  };
  addEventListener("offline", () => showOffline(true));
  addEventListener("online", look);
  setInterval(look, POLL);
  look();
}

const JSON_CALL = { "Content-Type": "application/json", "X-Requested-With": "marquoir" };
// A request that has not answered in this time is taken for lost and sent again (the server applies it once).
const TIMEOUT = 10000;
const RETRY_MOST = 30000;
// How long a tap waits for the next before its operation goes: a player tapping fast sends a few requests.
const GATHER = 250;

const newClient = () => (crypto.randomUUID ? crypto.randomUUID()
  : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(""));

// One town's outbox on this phone, carried to the server one operation at a time, in order, each removed only
// once the server acknowledged it. `known` (the server's town as a page showed it) makes a new outbox.
// handlers: applied(answer, op, changed), conflict(conflict), handedIn(), owned(), empty(names), problems(messages),
// refused(message), finished(result), gone(), status(report); each is optional. A promise of the outbox, once the core has read it.
export async function outbox(core, table, n, saveUrl, known, handlers = {}) {
  const key = outboxKey(table, n);
  let box = JSON.parse(localStorage.getItem(key) || "null");
  let shown = null;
  let waiting = 0;
  let sending = null;
  let blocked = false;
  let failures = 0;
  let timer = null;
  let unreachable = false;
  let lastAck = null;
  // Why the server refused the last operation, said until the next change.
  let notice = null;
  // The server's own word when it asks to wait (429), said instead of "can't reach".
  let limited = null;
  // Asked by the player: take the town over from the phone it belongs to; end the game with towns still empty.
  let taking = false;
  let ending = false;
  // The scores are shown: nothing this phone holds will ever be sent.
  let over = false;
  // This town's key on this phone. An outbox kept before phones had keys was the town's by its client id.
  let townKeyKept = localStorage.getItem(keyKey(table, n)) ?? (box?.sent ? box.client : null);
  function townKey() {
    // Another tab of this phone may have made it first: one key per town and phone.
    townKeyKept = localStorage.getItem(keyKey(table, n)) ?? townKeyKept ?? newClient();
    try {
      localStorage.setItem(keyKey(table, n), townKeyKept);
    } catch (error) {
      // Storage full: the key lives in this page, as the outbox then does.
    }
    return townKeyKept;
  }

  // Stored, the outbox is the one truth for every page of this phone on this town (two tabs share it).
  let stored = true;
  // The core answers in its own thread: each call waits for the one before, so each reads the outbox the one
  // before wrote, and none is lost between them.
  let queue = Promise.resolve();
  function call(name, extra = {}) {
    const answered = queue.then(() => callNow(name, extra));
    queue = answered.catch(() => {});
    return answered;
  }

  async function callNow(name, extra) {
    if (stored) box = JSON.parse(localStorage.getItem(key) || "null") ?? box;
    const answer = await core.outbox({ call: name, outbox: box, client: newClient(), town: known, ...extra });
    box = answer.outbox;
    shown = answer.shown;
    waiting = answer.waiting;
    try {
      localStorage.setItem(key, JSON.stringify(box));
      stored = true;
    } catch (error) {
      // Storage full or refused: the outbox lives in this page until it is sent.
      stored = false;
    }
    return answer;
  }

  function report() {
    handlers.status?.({ sending: sending !== null, unreachable, waiting: over ? 0 : waiting, lastAck, blocked,
      done: shown?.done, notice, limited, over });
  }

  function retryLater(wait) {
    clearTimeout(timer);
    timer = setTimeout(drain, wait);
  }

  async function drain() {
    if (sending !== null || blocked || over || !box || box.ops.length === 0) return report();
    clearTimeout(timer);
    if (!navigator.onLine) {
      // Surely not sent: taps go on joining the operation, and "online" sends it.
      unreachable = true;
      showOffline(true);
      retryLater(RETRY_MOST);
      return report();
    }
    sending = box.ops[0].seq;
    // From now on it may be applied even if no answer comes: the outbox keeps it as it is. (Taps taken in
    // before this call joined the operation: it is read again after it.)
    await call("sending", { seq: sending });
    const op = box.ops[0];
    if (!op) {
      // Nothing left to send (another page of this phone sent it meanwhile).
      sending = null;
      return report();
    }
    report();
    let response = null;
    let answer = null;
    const stop = new AbortController();
    const late = setTimeout(() => stop.abort(), TIMEOUT);
    try {
      response = await fetch(saveUrl, { method: "POST", cache: "no-store", headers: JSON_CALL, signal: stop.signal,
        body: JSON.stringify({ client: box.client, op, key: townKey(), ...(taking ? { take: true } : {}),
          ...(ending ? { end: true } : {}) }) });
      answer = await response.json();
    } catch (error) {
      // No answer, or not ours (a proxy's error page): sent again later.
      response = null;
    } finally {
      clearTimeout(late);
    }
    if (!response || response.status >= 500 || response.status === 429) {
      sending = null;
      failures += 1;
      limited = response?.status === 429 ? answer?.message ?? null : null;
      unreachable = !limited;
      showOffline(!navigator.onLine);
      const asked = Number(response?.headers.get("Retry-After"));
      retryLater(asked > 0 ? asked * 1000 : Math.min(RETRY_MOST, 1000 * 2 ** Math.min(failures - 1, 5)));
      return report();
    }
    failures = 0;
    unreachable = false;
    limited = null;
    // Still sending until the answer is taken in: a drain started meanwhile (a tap) would send the same
    // operation again, and find it gone once acknowledged.
    try {
      await answered(response.status, answer, op);
    } finally {
      sending = null;
    }
    report();
    if (!blocked) drain();
  }

  async function answered(status, answer, op) {
    const reason = answer?.reason;
    if (status === 200) {
      const took = taking;
      taking = false;
      ending = false;
      const { changed } = await call("acknowledged", { seq: answer.seq, town: answer.town });
      lastAck = new Date();
      handlers.applied?.(answer, op, changed, took);
      if (answer.finished) handlers.finished?.(answer.result);
    } else if (status === 409 && answer.conflict) {
      await call("refreshed", { town: answer.town });
      blocked = true;
      handlers.conflict?.(answer.conflict);
    } else if (status === 409 && answer.handed_in) {
      await call("refreshed", { town: answer.town });
      blocked = true;
      handlers.handedIn?.();
    } else if (status === 409 && reason === "owned") {
      // The town is another phone's: nothing goes until the player takes it over, on purpose.
      const { changed } = await call("refreshed", { town: answer.town });
      taking = false;
      blocked = true;
      handlers.owned?.(Boolean(answer.was_yours), changed ?? []);
    } else if (status === 409 && reason === "empty") {
      blocked = true;
      handlers.empty?.(answer.empty ?? []);
    } else if (status === 409 && (reason === "finished" || (!reason && answer.finished !== false))) {
      // The scores are shown: what waited can no longer be sent. It is dropped here, and said once.
      blocked = true;
      over = true;
      notice = null;
      localStorage.removeItem(key);
      localStorage.removeItem(draftKey(table, n));
      localStorage.removeItem(doneKey(table, n));
      handlers.finished?.(answer.result, true);
    } else if (status === 422 && answer.problems) {
      await call("dropped_head");
      notice = { kind: "done", text: answer.problems.join(" ") };
      handlers.problems?.(answer.problems);
    } else if (status === 404) {
      blocked = true;
      handlers.gone?.();
    } else {
      // Refused as it is (400, 403, 413; a number or a version the table refuses): sending it again would not help.
      await call("dropped_head");
      if (answer?.town) await call("refreshed", { town: answer.town });
      notice = { kind: "save", text: answer?.message ?? "" };
      handlers.refused?.(notice.text);
    }
  }

  if (box) await call("refreshed", { town: known ?? box.known });
  else if (known) await call("look");
  return {
    get box() { return box; },
    get shown() { return shown; },
    get sending() { return sending; },
    call(name, extra) {
      if (name === "edit" || name === "hand_in" || name === "reopen") notice = null;
      return call(name, extra);
    },
    drain,
    // Taps close together travel as one operation.
    drainSoon() {
      clearTimeout(timer);
      timer = setTimeout(drain, GATHER);
      // Said at once: the tap waits, even for the few milliseconds before it goes.
      report();
    },
    report,
    // Let the outbox be sent again after the player chose (a conflict, a handed-in town).
    unblock() {
      blocked = false;
      drain();
    },
    // Send the outbox again, taking the town over from the phone it belongs to.
    takeOver() {
      taking = true;
      this.unblock();
    },
    // Send the hand-in again, ending the game though some towns are empty.
    endGame() {
      ending = true;
      this.unblock();
    },
    get over() { return over; },
    block() {
      blocked = true;
      report();
    },
    // The server's town as the table's state says it moved on: fetched when nothing is on its way.
    async refresh(townUrl) {
      if (sending !== null || blocked) return [];
      try {
        const response = await fetch(townUrl, { cache: "no-store" });
        if (!response.ok) return [];
        const { town } = await response.json();
        if (sending !== null || blocked) return [];
        return (await call("refreshed", { town })).changed;
      } catch (error) {
        return [];
      }
    },
  };
}

// Send what waits in the outboxes this phone keeps for a table (a town handed in offline, then this page opened).
async function drainKept(section) {
  const table = section.dataset.table;
  const count = section.querySelectorAll(".table-player").length;
  const kept = [];
  for (let n = 1; n <= count; n++) {
    if (JSON.parse(localStorage.getItem(outboxKey(table, n)) || "null")?.ops?.length) kept.push(n);
  }
  if (!kept.length) return () => {};
  const core = await loadBrowserCore();
  const boxes = await Promise.all(kept.map((n) => outbox(core, table, n, `${section.dataset.townBase}/${n}`, null, {
    finished: (result) => result && location.assign(result),
  })));
  const drainAll = () => boxes.forEach((box) => box.drain());
  drainAll();
  return drainAll;
}

// What other phones did to towns not theirs (taken over, opened again), as the table's state says, in one line.
// since: only those after this revision (a town's page says what happens while it is open, and its own town's).
// mine: the revisions of what this phone did itself (a town it took over or opened again), not said to it.
function showEvents(note, state, since = -1, own = null, mine = new Set()) {
  if (!note) return;
  const said = (state.events ?? []).filter((event) => (event.revision > since || event.player === own)
    && !mine.has(event.revision))
    .map((event) => fill(text.events?.[event.kind] ?? "", { name: state.players[event.player]?.name ?? "" }));
  note.textContent = said.join(" ");
  note.hidden = !said.length;
}

function tablePage(section) {
  rememberTable(section.dataset.table);
  let events = section.querySelector(".table-events");
  if (!events) {
    events = document.createElement("p");
    events.className = "table-events";
    events.setAttribute("role", "status");
    events.hidden = true;
    section.querySelector(".table-players, ul, ol")?.before(events);
  }
  localStorage.setItem(setupKey(section.dataset.table), section.dataset.setup);
  let drainAll = () => {};
  drainKept(section).then((drain) => { drainAll = drain; });
  follow(section.dataset.table, section.dataset.state, (state) => {
    if (state.finished) return location.assign(state.result);
    if (events.isConnected) showEvents(events, state);
    for (const [i, player] of state.players.entries()) {
      const row = section.querySelector(`.table-player[data-player="${i + 1}"]`);
      row.dataset.status = player.status;
      const status = row.querySelector(".table-status");
      const sum = row.querySelector(".table-total");
      status.textContent = text.status[player.status];
      sum.textContent = player.total === null ? "" : counted(words.points, Math.abs(player.total), number(player.total));
      // The status and the total as one line, by the language's template, as pieces.table_players draws it.
      const parts = player.total === null ? ["%(status)s", "%(total)s"] : text.status_total.split(/(%\((?:status|total)\)s)/);
      row.querySelector(".table-said").replaceChildren(
        ...parts.map((part) => (part === "%(status)s" ? status : part === "%(total)s" ? sum : part)));
    }
  }, () => drainAll());
}

const FIELD = /^(square|stored)_([a-d][1-4])$/;

// What a field is called on this page: its square ("a1"), the load stored on a square, or the label of the fact.
function fieldName(form, name) {
  const square = FIELD.exec(name);
  if (square?.[1] === "square") return square[2];
  if (square) return pair(form.querySelector(`label[for="${CSS.escape(name)}"]`)?.textContent.trim() ?? "", square[2]).join("");
  const label = form.querySelector(`label[for="${CSS.escape(name)}"]`);
  return label ? label.textContent.trim() : (form.elements.namedItem(name)?.getAttribute("aria-label") ?? name);
}

// What a field's value reads as: a card's name, the number typed, or "Empty".
function valueText(form, name, value) {
  const field = form.elements.namedItem(name);
  const empty = form.querySelector(".palette")?.dataset.labelEmpty ?? "";
  if (!value) return empty;
  if (field?.tagName === "SELECT") return [...field.options].find((option) => option.value === value)?.text ?? value;
  return value;
}

// A town at the table: the server's page, or the offline shell's (app.mjs) drawn with the same fields and panels.
export async function townPage(form) {
  const table = form.dataset.table;
  const n = Number(form.dataset.player);
  const status = form.querySelector(".table-save-status");
  const changedNote = form.querySelector(".table-changed");
  const conflictPanel = form.querySelector(".table-conflict");
  const handedInPanel = form.querySelector(".table-handed-in");
  const ownedPanel = form.querySelector(".table-owned");
  const emptyPanel = form.querySelector(".table-empty");
  const eventsNote = form.querySelector(".table-events");
  const mine = new Set();
  const reopenedNote = form.querySelector(".table-reopened");
  const conflictDone = form.querySelector(".table-conflict-done");
  // "Done" tapped while the conflict panel asked: the town is handed in once the player has chosen.
  let handInAfterChoice = false;
  const doneButton = form.querySelector('[data-action="done"]');
  const againButton = form.querySelector('[data-action="change-again"]');
  const townWords = document.getElementById("table-town");
  const known = townWords ? JSON.parse(townWords.textContent) : null;
  const time = new Intl.DateTimeFormat(words.lang, { timeStyle: "medium" });
  let conflict = null;
  let box = null;
  const changedElsewhere = new Set();
  const finishedLink = form.querySelector(".table-finished");
  // The form as this page last showed it: what differs from it is what the player changed here (another
  // tab of this phone may have changed other fields of the same outbox meanwhile). At first, the form as drawn:
  // taps made before this script ran (town.js answers them from its own start, early-taps.js keeps those before)
  // are the player's too.
  let formShown = drawnFields(form);
  // What the player changed here since: each such field and its value now.
  const changedHere = () => Object.fromEntries(Object.entries(formFields(form)).filter(([name, value]) => value !== formShown[name]));
  const stepButton = () => (doneButton.hidden ? againButton : doneButton);
  rememberTable(table);
  localStorage.setItem(setupKey(table), form.dataset.code);

  // Every tap is kept at once, even before the core is ready: the form as it stands, taken in by the outbox later.
  const keepDraft = () => localStorage.setItem(draftKey(table, n), JSON.stringify(formFields(form)));
  // Taps made before this script ran are kept so too, beside those of a draft kept before a reload.
  const tappedBefore = changedHere();
  if (Object.keys(tappedBefore).length) {
    const kept = JSON.parse(localStorage.getItem(draftKey(table, n)) || "null");
    localStorage.setItem(draftKey(table, n), JSON.stringify({ ...kept, ...tappedBefore }));
  }

  // Fields tapped and on their way into the outbox (the core answers in its own thread): shown as tapped.
  const taking = new Map();

  // Show the town the outbox says, and say which fields another phone changed.
  function showTown(changed = []) {
    const fields = box.shown.fields;
    for (const element of form.elements) {
      if (!element.name || !(FIELD.test(element.name) || element.closest(".facts")) || taking.has(element.name)) continue;
      const value = fields[element.name] ?? "";
      if (element.value !== value) {
        element.value = value;
        element.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
    form.dispatchEvent(new CustomEvent("town-sync"));
    formShown = formFields(form);
    const done = Boolean(box.shown.done);
    const hadFocus = document.activeElement === doneButton || document.activeElement === againButton;
    // Once the scores are shown this town takes nothing more: no button offers to.
    doneButton.hidden = done || box.over;
    againButton.hidden = !done || box.over;
    // Opened again by another phone: the phone that handed it in hands it in again with one tap.
    if (changed.includes("done") && !done && box.box.sent) reopenedNote.hidden = false;
    if (done || box.over) reopenedNote.hidden = true;
    // The button that took the place of the one in focus takes the focus.
    if (hadFocus && document.activeElement !== doneButton && document.activeElement !== againButton) {
      (done ? againButton : doneButton).focus();
    }
    form.dataset.done = String(done);
    // What other phones changed since this player last tapped, said together.
    for (const name of changed) if (name !== "done") changedElsewhere.add(name);
    const notes = [];
    if (changedElsewhere.size) {
      // In the form's own order: the squares as they are read, then the facts.
      const names = [...new Set([...form.elements].map((element) => element.name))]
        .filter((name) => changedElsewhere.has(name));
      notes.push(fill(text.changed_elsewhere, { what: list(names.map((name) => fieldName(form, name))) }));
    }
    if (changed.includes("done")) notes.push(done ? text.handed_in_elsewhere : text.reopened_elsewhere);
    if (notes.length) {
      changedNote.textContent = notes.join(" ");
      changedNote.hidden = false;
    }
  }

  function say(report) {
    if (report.over) {
      // Said once: the scores are shown, and the link leads to them; nothing waits.
      status.textContent = text.scores_shown;
      return;
    }
    const parts = [];
    if (report.sending) parts.push(text.saving);
    else if (report.limited) parts.push(report.limited);
    else if (report.unreachable || (report.waiting && !navigator.onLine)) parts.push(text.unreachable);
    else if (!report.waiting) parts.push(report.lastAck ? fill(text.saved_at, { time: time.format(report.lastAck) }) : text.all_saved);
    if (report.waiting) parts.push(counted(text.waiting, report.waiting));
    if (report.done && !report.waiting) parts.push(text.handed_in);
    if (report.notice) parts.unshift(fill(report.notice.kind === "done" ? text.not_handed_in : text.not_saved, { reason: report.notice.text }));
    status.textContent = parts.join(" ");
  }

  // Where the handed-in town was met: on this phone (a tap on it) or by the server (another phone handed it in).
  let handedInBy = null;
  function askToReopen(by) {
    handedInBy = by;
    handedInPanel.hidden = false;
    handedInPanel.focus();
  }

  // The form as tapped, into the outbox. A tap on a handed-in town asks first whether to change it again.
  function record() {
    if (box?.over) return undefined;
    if (!box) return keepDraft();
    const changed = changedHere();
    if (box.shown.done) {
      if (Object.keys(changed).length && handedInPanel.hidden) askToReopen("phone");
      return keepDraft();
    }
    Object.assign(formShown, changed);
    for (const [name, value] of Object.entries(changed)) taking.set(name, value);
    changedElsewhere.clear();
    changedNote.hidden = true;
    return box.call("edit", { fields: changed }).then(() => {
      for (const [name, value] of Object.entries(changed)) if (taking.get(name) === value) taking.delete(name);
      localStorage.removeItem(draftKey(table, n));
      showTown();
      box.drainSoon();
    });
  }

  function showConflict(clashes) {
    conflict = clashes;
    const rows = conflictPanel.querySelector("tbody");
    const template = conflictPanel.parentElement.querySelector("template.conflict-row");
    rows.replaceChildren(...Object.entries(clashes).map(([name, [theirs, mine]]) => {
      const row = template.content.firstElementChild.cloneNode(true);
      const head = row.querySelector("th");
      head.textContent = fieldName(form, name);
      head.id = "conflict-row-" + name;
      const [theirsCell, mineCell] = row.querySelectorAll("td");
      for (const [cell, value, column] of [[theirsCell, theirs, "conflict-theirs"], [mineCell, mine, "conflict-mine"]]) {
        const radio = cell.querySelector("input");
        radio.name = "conflict-" + name;
        // Read as "Cottage, a1, On the other phone": the square and the phone, not the building alone.
        radio.setAttribute("aria-describedby", head.id + " " + column);
        cell.querySelector("span").textContent = valueText(form, name, value);
      }
      return row;
    }));
    conflictPanel.hidden = false;
    showTown();
    conflictPanel.focus();
  }

  form.addEventListener("town-change", record);
  form.addEventListener("input", record);
  // "Done" or "Change my town again" tapped before the core is ready: done as soon as it is.
  const ready = [];
  const whenReady = (act) => (box ? act() : ready.push(act));
  async function handIn() {
    record();
    await box.call("hand_in");
    localStorage.removeItem(doneKey(table, n));
    showTown();
    box.drain();
  }
  // Kept at once, as a tap is: the outbox takes it in once the core has answered the taps before it.
  doneButton.addEventListener("click", () => {
    if (!conflictPanel.hidden) {
      // Not waiting in silence: the panel says the town goes in once the player has chosen, and takes the focus.
      handInAfterChoice = true;
      conflictDone.hidden = false;
      conflictPanel.focus();
      return;
    }
    localStorage.setItem(doneKey(table, n), "1");
    whenReady(handIn);
  });
  reopenedNote.querySelector('[data-action="hand-in-again"]').addEventListener("click", () => {
    reopenedNote.hidden = true;
    localStorage.setItem(doneKey(table, n), "1");
    whenReady(handIn);
  });
  ownedPanel.querySelector('[data-action="take-over"]').addEventListener("click", () => {
    ownedPanel.hidden = true;
    stepButton().focus();
    box.takeOver();
  });
  emptyPanel.querySelector('[data-action="end-game"]').addEventListener("click", () => {
    emptyPanel.hidden = true;
    box.endGame();
  });
  emptyPanel.querySelector('[data-action="wait-for-towns"]').addEventListener("click", async () => {
    emptyPanel.hidden = true;
    // The hand-in is taken back: the town stays open until the others are in.
    await box.call("dropped_head");
    showTown();
    stepButton().focus();
    box.unblock();
  });
  againButton.addEventListener("click", () => {
    localStorage.removeItem(doneKey(table, n));
    whenReady(async () => {
      await box.call("reopen");
      showTown();
      box.drain();
    });
  });
  conflictPanel.querySelector('[data-action="resolve"]').addEventListener("click", async () => {
    const choices = {};
    for (const name of Object.keys(conflict ?? {})) {
      choices[name] = conflictPanel.querySelector(`input[name="conflict-${CSS.escape(name)}"]:checked`)?.value ?? "mine";
    }
    conflictPanel.hidden = true;
    conflictDone.hidden = true;
    await box.call("resolve", { choices });
    conflict = null;
    showTown();
    stepButton().focus();
    box.unblock();
    if (handInAfterChoice) {
      handInAfterChoice = false;
      localStorage.setItem(doneKey(table, n), "1");
      await handIn();
    }
  });
  handedInPanel.querySelector('[data-action="reopen"]').addEventListener("click", async () => {
    handedInPanel.hidden = true;
    await box.call(handedInBy === "phone" ? "reopen" : "reopened_first");
    // What was tapped while the question stood goes in too.
    await record();
    localStorage.removeItem(draftKey(table, n));
    showTown();
    stepButton().focus();
    box.unblock();
  });
  handedInPanel.querySelector('[data-action="keep-handed-in"]').addEventListener("click", async () => {
    handedInPanel.hidden = true;
    if (handedInBy !== "phone") await box.call("dropped_changes");
    localStorage.removeItem(draftKey(table, n));
    showTown();
    stepButton().focus();
    box.unblock();
  });
  document.querySelector('[data-action="handover"]').addEventListener("click", async () => {
    const core = await loadBrowserCore();
    const answer = await core.town({ code: form.dataset.code, n, fields: { ...formFields(form), go: String(n) } });
    const field = document.querySelector(".handover-url");
    if (!answer.code) {
      const placed = answer.problems ?? { fields: {}, general: [] };
      const first = Object.values(placed.fields).flat().concat(placed.general)[0];
      status.textContent = fill(text.not_saved, { reason: first ? problemText(first) : "" }).trim();
      return;
    }
    field.value = form.dataset.take + "?town=" + answer.code;
    field.hidden = false;
    field.select();
  });

  const core = await loadBrowserCore();
  box = await outbox(core, table, n, form.dataset.save, known, {
    status: say,
    applied: (answer, op, changed, took) => {
      // This phone opened the town again or took it over: every other phone says so, this one knows.
      if (took || "reopen" in op) mine.add(answer.revision);
      showTown(changed);
      // Handed in, and nothing else asked since (such as "Change my town again"): back to the table.
      if (op.done && box.shown.done && !box.box.ops.length) location.assign(form.dataset.back);
    },
    conflict: showConflict,
    owned: (wasYours, changed) => {
      showTown(changed);
      ownedPanel.querySelector(".table-owned-text").textContent = wasYours ? text.taken_over : text.owned;
      ownedPanel.hidden = false;
      ownedPanel.focus();
    },
    empty: (names) => {
      emptyPanel.querySelector(".table-empty-text").textContent = fill(text.empty_end, { names: list(names) });
      emptyPanel.hidden = false;
      emptyPanel.focus();
    },
    handedIn: () => {
      showTown();
      askToReopen("server");
    },
    problems: () => showTown(),
    refused: () => showTown(),
    finished: (result, late) => {
      if (!late) return location.assign(result || form.dataset.back);
      // What waited missed the end of the game: say so once, lead to the scores, hold nothing more.
      finishedLink.querySelector("a").href = result || form.dataset.back;
      finishedLink.hidden = false;
      for (const panel of [conflictPanel, handedInPanel, ownedPanel, emptyPanel]) panel.hidden = true;
      showTown();
      // The town can change no more: nothing left to tap that would look kept.
      for (const control of form.querySelectorAll(".tool, .square button, .square select, input")) {
        control.disabled = true;
      }
    },
    gone: () => location.assign(form.dataset.back),
  });
  // Taps made before the core was ready, or before a reload, come in now.
  const draft = JSON.parse(localStorage.getItem(draftKey(table, n)) || "null");
  if (draft) {
    for (const [name, value] of Object.entries(draft)) {
      const field = form.elements.namedItem(name);
      if (field && "value" in field) field.value = value;
    }
  }
  // Taps made before the core was ready go into the outbox before the form shows what it holds.
  if (draft) await record();
  showTown();
  // A "Done" tapped on a page left before the outbox took it in (none tapped here yet: that one is waiting below).
  if (localStorage.getItem(doneKey(table, n)) !== null && !ready.includes(handIn)) {
    if (box.shown.done) localStorage.removeItem(doneKey(table, n));
    else ready.unshift(handIn);
  }
  for (const act of ready) act();
  history.replaceState(null, "", location.pathname);
  box.report();
  box.drain();
  addEventListener("online", () => box.drain());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") box.drain();
  });
  // The version the table's state last gave this town: fetched once nothing is on its way, even if the
  // following answers are 304s.
  let wanted = 0;
  // What happens to towns while this page is open (and what happened to this one) is said here.
  let openedAt = null;
  const catchUp = async () => {
    if (wanted > box.box.known.version) showTown(await box.refresh(form.dataset.town));
  };
  follow(table, form.dataset.state, (state) => {
    if (state.finished) {
      // Changes still waiting are sent first: the answer says whether they missed the end.
      if (box.box.ops.length || !finishedLink.hidden) return box.drain();
      return location.assign(state.result);
    }
    openedAt ??= state.revision;
    showEvents(eventsNote, state, openedAt, n - 1, mine);
    wanted = Math.max(wanted, state.players[n - 1].version);
    catchUp();
  }, () => {
    box.drain();
    catchUp();
  });
}

// A table that is gone: offer the same game again, when this phone remembers it.
function gonePage(section) {
  const setup = localStorage.getItem(setupKey(section.dataset.table));
  if (!setup) return;
  const { standIn, tableAgain, stepsAgain } = section.dataset;
  section.querySelector('[data-link="table"]').href = tableAgain.replace(standIn, encodeURIComponent(setup));
  section.querySelector('[data-link="steps"]').href = stepsAgain.replace(standIn, encodeURIComponent(setup));
  section.querySelector(".table-again").hidden = false;
}

const table = document.getElementById("table");
const town = document.querySelector(".table-town");
const gone = document.querySelector(".table-gone");
if (table) tablePage(table);
if (town) townPage(town);
if (gone) gonePage(gone);
