// The quick score pad: points by colour and the number of empty squares, as on the paper pad. The core
// (under MicroPython, so it works offline) reads the address, totals, places and says what is wrong and
// in which field; the fields and the ranking are drawn by the core's pieces (webscore/flow), and this module
// puts them in, words the messages and answers the buttons. The address holds every value, so it is the
// share link and survives a reload.
import { loadBrowserCore } from "./core.mjs";
import { ignoreDoubleTaps, keepHeight, keysAhead, sameRowAction, tapsInTurn } from "./dom.mjs";
import { keepPad, padKeyOf } from "./recent.mjs";
import { path, relinkLanguages, words } from "./words.mjs";

const root = document.getElementById("pad");
const PAD = words.catalogue.pad;
const NAME_KEY = new RegExp("^" + PAD.name + "\\d+$");
let core = null;
// The server drew the form for its address, so it is typed in before the core is ready; a copy kept for another
// address (the offline one of the bare pad) waits for the core to draw this address's.
const body = root.querySelector(".pad-body");
const drawnHere = root.dataset.drawnFor === location.search.slice(1);
body.hidden = !drawnHere;
// This pad as a game of "Your games" (recent.mjs keepPad): its key lives in the page's history entry, so a reload or
// Back keeps it; a pad opened again from "Your games" takes the key it was kept under.
const padKey = history.state?.pad ?? padKeyOf(location.search.slice(1)) ??
  "pad:" + Date.now().toString(36) + Math.random().toString(36).slice(2, 10);

function keepAddress(query) {
  history.replaceState({ pad: padKey }, "", location.pathname + "?" + query);
}
history.replaceState({ pad: padKey }, "");

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

// Mark the fields with problems and say the rest above the form; said: the pad's lines (pad_pieces.pad_lines),
// each field's problem in words by its field, the others drawn as messages.
function showProblems(form, said) {
  for (const element of form.querySelectorAll(".field-problem")) element.replaceChildren();
  for (const element of form.querySelectorAll("[aria-invalid]")) element.removeAttribute("aria-invalid");
  for (const [field, text] of Object.entries(said.fields)) {
    form.querySelector(`[name="${field}"]`).setAttribute("aria-invalid", "true");
    form.querySelector("#problem-" + field).textContent = text;
  }
  const box = root.querySelector(".pad-problems");
  box.querySelector("ul").innerHTML = said.general;
  box.querySelector(".drop-unknown").hidden = !addressPairs().some(([key]) => !form.elements.namedItem(key));
  box.hidden = said.general === "";
}

// Leave out of the address whatever the form has no field for.
function dropUnknown() {
  const form = root.querySelector(".pad-form");
  return setAddress(addressPairs().filter(([key]) => form.elements.namedItem(key)));
}

// Answered in the order typed: an answer that a newer one has overtaken is not drawn.
let updates = 0;

async function update(form) {
  const turn = ++updates;
  const pairs = formPairs(form);
  const query = new URLSearchParams(pairs).toString();
  keepAddress(query);
  relinkLanguages();
  const answer = await core.padFields(pairs);
  const players = answer.result?.players ?? [];
  // The problems in words, those of the form's fields apart from the whole pad's (webscore/flow/pad_pieces.py),
  // and the ranking's items as the result page draws them (webscore/flow/result_pieces.py).
  const names = Array.from(form.querySelectorAll(".pad-player"), (_, i) => form.elements.namedItem(PAD.name + i)?.value ?? "");
  const said = await core.draw("pad_lines", { words, problems: answer.problems, players, names,
    fields: [...form.elements].map((element) => element.name).filter(Boolean) });
  if (turn !== updates || !form.isConnected) return;
  root.querySelector(".share-url").value = location.origin + path("pages.bare_pad", {}, pairs);
  showProblems(form, said);
  // A player's sign buttons and ✕ say whose they are: their name follows the name as it is typed.
  for (const [action, name] of Object.entries(said.buttons)) {
    form.querySelector(`[data-action="${action}"]`)?.setAttribute("aria-label", name);
  }
  players.forEach((player, i) => {
    for (const [short] of PAD.facts) {
      const field = form.querySelector(`.fact-${short}${i}`);
      field.hidden = player.needs_field !== short && field.querySelector("input").value === "";
    }
  });
  // A tree grows only where no square is empty: its box shows once the empty squares are 0, or while ticked.
  for (const box of form.querySelectorAll(".pad-tree")) {
    const empty = box.closest(".pad-cell").querySelector("input[type=text]");
    box.hidden = !box.querySelector("input").checked && empty.value.trim() !== "0";
  }
  // A cell that does not read leaves the places as they last stood, dimmed, rather than none: they stay in sight.
  const ranking = root.querySelector(".ranking");
  ranking.classList.toggle("is-stale", !answer.result);
  if (answer.result) ranking.innerHTML = said.items.join("");
  // Logged in BG Stats once every place is known and every player named, the pad's link as the play's comment.
  const complete = answer.result && answer.problems.length === 0;
  const logged = complete ? await core.draw("pad_bgstats", {
    words, players: answer.result.players, link: root.querySelector(".share-url").value, query }) : "";
  if (turn === updates) root.querySelector(".pad-bgstats").innerHTML = logged;
  // Kept in "Your games" once finished (every player named, every tie decided), as the core reads it.
  const summary = complete ? (await core.history({ call: "pad", query })).summary : null;
  if (turn !== updates) return;
  keepPad(padKey, query, summary);
  root.querySelector(".pad-kept").hidden = !summary;
}

// The sign button of a field that can be negative (a phone's number keypad may have no minus key).
function toggleSign(input) {
  input.value = /^\s*[-−]/.test(input.value) ? input.value.replace(/^\s*[-−]/, "") : "-" + input.value.trim();
  // Back to the field, ready for the digits after the sign.
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

// The promise settles once the form is drawn again.
function setAddress(pairs, renumbered = false) {
  keepAddress(new URLSearchParams(pairs).toString());
  return draw(renumbered);
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

// Answer a button; a promise that settles once the form is drawn again, for those that draw it.
function act(action) {
  const form = root.querySelector(".pad-form");
  if (action === "drop") return dropUnknown();
  else if (action === "add") return setAddress([...formPairs(form), [PAD.name + form.querySelectorAll(".pad-player").length, ""]]);
  else if (action.startsWith("remove-")) return setAddress(withoutPlayer(formPairs(form), Number(action.slice(7))), true);
  else if (action.startsWith("sign-")) toggleSign(form.elements.namedItem(action.slice(5)));
  else if (action === "uncounted") {
    // Turns not counted: each turns field a tie shows gets 0, equal, so the next tie-break decides.
    for (const fact of form.querySelectorAll(`.fact[class*="fact-${PAD.facts[0][0]}"]:not([hidden]) input`)) fact.value = "0";
    update(form);
  }
}

// A form's fields and what each holds ("1" or "" for a box).
function fieldValues(form) {
  return new Map([...form.elements].filter((field) => field.name)
    .map((field) => [field.name, field.type === "checkbox" ? (field.checked ? "1" : "") : field.value]));
}

// The buttons that draw the form again are answered in turn, once the core is ready (two players removed quickly,
// the first came back).
const taps = tapsInTurn();

// Redraw the form (webscore.flow.pad_pieces.pad_form), then give focus back to the control with the same
// action (or its nearest kin).
async function draw(renumbered = false) {
  const acted = document.activeElement?.dataset?.action;
  const before = fieldValues(root.querySelector(".pad-form"));
  const values = {};
  for (const [key, value] of addressPairs()) if (!(key in values)) values[key] = value;
  const start = await core.padFields(addressPairs());
  const count = start.count;
  const drawn = await core.draw("pad_form", { words, count, mode: start.mode ?? "master-builder", values });
  // What was typed while the core drew the new form goes on in it, field by field: nothing typed is lost (but
  // where a player was removed and the fields renumbered).
  const typed = [...fieldValues(root.querySelector(".pad-form"))].filter(([name, value]) => before.get(name) !== value);
  // The field typed in now keeps the focus in the new form, so the next keys go on in it.
  const typingIn = renumbered ? null : root.querySelector(".pad-form").contains(document.activeElement)
    && document.activeElement.name;
  root.querySelector(".pad-form").outerHTML = drawn;
  // A player's ✕ names the player by their place, which a form drawn again may give another.
  taps.drawn();
  const form = root.querySelector(".pad-form");
  for (const [name, value] of renumbered ? [] : typed) {
    const field = form.elements.namedItem(name);
    if (field?.type === "checkbox") field.checked = value === "1";
    else if (field) field.value = value;
  }
  const fallback = acted === "add" ? `#${PAD.name}${count - 1}` : acted?.startsWith("remove") ? "[data-action^=remove], .add-player" : "input";
  // A player added takes the focus on their name, as the setup's does: the new player is in sight, and is typed in
  // next (the button kept it, and the new player was drawn out of sight above it).
  const again = typingIn ? form.elements.namedItem(typingIn)
    : acted === "add" ? form.querySelector(fallback)
    : acted && (form.querySelector(`[data-action="${acted}"]`) ?? form.querySelector(fallback));
  again?.focus();
  if (typingIn && again?.setSelectionRange) again.setSelectionRange(again.value.length, again.value.length);
  await update(form);
}

// The button a tap's stands for on the form shown (null for none): a ✕ tapped on a form drawn again since is that of
// the player it named, where that player is now (sameRowAction).
function buttonNow(tap, redrawn) {
  const form = root.querySelector(".pad-form");
  const names = Array.from(form.querySelectorAll(".pad-player"), (_, i) => form.elements.namedItem(PAD.name + i)?.value);
  const action = redrawn && tap.action.startsWith("remove-") ? sameRowAction(tap.action, names, tap.who) : tap.action;
  return action && root.querySelector(`[data-action="${action}"]`) ? action : null;
}

const ready = loadBrowserCore();
// The server's form is there before the core: its sign buttons work at once (a value typed is read once the core
// is ready), the buttons that redraw the form wait for the core, and for each other.
ignoreDoubleTaps(root);
const ahead = keysAhead();
root.addEventListener("click", (event) => {
  const button = event.target.closest("[data-action]");
  const action = button?.dataset.action;
  if (action?.startsWith("sign-")) {
    act(action);
    return;
  }
  if (!action) return;
  const index = button.dataset.index;
  const who = index === undefined ? "" : root.querySelector(".pad-form").elements.namedItem(PAD.name + index)?.value ?? "";
  const tap = { action, who };
  // What is typed right after "Add a player" is the new player's name, however late their row is drawn (as on the
  // setup).
  const typedAhead = action === "add" ? ahead.hold(() => root.querySelectorAll(".pad-form .pad-player input.name")) : null;
  taps.tap(action, (redrawn) => buttonNow(tap, redrawn), act).finally(() => typedAhead?.());
});
root.addEventListener("input", (event) => {
  if (core && event.target.form?.classList.contains("pad-form")) update(event.target.form);
});

// The taps wait for the core, and for the form it draws first.
taps.after(() => ready.then((loaded) => {
  core = loaded;
  body.hidden = false;
  // The places stay at the screen's foot (marquoir.css): a field is scrolled to clear of them.
  keepHeight(root.querySelector(".ranking"), "--standings-height");
  // The server's form stays (what was typed in it before the core was ready is read from it); a kept copy drawn
  // for another address is drawn again for this one.
  import("./share.js");
  return drawnHere ? update(root.querySelector(".pad-form")) : draw();
}));
