// The table during the game: the hammer for Master Builder games, the Resource deck for Town Hall and
// Solo. The address holds the whole record (seed, events, cards taken), so a reload or a sleeping phone
// loses nothing and "undo" is the record less its last entry. The core replays it under MicroPython.
// The tab keeps the record it plays too (sessionStorage), so that Back to the setup and "Play with Marquoir at the
// table" again goes on with it, where the setup's new address held none.
import { loadBrowserCore } from "./core.mjs";
import { announce, ignoreDoubleTaps, tapsInTurn } from "./dom.mjs";
import { keepAwake } from "./wake.mjs";
import { path, relinkLanguages, words } from "./words.mjs";

const root = document.getElementById("play");
const ui = words.ui;
// What each button of the screen shown does, by its data-action; set by each screen as it is drawn.
let actions = {};
// Taps are taken in turn ("Town complete" then "Next round" lost the completion).
const taps = tapsInTurn();

// Put a screen in the page (drawn by webscore.flow.helper_pieces) with what its buttons do, and give focus
// back to the control the player acted on (or, when it is gone, the first one still there), so a screen
// reader and a keyboard stay where they were rather than falling to the top of the page.
function show(html, screenActions) {
  const acted = root.contains(document.activeElement) ? document.activeElement.dataset.action : null;
  root.innerHTML = html;
  // What the screen says of its record, under its heading (drawn by draw(); none on a broken record).
  if (note && screenActions.enter) root.querySelector("h1").insertAdjacentHTML("afterend", note);
  actions = { ...screenActions, restart };
  taps.drawn();
  relinkLanguages();
  if (!acted) return;
  (root.querySelector(`[data-action="${acted}"]:not([disabled])`) ?? root.querySelector("button:not([disabled])"))?.focus();
  // What changed: the round and who names the resource, the card turned, or the new face-up offer, as the screen's
  // piece words it with its heading (helper_pieces: its data-said); a screen that tells nothing, by its heading.
  // A new record asked for is said by the note that it starts ("A new record starts.").
  const heading = root.querySelector("h1");
  const restarted = acted === "restart" ? root.querySelector(".record-note p")?.textContent : null;
  announce(restarted ?? heading?.dataset.said ?? heading?.textContent);
}

function record() {
  return new URLSearchParams(location.search);
}

// Each event replaces the address rather than adding a history entry: Undo is the button, and Back
// leaves the page at once, however long the game was.
function go(params, news = {}) {
  history.replaceState(null, "", location.pathname + "?" + params.toString());
  return draw(news);
}

// Set one part of the record (events, rounds, cards taken, first holder) and redraw; the promise settles once the
// new screen is shown. news: what the screen is drawn for, which it says first (an event done, or taken back by Undo).
function setRecord(key, value, news = {}) {
  const updated = record();
  updated.set(key, String(value));
  return go(updated, news);
}

function newSeed() {
  const value = new Uint32Array(1);
  crypto.getRandomValues(value);
  return String(value[0]);
}

// The record this tab plays, { code, query }: the game's code and the play page's whole address query.
const KEPT = "marquoir.play";
function keptRecord() {
  try {
    return JSON.parse(sessionStorage.getItem(KEPT) || "null");
  } catch {
    return null;
  }
}
function keepRecord(value) {
  try {
    if (value) sessionStorage.setItem(KEPT, JSON.stringify(value));
    else sessionStorage.removeItem(KEPT);
  } catch {
    // A browser that keeps nothing for the tab: the address still holds the record.
  }
}
// Whether a record holds anything the table did (an event, a round, a card taken): one that does not is nothing lost.
function started(query) {
  const params = new URLSearchParams(query);
  return Boolean(params.get("e") || Number(params.get("r") || "0") || params.get("t"));
}
// The record kept that a record shown with nothing done in it starts over (null for none): one with something done,
// of another deal (an Undo back to the start is the same record).
function startedOver(params) {
  const before = keptRecord();
  return before && started(before.query) && !started(params)
    && new URLSearchParams(before.query).get("seed") !== params.get("seed") ? before : null;
}
// The record shown is the one the tab plays, unless it starts over one with something done: that one stays until
// something is done in the new one, and the new one's screens lead back to it.
function playing(params) {
  if (startedOver(params)) return;
  // A record whose towns were entered stays so when it is shown again (Back from the towns, a reload).
  const before = keptRecord();
  const entered = Boolean(before?.entered) && new URLSearchParams(before.query).get("seed") === params.get("seed");
  keepRecord({ code: params.get("code"), query: params.toString(), ...(entered ? { entered } : {}) });
}

// The record kept by the tab, for the game of this code, when it fits it (null when it does not): that game's own,
// or that of a game set up again with the same mode and the same players in the same seats (Master Builder: its events
// replayed with the monuments chosen now). The cards are not the deck's business.
async function fitting(before, code) {
  const params = new URLSearchParams(before.query);
  if (before.code === code) return params;
  const [now, then] = [await core.scoreCode(code), await core.scoreCode(before.code)];
  if (!now.game || !then.game || now.game.mode !== then.game.mode) return null;
  // The same players in the same seats, whatever the mode: other players are another game, not this one set up again.
  const names = (game) => JSON.stringify(game.players.map((player) => player.name));
  if (names(now.game) !== names(then.game)) return null;
  params.set("code", code);
  if (now.game.mode !== "master-builder") return params;
  const replayed = await core.table({ kind: "master-builder", monuments: now.game.players.map((p) => p.monument),
    first: Number(params.get("first") || "0"), events: params.get("e") || "" });
  return replayed.error ? null : params;
}

// What the screens say of their record (HTML, drawn by the piece), "" when nothing: the record kept taken up again, or
// a new record that starts over one with something done, with the way back to it (of this game, or one whose towns
// were entered: a new record asked for, a rematch; of another: the setup changed so that it no longer fits).
let note = "";
async function noteOf(params) {
  // Said until the table does something (a reload too): each event replaces the history state with none.
  if (history.state?.resumed) return core.draw("record_note", { words, kind: "resumed" });
  const before = startedOver(params);
  if (!before) return "";
  return core.draw("record_note", { words, kind: before.entered || before.code === params.get("code") ? "restarted" : "changed",
    before: location.pathname + "?" + before.query });
}

// Start a new record over the one shown, which the new one's screens lead back to until something is done in it.
function restart() {
  return go(new URLSearchParams({ code: record().get("code"), seed: newSeed() }));
}

// The game with what the table learned filled in, checked by the core, opened at the first town.
async function enterTowns(core, game, learned) {
  // The record's facts go with the towns: the game is played, and the setup opened again (a rematch) starts a new
  // record, which leads back to this one.
  const filled = structuredClone(game);
  filled.players.forEach((player, p) => Object.assign(player, learned(p)));
  const answer = await core.score(JSON.stringify(filled));
  // The record shown is the one entered (not one it started over), once its towns are really opened.
  if (answer.code) keepRecord({ code: record().get("code"), query: record().toString(), entered: true });
  if (answer.code) location.assign(path("town.step", { lang: words.lang, code: answer.code, n: 1 }));
}

// On a record the core refuses, Undo is offered only when the record less its last entry replays.
async function undoIf(core, request, key, value) {
  return (await core.table(request)).error ? null : () => setRecord(key, value);
}

async function masterBuilder(core, game, params, news) {
  const events = params.get("e") || "";
  const first = Number(params.get("first") || "0");
  const record = (kept) => ({ kind: "master-builder", monuments: game.players.map((p) => p.monument), first, events: kept });
  const answer = await core.table(record(events));
  const { undone } = answer;
  if (answer.error) return broken(answer.error, events === "" ? null : await undoIf(core, record(undone), "e", undone));
  playing(params);
  const state = answer.state;
  // Each event says itself as it is recorded ("Town complete: Ana."), and Undo says the event it takes back.
  const change = (next, event) => () => setRecord("e", next, { done: event });
  const screenActions = {
    next: change(events + "n", "n"), undo: () => setRecord("e", undone, { undone: events.slice(undone.length) }),
    enter: () => enterTowns(core, game, (p) => ({
      master_builder_turns: state.turns[p],
      completed_before: words.catalogue.monument_facts[game.players[p].monument] === "completed_before" ? state.completed_before[p] : null,
    })),
  };
  game.players.forEach((_, p) => {
    screenActions["complete-" + p] = change(events + "c" + p, "c" + p);
    screenActions["fort-" + p] = change(events + "f" + p, "f" + p);
  });
  show(await core.draw("master_builder", { words, names: game.players.map((p) => p.name), state, first, started: events !== "",
    done: news.done ?? "", undone: news.undone ?? "" }), screenActions);
}

async function townHall(core, game, params, news) {
  const rounds = Number(params.get("r") || "0");
  const record = (kept) => ({ kind: "town-hall", seed: Number(params.get("seed")), rounds: kept });
  const answer = await core.table(record(rounds));
  if (answer.error) return broken(answer.error, rounds > 0 ? await undoIf(core, record(rounds - 1), "r", rounds - 1) : null);
  playing(params);
  show(await core.draw("town_hall", { words, rounds, state: answer.state, undone: Boolean(news.undone) }), {
    next: () => setRecord("r", rounds + 1), undo: () => setRecord("r", rounds - 1, { undone: true }),
    enter: () => enterTowns(core, game, () => ({})),
  });
}

// How many cards Solo's screen shown last had taken (null before the first).
let soloTaken = null;

async function solo(core, game, params, news) {
  const taken = params.get("t") || "";
  const record = (kept) => ({ kind: "solo", seed: Number(params.get("seed")), taken: [...kept].map(Number) });
  const answer = await core.table(record(taken));
  const less = taken.slice(0, -1);
  if (answer.error) return broken(answer.error, taken === "" ? null : await undoIf(core, record(less), "t", less));
  playing(params);
  const screenActions = {
    undo: () => setRecord("t", less, { undone: answer.state.taken.at(-1) }), enter: () => enterTowns(core, game, () => ({})),
  };
  answer.state.face_up.forEach((_, i) => { screenActions["take-" + i] = () => setRecord("t", taken + i); });
  // The card just taken is said only after a take (the record one card longer than the screen shown before).
  const took = soloTaken !== null && taken.length > soloTaken;
  soloTaken = taken.length;
  show(await core.draw("solo", { words, state: answer.state, took, undone: news.undone ?? "" }), screenActions);
}

// A record the core cannot replay (a hand-made or damaged address): say why, and offer to drop its last entry.
async function broken(reason = null, undo = null) {
  const why = reason === null ? words.code_problems.malformed : ui.table_errors[reason] ?? ui.table_errors.other;
  show(await core.draw("broken", { words, why, undo: Boolean(undo), home: path("pages.home", { lang: words.lang }),
    new_game: path("setup.new_game", { lang: words.lang }) }), undo ? { undo } : {});
}

// What a button of the hammer or of the rounds does is the same on every screen (next round, undo, town complete,
// fort built, enter the towns); a card of Solo's offer is its resource, wherever the offer shows it now.
const SAME_ON_EVERY_SCREEN = /^(next|undo|enter|restart|complete-\d+|fort-\d+)$/;
// The action on the screen shown of the button a tap was made on (null for none): a card no longer offered is not
// taken.
function actionNow(tap, redrawn) {
  const button = !redrawn || SAME_ON_EVERY_SCREEN.test(tap.name)
    ? root.querySelector(`button[data-action="${tap.name}"]`)
    : tap.card && root.querySelector(`button[data-card="${tap.card}"]`);
  return button && !button.disabled ? button.dataset.action : null;
}

ignoreDoubleTaps(root);
root.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-action]");
  if (!button || button.disabled) return;
  const tap = { name: button.dataset.action, card: button.dataset.card };
  taps.tap(tap.name, (redrawn) => actionNow(tap, redrawn), (action) => actions[action]?.());
});
// Who is the first Master Builder, chosen before the first event.
root.addEventListener("change", (event) => {
  const chosen = event.target.value;
  if (event.target.id === "first") taps.after(() => setRecord("first", chosen));
});

let core = null;

async function draw(news = {}) {
  core = core || await loadBrowserCore();
  const params = record();
  const opened = await core.scoreCode(params.get("code") || "");
  if (!opened.game) return broken();
  const game = opened.game;
  note = await noteOf(params);
  if (game.mode === "master-builder") await masterBuilder(core, game, params, news);
  else if (game.mode === "town-hall") await townHall(core, game, params, news);
  else await solo(core, game, params, news);
}

// Opened without a record (from the setup): the record the tab keeps for this game goes on, where it fits and its towns
// were not entered; else a new one starts, with its own seed for the deal, said to start over the one kept when
// something was done in that.
async function open() {
  const params = record();
  if (params.get("seed")) return draw();
  core = core || await loadBrowserCore();
  const before = keptRecord();
  const goesOn = before && started(before.query) && !before.entered ? await fitting(before, params.get("code") || "") : null;
  if (!goesOn) params.set("seed", newSeed());
  // Written before the first screen, so every drawing of this page uses the same record and seed.
  history.replaceState(goesOn ? { resumed: true } : null, "", location.pathname + "?" + (goesOn ?? params).toString());
  return draw();
}
open();
keepAwake(document.querySelector(".wake-place"));
