// The table during the game: the hammer for Master Builder games, the Resource deck for Town Hall and
// Solo. The address holds the whole record (seed, events, cards taken), so a reload or a sleeping phone
// loses nothing and "undo" is the record less its last entry. The core replays it under MicroPython.
import { loadBrowserCore } from "./core.mjs";
import { announce, h } from "./dom.mjs";
import { keepAwake } from "./wake.mjs";
import { fill, fillNodes, path, relinkLanguages, words } from "./words.mjs";

const root = document.getElementById("play");
const ui = words.ui;

// Put these nodes in the page, leaving out the parts a screen does not have (null), and give focus back
// to the control the player acted on (or, when it is gone, the first one still there), so a screen
// reader and a keyboard stay where they were rather than falling to the top of the page.
function show(...nodes) {
  const acted = root.contains(document.activeElement) ? document.activeElement.dataset.action : null;
  root.replaceChildren(...nodes.filter((node) => node !== null && node !== undefined));
  relinkLanguages();
  if (!acted) return;
  (root.querySelector(`[data-action="${acted}"]:not([disabled])`) ?? root.querySelector("button:not([disabled])"))?.focus();
  // What changed: the round and who names the resource, the card turned, or the new face-up offer.
  const news = root.querySelector(".hammer, .card-shown");
  const offer = [...root.querySelectorAll(".face-up button")].map((card) => card.textContent).join(", ");
  announce([root.querySelector("h1")?.textContent, news?.textContent, offer].filter(Boolean).join(". "));
}

function record() {
  return new URLSearchParams(location.search);
}

// Each event replaces the address rather than adding a history entry: Undo is the button, and Back
// leaves the page at once, however long the game was.
function go(params) {
  history.replaceState(null, "", location.pathname + "?" + params.toString());
  draw();
}

// Set one part of the record (events, rounds, cards taken, first holder) and redraw.
function setRecord(key, value) {
  const updated = record();
  updated.set(key, String(value));
  go(updated);
}

function newSeed() {
  const value = new Uint32Array(1);
  crypto.getRandomValues(value);
  return String(value[0]);
}

function button(label, onClick, primary = false, extra = {}) {
  const element = h("button" + (primary ? ".primary.big" : ""), { type: "button", ...extra }, label);
  element.addEventListener("click", onClick);
  return element;
}

// The game with what the table learned filled in, checked by the core, opened at the first town.
function enterTowns(core, game, learned) {
  const filled = structuredClone(game);
  filled.players.forEach((player, p) => Object.assign(player, learned(p)));
  const answer = core.score(JSON.stringify(filled));
  if (answer.code) location.assign(path("town.step", { lang: words.lang, code: answer.code, n: 1 }));
}

function masterBuilder(core, game, params) {
  const events = params.get("e") || "";
  const first = Number(params.get("first") || "0");
  const answer = core.table({ kind: "master-builder", monuments: game.players.map((p) => p.monument), first, events });
  const { undone } = answer;
  if (answer.error) return broken(answer.error, events === "" ? null : () => setRecord("e", undone));
  const state = answer.state;
  const change = (next) => setRecord("e", next);
  const chooser = events === "" ? h("p", {}, h("label", { for: "first" }, ui.first_builder + " "),
    h("select", { id: "first", "data-action": "first" }, game.players.map((p, i) => h("option", { value: i, selected: i === first, dir: "auto" }, p.name)))) : null;
  chooser?.querySelector("select").addEventListener("change", (event) => setRecord("first", event.target.value));
  show(
    h("h1", {}, fill(ui.round, { num: state.round })),
    state.ended ? h("p.hammer", {}, ui.game_over) : h("p.hammer", {}, fillNodes(ui.names_resource, { name: h("bdi", {}, game.players[state.holder].name) })),
    chooser,
    h("div.table-actions", {},
      state.ended ? null : button(ui.next_round, () => change(events + "n"), true, { "data-action": "next" }),
      button(ui.undo, () => change(undone), false, { disabled: events === "", "data-action": "undo" })),
    h("ol.table-players", {}, game.players.map((player, p) => h("li", { dataset: { player: String(p), turns: String(state.turns[p]) } },
      h("strong", {}, h("bdi", {}, player.name)), " ",
      h("span.hint", {}, fill(ui.turns_count, { num: state.turns[p] }) + " · " +
        (state.completed[p] === null ? ui.playing : fill(ui.complete_in_round, { num: state.completed[p] }))),
      state.completed[p] === null
        ? button(ui.town_complete, () => change(events + "c" + p), false, { class: "small", "data-action": "complete-" + p }) : null,
      state.can_build_fort[p]
        ? button(ui.fort_built, () => change(events + "f" + p), false, { class: "small", "data-action": "fort-" + p }) : null))),
    button(ui.enter_towns, () => enterTowns(core, game, (p) => ({
      master_builder_turns: state.turns[p],
      completed_before: words.catalogue.monument_facts[game.players[p].monument] === "completed_before" ? state.completed_before[p] : null,
    })), state.ended));
}

function townHall(core, game, params) {
  const rounds = Number(params.get("r") || "0");
  const answer = core.table({ kind: "town-hall", seed: Number(params.get("seed")), rounds });
  if (answer.error) return broken(answer.error, rounds > 0 ? () => setRecord("r", rounds - 1) : null);
  const state = answer.state;
  const change = (next) => setRecord("r", next);
  const shown = rounds === 0 ? null : state.card === null ? ui.everyone_chooses
    : fill(ui.everyone_places, { resource: words.resources[state.card] });
  show(
    h("h1", {}, rounds === 0 ? words.modes["town-hall"] : fill(ui.round, { num: rounds })),
    shown ? h("p.card-shown" + (state.card ? ".res-card.res-" + state.card : ""), { dataset: { card: state.card ?? "" } }, shown) : null,
    h("p.hint", {}, state.next_is_free ? ui.next_free : ui.next_card),
    h("p.hint", {}, fill(ui.pile, { num: state.pile })),
    h("div.table-actions", {},
      button(rounds === 0 ? ui.start_game : ui.next_round, () => change(rounds + 1), true, { "data-action": "next" }),
      button(ui.undo, () => change(rounds - 1), false, { disabled: rounds === 0, "data-action": "undo" })),
    button(ui.enter_towns, () => enterTowns(core, game, () => ({}))));
}

function solo(core, game, params) {
  const taken = params.get("t") || "";
  const answer = core.table({ kind: "solo", seed: Number(params.get("seed")), taken: [...taken].map(Number) });
  if (answer.error) return broken(answer.error, taken === "" ? null : () => setRecord("t", taken.slice(0, -1)));
  const state = answer.state;
  const change = (next) => setRecord("t", next);
  show(
    h("h1", {}, words.modes.solo),
    h("div.face-up", {}, state.face_up.map((card, i) => button(fill(ui.take, { resource: words.resources[card] }),
      () => change(taken + i), false, { class: "res-card res-" + card, "data-card": card, "data-action": "take-" + i }))),
    h("p.hint", {}, fill(ui.pile, { num: state.pile }) + " · " + fill(ui.taken, { num: state.taken.length })),
    h("div.table-actions", {}, button(ui.undo, () => change(taken.slice(0, -1)), false,
      { disabled: taken === "", "data-action": "undo" })),
    button(ui.enter_towns, () => enterTowns(core, game, () => ({}))));
}

// A record the core cannot replay (a hand-made or damaged address): say why, and offer to drop its last entry.
function broken(reason = null, undo = null) {
  const why = reason === null ? words.code_problems.malformed : ui.table_errors[reason] ?? ui.table_errors.other;
  show(h("section.notice", { role: "alert" }, h("h1", {}, ui.cannot_open), h("p.error", {}, why),
    undo ? button(ui.undo, undo, false, { "data-action": "undo" }) : null));
}

let core = null;

async function draw() {
  core = core || await loadBrowserCore();
  const params = record();
  const opened = core.scoreCode(params.get("code") || "");
  if (!opened.game) return broken();
  const game = opened.game;
  if (game.mode === "master-builder") masterBuilder(core, game, params);
  else if (game.mode === "town-hall") townHall(core, game, params);
  else solo(core, game, params);
}

// The deal's seed is drawn once, before anything waits, so every drawing of this page uses the same one.
const first = record();
if (!first.get("seed")) {
  first.set("seed", newSeed());
  history.replaceState(null, "", location.pathname + "?" + first.toString());
}
draw();
keepAwake(document.querySelector(".wake-place"));
