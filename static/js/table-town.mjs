// A town at a table, on the phone entering it: the server's page or the offline shell's, its taps sent through
// its outbox (table-outbox.mjs), its hand-in, take-over and reopening, and what the other phones did to it.
import { loadBrowserCore } from "./core.mjs";
import { announce, clock, drawnFields, formFields, shownTotal } from "./dom.mjs";
import {
  doneKey, draftKey, endedEmpty, eventsToTell, follow, handedIn, keptState, keyKey, newestOnly, outboxKey,
  ownRevisions, rememberOwn, rememberTable, setupKey, showEvents, text,
} from "./table-store.mjs";
import { outbox } from "./table-outbox.mjs";
import { words } from "./words.mjs";

const FIELD = /^(square|stored)_([a-d][1-4])$/;

// What a field is called on this page: its square ("a1"), the load stored on a square (its label and square,
// which the flow's piece pairs: table_pieces.table_town_lines), or the label of the fact.
function fieldName(form, name) {
  const square = FIELD.exec(name);
  if (square?.[1] === "square") return [square[2]];
  if (square) return [form.querySelector(`label[for="${CSS.escape(name)}"]`)?.textContent.trim() ?? "", square[2]];
  const label = form.querySelector(`label[for="${CSS.escape(name)}"]`);
  return [label ? label.textContent.trim() : (form.elements.namedItem(name)?.getAttribute("aria-label") ?? name)];
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
  const askEmptyPanel = form.querySelector(".table-ask-empty");
  const eventsNote = form.querySelector(".table-events");
  const mine = ownRevisions(table);
  const reopenedNote = form.querySelector(".table-reopened");
  const conflictDone = form.querySelector(".table-conflict-done");
  // "Done" tapped while the conflict panel asked: the town is handed in once the player has chosen.
  let handInAfterChoice = false;
  const doneButton = form.querySelector('[data-action="done"]');
  const againButton = form.querySelector('[data-action="change-again"]');
  const townWords = document.getElementById("table-town");
  const known = townWords ? JSON.parse(townWords.textContent) : null;
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
  // No building on any square: "Done" asks before handing such a town in.
  const noBuilding = () => !Object.entries(formFields(form)).some(([name, value]) => name.startsWith("square_") && value);
  // The question about handing in a town with no building, gone once a building stands (placed here or on another
  // phone); the focus it held goes back to "Done".
  function dropEmptyQuestion() {
    if (askEmptyPanel.hidden || noBuilding()) return;
    const focused = askEmptyPanel.contains(document.activeElement);
    askEmptyPanel.hidden = true;
    if (focused) doneButton.focus();
  }
  // What other phones did, no longer said once the player acts on the town here (a tap, a hand-in, opening it again).
  function forgetElsewhere() {
    changedElsewhere.clear();
    changedNote.hidden = true;
  }
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
    if (done || box.over) askEmptyPanel.hidden = true;
    // A building placed on another phone while "Done" asked about the empty town: the question no longer stands.
    dropEmptyQuestion();
    // The button that took the place of the one in focus takes the focus.
    if (hadFocus && document.activeElement !== doneButton && document.activeElement !== againButton) {
      (done ? againButton : doneButton).focus();
    }
    form.dataset.done = String(done);
    // What other phones changed since this player last tapped, said together.
    for (const name of changed) if (name !== "done") changedElsewhere.add(name);
    // In the form's own order: the squares as they are read, then the facts.
    const names = [...new Set([...form.elements].map((element) => element.name))]
      .filter((name) => changedElsewhere.has(name));
    // And what another phone did to its hand-in, said after them by the same piece: a take-in from its link as that.
    const elsewhere = changed.includes("done") ? (done ? (box.takenIn ? "taken_in" : "handed_in") : "reopened") : null;
    if (!names.length && !elsewhere) return;
    const asked = lines({ changed: names.map((name) => fieldName(form, name)), elsewhere });
    newestNote(() => asked).then((said) => {
      if (!said) return;
      changedNote.textContent = said.changed;
      changedNote.hidden = false;
    });
  }

  // The lines this page says, worded by the flow's piece (table_pieces.table_town_lines); each line shows the answer
  // to the last question asked for it, never an older one.
  const lines = async (asked) => (await loadBrowserCore()).draw("table_town_lines", { words, text, ...asked });
  const newestNote = newestOnly();
  const newestStatus = newestOnly();
  // Whether the line drawn last says nothing waits ("All saved.", "Last saved at …").
  let quiet = false;
  const sayStatus = (asked) => newestStatus(() => lines(asked)).then((said) => {
    if (!said) return;
    status.textContent = said.status ?? said.not_saved;
    quiet = Boolean(asked.status && !asked.status.waiting && !asked.status.sending);
  });

  // Once the scores are shown, that alone is said: the link leads to them; nothing waits. The time of the last
  // save is read on the phone's clock, and written in the page's language by the piece.
  // A tap waits now: the saved line goes at once, not once the piece has worded the new one (the core answers in its
  // own thread), so the line never says saved while a tap waits.
  function sayWaiting() {
    if (!quiet) return;
    status.textContent = text.saving;
    quiet = false;
  }

  function say(report) {
    const { sending, limited, unreachable, waiting, asking, done, taken_in, notice, over } = report;
    if (waiting || sending) sayWaiting();
    sayStatus({ status: { sending, limited, unreachable, waiting, asking, done, taken_in, notice, over,
      offline: !navigator.onLine,
      time: report.lastAck ? clock(report.lastAck) : null } });
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
    forgetElsewhere();
    // A building placed while "Done" asked about the empty town: the question no longer stands.
    dropEmptyQuestion();
    // Said as the tap is made, before the core has taken it into the outbox.
    if (Object.keys(changed).length) sayWaiting();
    return box.call("edit", { fields: changed }).then(() => {
      for (const [name, value] of Object.entries(changed)) if (taking.get(name) === value) taking.delete(name);
      localStorage.removeItem(draftKey(table, n));
      showTown();
      box.drainSoon();
    });
  }

  async function showConflict(clashes) {
    conflict = clashes;
    const { fields: heads } = await lines({ fields: Object.keys(clashes).map((name) => fieldName(form, name)) });
    const rows = conflictPanel.querySelector("tbody");
    const template = conflictPanel.parentElement.querySelector("template.conflict-row");
    rows.replaceChildren(...Object.entries(clashes).map(([name, [theirs, mine]], i) => {
      const row = template.content.firstElementChild.cloneNode(true);
      const head = row.querySelector("th");
      head.textContent = heads[i];
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
    forgetElsewhere();
    await box.call("hand_in");
    localStorage.removeItem(doneKey(table, n));
    showTown();
    box.drain();
  }
  // Kept at once, as a tap is: the outbox takes it in once the core has answered the taps before it.
  function handInTapped() {
    localStorage.setItem(doneKey(table, n), "1");
    whenReady(handIn);
  }
  // A town with no building is handed in only once the player says so; nothing is kept until then.
  function askOrHandIn() {
    if (!noBuilding()) return handInTapped();
    askEmptyPanel.hidden = false;
    askEmptyPanel.focus();
  }
  doneButton.addEventListener("click", () => {
    if (!conflictPanel.hidden) {
      // Not waiting in silence: the panel says the town goes in once the player has chosen, and takes the focus.
      handInAfterChoice = true;
      conflictDone.hidden = false;
      conflictPanel.focus();
      return;
    }
    askOrHandIn();
  });
  askEmptyPanel.querySelector('[data-action="hand-in-empty"]').addEventListener("click", () => {
    askEmptyPanel.hidden = true;
    // The focus goes where it would have been: on "Done", which "Change my town again" takes over once handed in.
    doneButton.focus();
    handInTapped();
  });
  askEmptyPanel.querySelector('[data-action="keep-open"]').addEventListener("click", () => {
    askEmptyPanel.hidden = true;
    doneButton.focus();
  });
  // Emptied meanwhile on the phone that opened it again: asked first, as "Done" asks.
  reopenedNote.querySelector('[data-action="hand-in-again"]').addEventListener("click", () => {
    reopenedNote.hidden = true;
    askOrHandIn();
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
    forgetElsewhere();
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
      sayStatus({ problem: first ?? {} });
      return;
    }
    field.value = form.dataset.take + "?town=" + answer.code;
    field.hidden = false;
    field.select();
  });

  // What other phones did, as the table's state tells it, said in the events' note (what this phone did, never):
  // what happens to towns while this page is open, and what happened to this one.
  const newest = newestOnly();
  let openedAt = null;
  function tellEvents(state) {
    openedAt ??= state.revision;
    const told = eventsToTell(state, openedAt, n - 1, mine);
    newest(() => core.draw("table_news", { words, text, players: [], events: told })).then((news) => {
      if (news) showEvents(eventsNote, news.events);
    });
  }
  // Whether to take the town over from the phone it belongs to, asked by the panel with what happened (said).
  function askToTakeOver(said) {
    ownedPanel.querySelector(".table-owned-text").textContent = said;
    ownedPanel.hidden = false;
  }
  // A town another phone holds, opened on a phone that never entered it: asked at once, not at its first tap.
  // (An outbox that never sent anything is no phone's: it is kept as soon as a town opens.)
  const anotherPhones = form.dataset.held === "1" && localStorage.getItem(keyKey(table, n)) === null
    && !JSON.parse(localStorage.getItem(outboxKey(table, n)) ?? "null")?.sent;
  const core = await loadBrowserCore();
  box = await outbox(core, table, n, form.dataset.save, known, {
    status: say,
    applied: (answer, op, changed, took) => {
      // This phone opened the town again or took it over: every other phone says so, this one knows.
      if (took || "reopen" in op) {
        mine.add(answer.revision);
        rememberOwn(table, answer.revision);
        // The table's state may have told it before this answer came: told again, as this phone's own.
        const state = keptState(table);
        if (state) tellEvents(state);
      }
      showTown(changed);
      // Handed in, and nothing else asked since (such as "Change my town again"): back to the table.
      if (op.done && box.shown.done && !box.box.ops.length) location.assign(form.dataset.back);
    },
    conflict: showConflict,
    owned: (wasYours, changed) => {
      showTown(changed);
      askToTakeOver(wasYours ? text.taken_over : text.owned);
      ownedPanel.focus();
    },
    empty: (names) => {
      lines({ empty: names }).then((said) => {
        emptyPanel.querySelector(".table-empty-text").textContent = said.empty;
        emptyPanel.hidden = false;
        emptyPanel.focus();
      });
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
      for (const panel of [conflictPanel, handedInPanel, ownedPanel, emptyPanel, askEmptyPanel]) panel.hidden = true;
      showTown();
      // The town can change no more: nothing left to tap that would look kept.
      for (const control of form.querySelectorAll(".tool, .square button, .square select, input")) {
        control.disabled = true;
      }
    },
    gone: () => location.assign(form.dataset.back),
  });
  if (anotherPhones) {
    // Sent, a tap would only be refused as the other phone's: it waits for the answer. (A handed-in town's "Change
    // my town again" is no tap: the table takes it from any phone.)
    if (!box.shown?.done) box.ask();
    askToTakeOver(text.owned);
  }
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
  // A town handed in (or opened again) on another phone since this page was drawn: this town is scored beside the
  // towns handed in as the table's state says them, so its total is sure as soon as the town on its right is in. A
  // state without their code (from a server of the release before, met while a new one starts) leaves them as drawn.
  function scoreBeside(state) {
    if (typeof state.score_code !== "string") return;
    const handed = handedIn(state);
    if (form.dataset.scoreCode === state.score_code && form.dataset.handedIn === handed) return;
    form.dataset.scoreCode = state.score_code;
    form.dataset.handedIn = handed;
    // No finger changed it: a total a hand-in changed (made sure, or made the least again by a reopening) is said, as
    // a tap's is, for a player who does not see it change; a tap scored with it says its square and this total already
    // (town.js: detail.said), which the total alone would cut short.
    const before = shownTotal(form);
    form.addEventListener("town-scored", (event) => {
      const now = shownTotal(form);
      if (now !== before && !event.detail?.said) announce(now);
    }, { once: true });
    form.dispatchEvent(new CustomEvent("town-sync"));
  }
  // The version the table's state last gave this town: fetched once nothing is on its way, even if the
  // following answers are 304s.
  let wanted = 0;
  const catchUp = async () => {
    if (wanted > box.box.known.version) showTown(await box.refresh(form.dataset.town));
  };
  follow(table, form.dataset.state, (state) => {
    if (state.finished) {
      // Changes still waiting are sent first: the answer says whether they missed the end.
      if (box.box.ops.length || !finishedLink.hidden) return box.drain();
      return location.assign(endedEmpty(state) ? form.dataset.back : state.result);
    }
    wanted = Math.max(wanted, state.players[n - 1].version);
    scoreBeside(state);
    catchUp();
    tellEvents(state);
  }, () => {
    box.drain();
    catchUp();
  });
}
