// Setup on the phone itself: the buttons (add, move, remove, deal, first game) and "Enter the towns" are
// answered by the flow under MicroPython (webscore/flow/new_game.py, setup_choices.py, setup_start.py, the code
// the server runs), so setting up needs no network. Until the core is ready (it starts once the form is painted)
// the server answers them, as it does without scripts. What is here is DOM work: read the fields, draw the state, show
// problems. The form's state is mirrored into the address, so Back, Forward and reload show it as it was left.
import { coreReady, loadBrowserCore } from "./core.mjs";
import { announce, atMostOncePerFrame, focusFirstProblem, forgetProblems, formFields, hasProblems, ignoreDoubleTaps, keysAhead,
  newerAddress, queryFields, queryValues, retitle, sameRowAction, tapsInTurn } from "./dom.mjs";
import { draftOf, forget, forgetCorrection, games, keepDraft } from "./recent.mjs";
import { path, words } from "./words.mjs";

const form = document.querySelector("form.setup");
const list = () => form.querySelector("ol.players");

function seed() {
  const value = new Uint32Array(1);
  crypto.getRandomValues(value);
  return value[0];
}

// The answers of an address a blank page was opened for (see below), until the core has drawn them: the
// address keeps them meanwhile, with what is typed in the form over them. A field the address repeats holds its
// texts, which the core names as the server does ("This address gives navy twice.").
let opened = null;

// A field's first text, where an address repeats it: the one the flow reads (new_game.read, first_values).
const firstOf = (value) => (Array.isArray(value) ? value[0] : value);

// A start refused keeps in the address, while its messages are shown, the action that names them again on a reload
// without starting the game (setup_start.reload_action): the server's page says it (data-reload), then each answer.
let reloadAction = form?.dataset.reload ?? "";

function mirror() {
  // A field the address repeats stays repeated while the form shows its first text and the core has not yet named it.
  const fields = formFields(form);
  const query = new URLSearchParams();
  for (const key of Object.keys({ ...(opened ?? {}), ...fields })) {
    const given = opened?.[key];
    // The address's texts while the form has no field of the key, or shows the first of them; else the form's text.
    const kept = !(key in fields) || (Array.isArray(given) && given[0] === fields[key]);
    for (const text of kept ? [].concat(given) : [fields[key]]) query.append(key, text);
  }
  if (reloadAction && form.querySelector(".error")) query.set("action", reloadAction);
  history.replaceState(history.state, "", location.pathname + "?" + query.toString());
}

// Buttons are answered in turn, and the page's refreshes with them (removing two players quickly brought the first
// back).
const taps = tapsInTurn();

// said: each row's label and buttons' names, worded by the flow's piece (setup_pieces.setup_lines).
function drawRows(state, offers, said) {
  // A row's buttons (move up, remove) name it by its seat, which rows drawn again may give another player.
  taps.drawn();
  const template = document.getElementById("player-row").innerHTML;
  const withMonuments = !state.without_monuments;
  // The field being typed in keeps the focus and the caret in its new row, which has its id.
  const typing = list().contains(document.activeElement) ? document.activeElement : null;
  const caret = typing?.matches("input.name") ? [typing.selectionStart, typing.selectionEnd, typing.selectionDirection] : null;
  list().replaceChildren(...state.players.map((name, i) => {
    const holder = document.createElement("template");
    holder.innerHTML = template.replaceAll("__N__", String(i)).trim();
    const row = holder.content.firstElementChild;
    row.querySelector(".player-label").textContent = said[i].label;
    row.querySelector(".name").value = name;
    row.querySelector(".dealt").value = state.dealt[i];
    row.querySelector(".origin").value = state.origins[i];
    showMonument(row, offers[i], withMonuments ? state.dealt[i] : "", state.monuments[i], withMonuments);
    const up = row.querySelector(".up");
    const remove = row.querySelector(".remove");
    up.hidden = i === 0;
    remove.hidden = state.players.length === 1;
    up.setAttribute("aria-label", said[i].up);
    remove.setAttribute("aria-label", said[i].remove);
    return row;
  }));
  const full = state.players.length >= words.catalogue.max_players;
  form.querySelector('button[value="add"]').toggleAttribute("hidden", full);
  form.querySelector(".players-full").toggleAttribute("hidden", !full);
  form.querySelector('button[value="deal-monuments"]').toggleAttribute("hidden", !withMonuments);
  const again = typing?.id ? document.getElementById(typing.id) : null;
  if (again && list().contains(again)) {
    again.focus({ preventScroll: true });
    if (caret) again.setSelectionRange(...caret);
  }
}

// A row's monument: a select of those the mode allows, or the two dealt to choose between (the other one
// is disabled, so the form sends one monument per row).
function showMonument(row, offers, dealt, chosen, withMonuments) {
  const select = row.querySelector("select");
  const pair = dealt ? dealt.split(" ") : null;
  for (const part of row.querySelectorAll(".monument-part")) part.hidden = !withMonuments || Boolean(pair);
  select.disabled = Boolean(pair);
  for (const option of select.querySelectorAll("option")) option.hidden = option.value !== "" && !offers.includes(option.value);
  select.value = pair ? "" : chosen;
  const pairBox = row.querySelector(".dealt-pair");
  if (pairBox) pairBox.hidden = !pair;
  row.querySelectorAll(".dealt-pair input").forEach((input, k) => {
    input.disabled = !pair;
    input.value = pair ? pair[k] : "";
    input.checked = Boolean(pair) && chosen === pair[k];
    input.parentElement.querySelector(".dealt-name").textContent =
      pair ? select.querySelector(`option[value="${CSS.escape(pair[k])}"]`).textContent : "";
  });
}

// A row's buttons are named by its player's name as it is typed ("Remove Bo", where the rows were drawn with "Remove
// Player 2"), worded by the core once it is ready: one wording at a time, the last for the names as they are then.
let relabelling = null;
let relabelAgain = false;

function relabel() {
  if (!coreReady()) return;
  if (relabelling) {
    relabelAgain = true;
    return;
  }
  const names = () => [...list().querySelectorAll("input.name")].map((input) => input.value);
  const asked = names();
  relabelling = loadBrowserCore().then((core) => core.draw("setup_lines", { words, names: asked })).then((said) => {
    // Rows drawn or typed in meanwhile: drawn, they are named already; typed in, they are worded again.
    if (names().join("\n") !== asked.join("\n")) return;
    [...list().children].forEach((row, i) => {
      row.querySelector('button[value^="up-"]')?.setAttribute("aria-label", said.rows[i].up);
      row.querySelector('button[value^="remove-"]')?.setAttribute("aria-label", said.rows[i].remove);
    });
  }).catch(() => {}).finally(() => {
    relabelling = null;
    if (relabelAgain) {
      relabelAgain = false;
      relabel();
    }
  });
}

// The monuments each row offers (a dealt pair, or those the mode allows), without redrawing the row; a row the
// server drew that cannot show its state (a select for a pair dealt, or a pair for a select) is drawn again.
function showOffers(state, offers, said) {
  const rows = [...list().children];
  const dealt = (i) => !state.without_monuments && Boolean(state.dealt[i]);
  if (rows.some((row, i) => !row.querySelector("select") || (dealt(i) && !row.querySelector(".dealt-pair")))) {
    drawRows(state, offers, said);
  } else {
    rows.forEach((row, i) => showMonument(row, offers[i], state.without_monuments ? "" : state.dealt[i], state.monuments[i], !state.without_monuments));
  }
  form.querySelector('button[value="deal-monuments"]')?.toggleAttribute("hidden", state.without_monuments);
}

function drawChoices(state) {
  for (const colour of words.catalogue.card_colours) {
    const input = form.querySelector(`input[name="${colour}"][value="${CSS.escape(state[colour])}"]`);
    if (input) input.checked = true;
    else for (const other of form.querySelectorAll(`input[name="${colour}"]:checked`)) other.checked = false;
  }
  drawMode(state);
  drawChosen();
}

// The mode and the options' boxes as a state has them (each box the state's true or false of its name): an address's
// answers drawn whole (a link to play again names none of them, but its game's).
function drawOptions(state) {
  for (const radio of form.querySelectorAll('input[name="mode"]')) radio.checked = radio.value === state.mode;
  for (const box of form.querySelectorAll('input[type="checkbox"]')) {
    if (typeof state[box.name] === "boolean") box.checked = state[box.name];
  }
}

// The cards a mode or an expansion leaves out of the chooser (Solo's, Town Hall's) or adds to it (Fortune's).
function drawMode(state) {
  form.classList.toggle("is-solo", state.mode === "solo");
  form.classList.toggle("is-town-hall", state.mode === "town-hall");
  form.classList.toggle("is-fortune", Boolean(state.fortune));
}

// The row of the seven chosen shows the card checked in each colour, named as its choice is, or that none is: a card
// of Fortune's stays checked while its switch is off, out of sight and out of the game (new_game.played_card), and so
// does one the mode leaves out (setup_choices.shown_card): named in the row, it was refused by Start alone.
function drawChosen() {
  const played = (form.classList.contains("is-fortune") ? "" : ":not(.fortune-card *)")
    + (form.classList.contains("is-solo") ? ":not(.solo-excluded *)" : "")
    + (form.classList.contains("is-town-hall") ? ":not(.town-hall-excluded *)" : "");
  for (const chip of form.querySelectorAll(".chosen-card")) {
    const checked = form.querySelector(`input[name="${chip.dataset.colour}"]:checked${played}`);
    chip.querySelector(".chosen-name").textContent = checked
      ? document.getElementById("card-name-" + checked.value).textContent : chip.dataset.none;
  }
}

// Every message on the form (or in a part of it) goes, the server's (a page it answered before the core was
// ready) as the page's, and the fields they described are no longer marked; the last gone, the title says Error no
// more.
function clearErrors(root = form) {
  for (const error of root.querySelectorAll(".error")) error.remove();
  for (const field of root.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
  for (const field of [root, ...root.querySelectorAll("[aria-describedby]")].filter((element) => element.hasAttribute("aria-describedby"))) {
    const left = field.getAttribute("aria-describedby").split(" ").filter((id) => document.getElementById(id));
    if (left.length) field.setAttribute("aria-describedby", left.join(" "));
    else field.removeAttribute("aria-describedby");
  }
  retitle(form);
}

// A message, shown and tied to what it is about as the server's are (templates/macros.html): a field is
// marked invalid and described by it, a colour's cards by their fieldset. One that is no field's (the form's, a
// colour's) can take the focus itself, as the server's can (focusFirstProblem).
let shownErrors = 0;
function showError(anchor, text) {
  const error = document.createElement(anchor === form ? "p" : "span");
  error.className = "error js-error";
  error.id = "js-error-" + ++shownErrors;
  error.setAttribute("role", "alert");
  error.textContent = text;
  if (anchor === form) {
    // The form's own messages open it, one after the other in the order given, as the server's page has them.
    const above = [...form.querySelectorAll(":scope > p.error")].pop();
    if (above) above.after(error);
    else form.prepend(error);
  } else {
    const holder = anchor.closest(".player-row, fieldset");
    if (holder) holder.append(error);
    else anchor.after(error);
  }
  const described = anchor.matches("input, select") ? anchor : anchor.tagName === "LEGEND" ? anchor.parentElement : null;
  if (described !== anchor || anchor.disabled) error.tabIndex = -1;
  if (!described) return;
  if (described === anchor) described.setAttribute("aria-invalid", "true");
  const ids = described.getAttribute("aria-describedby");
  described.setAttribute("aria-describedby", ids ? ids + " " + error.id : error.id);
}

// Where a problem of the flow's field id is shown: the player's row, or the colour's card list.
function anchorOf(field) {
  return form.querySelector(`#${CSS.escape(field)}`) ?? form.querySelector(`fieldset.c-${CSS.escape(field)} legend`) ?? form;
}

// Until the towns kept are brought up to date (newestTowns), a button waits for them, so it never answers
// with the older ones.
let townsChecked = Promise.resolve();

// Answer a button (or a refresh) from the form's fields, or from other fields given (the address's); the
// page's own calls while it brings the towns up to date do not wait for that.
async function act(action, given = null, waits = true) {
  clearErrors();
  const core = await loadBrowserCore();
  if (waits) await townsChecked;
  const fields = given ?? formFields(form);
  // An address's link to play again (results' "Play again"), read as the server reads it.
  const again = Boolean(given && "again" in given);
  const towns = form.elements.towns.value;
  const names = () => [...list().querySelectorAll("input.name")].map((input) => input.value);
  const asked = names();
  const shown = formFields(form);
  const answer = await core.setup({ fields, action, seed: seed() });
  // A link to play again is read alone, as the server reads it: a name typed on the blank form shown until the core
  // answered it (kept in the address through a reload) stays on its row, over the game's.
  if (again) {
    answer.state.players.forEach((name, i) => {
      const typed = given["players-" + i];
      if (typeof typed === "string" && typed) answer.state.players[i] = typed;
    });
  }
  // A name typed while the core answered stays as typed, where the answer keeps the rows in their seats: typed since
  // it was asked, and since its answer was worded (the buttons of the row are worded again as it is typed: relabel).
  // Its field is kept among those changed since the question, whose messages the answer leaves out (below).
  const changed = new Set();
  // A row moved up or removed: the rows do not keep their seats.
  const reseated = /^(up|remove)-/.test(action);
  const keepTyped = (since) => {
    if (answer.code || reseated) return;
    names().forEach((name, i) => {
      if (name === since[i] || i >= answer.state.players.length) return;
      answer.state.players[i] = name;
      changed.add("players-" + i);
    });
  };
  keepTyped(asked);
  const worded = names();
  if (answer.code) {
    const lang = words.lang;
    const next = { play: path("pages.play", { lang }, { code: answer.code }), table: path("tables.start", { lang }, { code: answer.code }) };
    // A town typed but not yet saved in the game whose towns are kept follows its player to their new seat,
    // its buildings renamed as a saved town's are (the flow's answer says what each is now).
    if (answer.renamed) {
      answer.state.origins.forEach((origin, seat) => {
        const draft = origin === "" ? null : draftOf(answer.towns_key, String(Number(origin) + 1));
        if (!draft) return;
        const moved = new URLSearchParams(draft);
        for (const [name, card] of [...moved]) {
          if (name.startsWith("square_") && answer.renamed[card]) moved.set(name, answer.renamed[card]);
        }
        keepDraft(answer.key, String(seat + 1), moved.toString());
      });
    }
    // This setup now stands for the game begun: Back to it and a change keeps every town entered meanwhile.
    form.elements.towns.value = answer.code;
    form.elements.resume.value = String(answer.step - 1);
    [...list().children].forEach((row, i) => { row.querySelector(`[name="origins-${i}"]`).value = String(i); });
    mirror();
    // The game it was set up from is this one now: one entry in the phone's list of games. A game started
    // here is a new play, whatever was being corrected before.
    if (answer.towns_key && answer.towns_key !== answer.key) forget(answer.towns_key);
    forgetCorrection();
    location.assign(next[action] ?? path("town.step", { lang, code: answer.code, n: answer.step }));
    return;
  }
  // What a screen reader is told of the button answered: the player removed or moved up, named as they were typed
  // before it (asked), the monuments dealt.
  const said = await core.draw("setup_lines", { words, names: answer.state.players, placed: answer.problems ?? null,
    action, before: given ? [] : asked, dealt: answer.state.without_monuments ? [] : answer.state.dealt });
  // Refused, the page's title says Error before its name, as the server's page titles it.
  const title = answer.problems ? await core.draw("page_title", { name: said.title }) : null;
  keepTyped(worded);
  // A card, a mode, a box or a row's monument tapped while the core answered (or worded its answer) is the later tap: it
  // stays as tapped, where the answer has the fields it read (a slow phone undid Tithe Barn, tapped as Fortune's
  // monuments were answered, and a monument picked as a ticked box was answered went back to none). A row's monument,
  // where the rows keep their seats, is kept before the rows are drawn, and offered to its row even where the answer
  // would not offer it, as a monument chosen is (setup_choices.monument_offers).
  const now = formFields(form);
  if (!reseated) {
    answer.state.players.forEach((_, i) => {
      const name = "monuments-" + i;
      if (now[name] === undefined || now[name] === shown[name]) return;
      answer.state.monuments[i] = now[name];
      if (now[name] && !answer.offers[i].includes(now[name])) answer.offers[i] = [...answer.offers[i], now[name]];
      changed.add(name);
    });
  }
  // A button that changes no row (a mode, a deal of cards) leaves the rows, and what is being typed, alone;
  // an address's answers drawn on a blank page are drawn whole.
  if (given || ["add", "deal-monuments"].includes(action) || reseated
      || answer.state.players.length !== list().children.length
      || Boolean(list().querySelector("select")) === answer.state.without_monuments) drawRows(answer.state, answer.offers, said.rows);
  else showOffers(answer.state, answer.offers, said.rows);
  for (const name of [...words.catalogue.card_colours, "mode"]) {
    if (now[name] === shown[name]) continue;
    answer.state[name] = now[name] ?? "";
    changed.add(name);
  }
  for (const box of form.querySelectorAll('input[type="checkbox"]')) {
    if ((box.name in now) !== (box.name in shown)) answer.state[box.name] = box.checked;
  }
  if (given) drawOptions(answer.state);
  drawChoices(answer.state);
  showRecentNames();
  // The towns the answer read (none, where they do not read), unless brought up to date meanwhile.
  if (form.elements.towns.value === towns) form.elements.towns.value = answer.state.towns;
  reloadAction = answer.reload ?? "";
  announce(said.said);
  if (answer.problems) {
    // The page with its problems is a new drawing: the button refused (start) acts again once they are mended, while
    // a tap made twice before this answer stays one.
    taps.drawn();
    for (const [field, texts] of Object.entries(said.errors)) {
      // A colour's message is about the card it had when asked: one tapped since answers it, as a card chosen on the
      // page answers its colour's message (a card tapped as Start was refused for want of it was told it had none).
      // So does a name typed since for its row's message, as typing answers it (a name typed as Start was refused for
      // being another player's was told it was).
      if (changed.has(field)) continue;
      for (const text of texts) showError(anchorOf(field), text);
    }
    for (const text of said.general) showError(form, text);
    // As the server's page and a town's: the title says Error, and the first problem takes the focus (its field, or
    // its message), in sight: a colour's message in the chooser, opened as the server opens it.
    const chooser = form.querySelector("details.chooser");
    if (chooser.querySelector(".error")) chooser.open = true;
    if (form.querySelector(".error")) document.title = title;
    focusFirstProblem(form);
    form.querySelector(".js-error")?.scrollIntoView({ block: "center" });
  } else if (answer.focus) {
    // Where the button leaves the focus (setup_choices.focus_after): a field's name, or a button's value.
    (form.elements.namedItem(answer.focus) ?? form.querySelector(`button[name="action"][value="${CSS.escape(answer.focus)}"]`))?.focus();
  }
  // A link to play again that cannot be read stays the address, as the server's page leaves it: a reload says so
  // again, where the blank form's fields said nothing. The first change writes the form over it.
  if (!(again && answer.problems)) mirror();
}

// A setup that keeps the towns of a game begun (Back to it from a town step) names the game as it was when
// begun; the towns entered since are in the newest code this phone keeps of that game, which it takes instead.
// A code this phone never had is newer than those it has (a town step's button just saved it): it stays.
async function newestTowns(core) {
  const towns = form.elements.towns;
  if (!towns.value) return;
  const answer = await core.setup({ fields: { towns: towns.value }, action: "refresh", seed: 0 });
  const newest = games().find((entry) => entry.id === answer.towns_key);
  if (newest && newest.code !== towns.value && (newest.seen ?? []).includes(towns.value)) {
    towns.value = newest.code;
    mirror();
  }
}

// The names of the players of the games kept on this phone, most recent first, each one tap to seat: offered
// while a name is still to be typed, less those typed already. Nothing leaves the phone.
const recent = [...new Set(games().flatMap((entry) => entry.names ?? []).map((name) => String(name).trim()).filter(Boolean))].slice(0, 12);

function showRecentNames() {
  const box = form.querySelector(".recent-names");
  if (!box || !recent.length) return;
  const names = [...list().querySelectorAll("input.name")];
  const typed = new Set(names.map((input) => input.value.trim()));
  const offered = recent.filter((name) => !typed.has(name));
  box.hidden = !offered.length || !names.some((input) => !input.value.trim());
  box.querySelector(".recent-names-list").replaceChildren(...offered.map((name) => {
    const chip = document.createElement("button");
    chip.type = "button";
    chip.className = "small recent-name";
    chip.dir = "auto";
    chip.textContent = name;
    chip.addEventListener("click", () => {
      const empty = [...list().querySelectorAll("input.name")].find((input) => !input.value.trim());
      if (!empty) return;
      empty.value = name;
      empty.dispatchEvent(new Event("input", { bubbles: true }));
    });
    return chip;
  }));
}

// What of an address's answers the blank form can hold, shown at once, before the core draws them all: the
// names of the rows it has, the choices made, but for the fields typed (named in `typed`). (A field the
// address does not name keeps the form's default, but for a box: an address from the form names every box
// ticked.)
function showAnswers(fields, typed) {
  for (const field of form.elements) {
    if (!field.name || field.type === "submit" || field.type === "button" || typed.has(field.name)) continue;
    if (field.type === "checkbox") field.checked = field.name in fields;
    else if (!(field.name in fields)) continue;
    else if (field.type === "radio") field.checked = field.value === firstOf(fields[field.name]);
    else field.value = firstOf(fields[field.name]);
  }
  drawMode({ mode: firstOf(fields.mode), fortune: "fortune" in fields });
  drawChosen();
}

// The button a tap's stands for on the rows shown (null for none): a row's button (move up, remove) tapped on rows
// drawn again since is that of the row its player is in now (sameRowAction).
function buttonNow(tap, redrawn) {
  const names = [...list().querySelectorAll("input.name")].map((input) => input.value);
  const action = redrawn && /^(up|remove)-/.test(tap.action) ? sameRowAction(tap.action, names, tap.who) : tap.action;
  const button = action && form.querySelector(`button[name="action"][value="${action}"]`);
  return button && !button.hidden && !button.disabled ? action : null;
}

if (form && words) {
  // The fields changed on this page before the core was ready, which its first answer reads as they are now:
  // first those typed or chosen before this script ran.
  const early = [...form.querySelectorAll("input")]
    .filter((input) => input.value !== input.defaultValue || input.checked !== input.defaultChecked);
  const changed = new Set(early.map((input) => input.name));
  // A blank setup page shown for an address with answers in it (the offline copy, or a page that language
  // switch or Back reopened), or a page reloaded before its address had the last letters typed: the address's
  // answers, read now, before the form's own are mirrored into it.
  const newer = newerAddress();
  // Every text of every field, as the server reads an address: one given twice is named, not dropped. A link to play
  // again names its game by a code, which only the core reads: every code it gives, as the server reads them (two are
  // refused), and nothing of the form shown before the core answers.
  opened = newer !== null ? { ...queryValues(newer) }
    : form.hasAttribute("data-blank") && location.search.length > 1 ? { ...queryValues() } : null;
  if (opened && !("again" in opened)) showAnswers(opened, changed);
  else drawChosen();
  // The chooser as it was left: Back from a card's rule draws the page anew, its chooser closed, where the
  // history entry remembers it open (and the browser then scrolls back to the card).
  const chooser = form.querySelector("details.chooser");
  if (history.state?.chooser) chooser.open = true;
  chooser.addEventListener("toggle", () => history.replaceState({ ...history.state, chooser: chooser.open }, "", location.href));
  const keep = atMostOncePerFrame(mirror);
  // A mode chosen before the core was ready is answered once it is, even one chosen before this script ran.
  const CHOICES = '[name="mode"], [name="without_monuments"], [name="fortune"], [name="fortune_monuments"]';
  let changedEarly = early.some((input) => input.matches(CHOICES));
  for (const type of ["input", "change"]) form.addEventListener(type, (event) => changed.add(event.target.name));
  form.addEventListener("input", keep);
  form.addEventListener("input", showRecentNames);
  form.addEventListener("input", (event) => {
    if (!event.target.matches("input.name")) return;
    // A name typed anew answers its row's message (a name left blank), as a card chosen answers its colour's: it
    // goes, and with the last one "Error" leaves the title. Start checks the names again.
    if (hasProblems(event.target)) forgetProblems(event.target);
    relabel();
  });
  showRecentNames();
  // What was typed or chosen before this script ran goes into the address now; and the rows the server drew in answer
  // to a button, whose address holds the button (action=…) and the fields as they were before it: a reload, or Back
  // to this page, asked for it again, and a deal dealt other cards.
  if (early.length || (!opened && "action" in queryFields())) keep();
  form.addEventListener("change", (event) => {
    // A card chosen answers the message its colour had (the server's or the page's).
    const colour = event.target.closest("fieldset.colour");
    if (colour) {
      drawChosen();
      clearErrors(colour);
    }
    const choice = event.target.matches(CHOICES);
    if (choice && coreReady()) taps.after(() => act("refresh"));
    else keep();
    changedEarly ||= choice;
  });
  ignoreDoubleTaps(form);
  const ahead = keysAhead();
  form.addEventListener("submit", (event) => {
    const button = event.submitter;
    // Until the core is ready the server answers, so a tap is never kept waiting.
    if (!coreReady() || !button || button.name !== "action" || button.hasAttribute("formaction")) return;
    event.preventDefault();
    const tap = { action: button.value, who: button.closest("li")?.querySelector("input.name")?.value ?? "" };
    // What is typed right after "Add a player" is the new player's name, however late their row is drawn.
    const typedAhead = tap.action === "add" ? ahead.hold(() => list().querySelectorAll("input.name")) : null;
    taps.tap(tap.action, (redrawn) => buttonNow(tap, redrawn), (action) => act(action)).finally(() => typedAhead?.());
  });
  // A page Back brings from the browser's memory runs no script again: its kept towns are brought up to date.
  addEventListener("pageshow", (event) => {
    if (event.persisted && coreReady()) townsChecked = loadBrowserCore().then(newestTowns).catch(() => {});
  });
  // Started once the form is painted: its first bytes and its first paint are the form's alone.
  requestAnimationFrame(() => setTimeout(async () => {
    let core;
    try {
      core = await loadBrowserCore();
    } catch (error) {
      // No core on this phone (offline and never stored, or its bundle refused): the server answers, as without scripts.
      return;
    }
    // Draw the address's answers, not the blank form's, and answer the button tapped before the core was
    // ready, as the server would have.
    townsChecked = (async () => {
      if (opened) {
        const now = formFields(form);
        const given = { ...opened };
        for (const name of changed) {
          if (name in now) given[name] = now[name];
          else delete given[name];
        }
        opened = null;
        const action = firstOf(given.action) ?? "refresh";
        await act(action, given, false);
      } else if (changedEarly) await act("refresh", null, false);
      else relabel();
      await newestTowns(core);
    })().catch(() => {});
  }, 0));
}
