// The quick score pad: points by colour and the number of empty squares, as on the paper pad. The core
// (under MicroPython, so it works offline) reads the address, totals, places and says what is wrong and
// in which field; the fields and the ranking are drawn by the core's pieces (webscore/flow), and this module
// puts them in, words the messages and answers the buttons. The address holds every value, so it is the
// share link and survives a reload.
import { loadBrowserCore } from "./core.mjs";
import { fill, number, path, relinkLanguages, words } from "./words.mjs";

const root = document.getElementById("pad");
const ui = words.ui;
const PAD = words.catalogue.pad;
const NAME_KEY = new RegExp("^" + PAD.name + "\\d+$");
let core = null;

function addressPairs() {
  return [...new URLSearchParams(location.search).entries()];
}

// The form's values, blank ones left out (but a blank name keeps its row), then whatever the address
// holds that the form has no field for, so the core's refusal of it stays in view until it is left out.
function formPairs(form) {
  const names = new Set([...form.elements].map((element) => element.name).filter(Boolean));
  const own = [...new FormData(form).entries()].filter(([key, value]) => value !== "" || NAME_KEY.test(key));
  return [...own, ...addressPairs().filter(([key]) => !names.has(key))];
}

function message(problem) {
  const template = ui.pad_problems[problem.code] ?? words.problems[problem.code] ?? words.code_problems.malformed;
  const [low, high] = PAD.ranges[problem.value] ?? [0, 0];
  return fill(template, { low: number(low), high: number(high), field: problem.value });
}

function showProblems(form, problems) {
  for (const element of form.querySelectorAll(".field-problem")) element.replaceChildren();
  for (const element of form.querySelectorAll("[aria-invalid]")) element.removeAttribute("aria-invalid");
  const general = [];
  for (const problem of problems) {
    const field = problem.field && form.querySelector(`[name="${problem.field}"]`);
    if (!field) {
      general.push(problem);
      continue;
    }
    field.setAttribute("aria-invalid", "true");
    form.querySelector("#problem-" + problem.field).textContent = message(problem);
  }
  const box = root.querySelector(".pad-problems");
  box.querySelector("ul").innerHTML = core.draw("messages", { texts: general.map(message) });
  box.querySelector(".drop-unknown").hidden = !addressPairs().some(([key]) => !form.elements.namedItem(key));
  box.hidden = general.length === 0;
}

// Leave out of the address whatever the form has no field for.
function dropUnknown() {
  const form = root.querySelector(".pad-form");
  setAddress(addressPairs().filter(([key]) => form.elements.namedItem(key)));
}

function update(form) {
  const pairs = formPairs(form);
  const query = new URLSearchParams(pairs).toString();
  history.replaceState(null, "", location.pathname + "?" + query);
  relinkLanguages();
  const answer = core.padFields(pairs);
  root.querySelector(".share-url").value = location.origin + path("pages.bare_pad", {}, pairs);
  showProblems(form, answer.problems);
  const board = root.querySelector(".ranking");
  if (!answer.result) {
    board.replaceChildren();
    return;
  }
  const players = answer.result.players;
  players.forEach((player, i) => {
    for (const [short] of PAD.facts) {
      const field = form.querySelector(`.fact-${short}${i}`);
      field.hidden = player.needs_field !== short && field.querySelector("input").value === "";
    }
  });
  const order = players.map((_, i) => i).sort((a, b) => players[a].place - players[b].place || a - b);
  // The items as the result page draws them (webscore/flow/pieces.py), a row without a name by its number.
  const named = players.map((r, i) => ({ ...r, name: r.name || fill(ui.player_n, { num: i + 1 }) }));
  board.innerHTML = core.draw("ranking_items", { words, players: named, order }).join("");
}

// The sign button of a field that can be negative (a phone's number keypad may have no minus key).
function toggleSign(input) {
  input.value = /^\s*[-−]/.test(input.value) ? input.value.replace(/^\s*[-−]/, "") : "-" + input.value.trim();
  // Back to the field, ready for the digits after the sign.
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

function setAddress(pairs) {
  history.replaceState(null, "", location.pathname + "?" + new URLSearchParams(pairs).toString());
  draw();
}

// Later players move up one place when one is removed: their fields are renumbered.
function withoutPlayer(pairs, gone) {
  const kept = [];
  for (const [key, value] of pairs) {
    const [, prefix, index] = key.match(/^(\D+)(\d+)$/) ?? [null, key, null];
    if (index === null || Number(index) < gone) kept.push([key, value]);
    else if (Number(index) > gone) kept.push([prefix + (Number(index) - 1), value]);
  }
  return kept;
}

function act(action) {
  const form = root.querySelector(".pad-form");
  if (action === "drop") dropUnknown();
  else if (action === "add") setAddress([...formPairs(form), [PAD.name + form.querySelectorAll(".pad-player").length, ""]]);
  else if (action.startsWith("remove-")) setAddress(withoutPlayer(formPairs(form), Number(action.slice(7))));
  else if (action.startsWith("sign-")) toggleSign(form.elements.namedItem(action.slice(5)));
}

// Redraw the form (webscore.flow.helper_pieces.pad_form), then give focus back to the control with the same
// action (or its nearest kin).
function draw() {
  const acted = document.activeElement?.dataset?.action;
  const values = {};
  for (const [key, value] of addressPairs()) if (!(key in values)) values[key] = value;
  const start = core.padFields(addressPairs());
  const count = start.count;
  root.querySelector(".pad-form").outerHTML = core.draw("pad_form", { words, count, mode: start.mode ?? "master-builder", values });
  const form = root.querySelector(".pad-form");
  update(form);
  const fallback = acted === "add" ? `#${PAD.name}${count - 1}` : acted?.startsWith("remove") ? "[data-action^=remove], .add-player" : "input";
  const again = acted && (form.querySelector(`[data-action="${acted}"]`) ?? form.querySelector(fallback));
  again?.focus();
}

loadBrowserCore().then((loaded) => {
  core = loaded;
  root.querySelector(".pad-body").hidden = false;
  root.addEventListener("input", (event) => {
    if (event.target.form?.classList.contains("pad-form")) update(event.target.form);
  });
  root.addEventListener("click", (event) => {
    const action = event.target.closest("[data-action]")?.dataset.action;
    if (action) act(action);
  });
  draw();
  import("./share.js");
});
