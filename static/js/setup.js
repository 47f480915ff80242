// Setup on the phone itself: the buttons (add, move, remove, deal, first game) change the form here, and
// "Enter the towns" checks the game with the core under MicroPython, so setting up needs no network.
import { loadBrowserCore } from "./core.mjs";
import { fill, problemText, words } from "./words.mjs";

const form = document.querySelector("form.setup");
const COLOURS = ["red", "grey", "orange", "green", "yellow", "navy"];

function randomIndex(count) {
  const value = new Uint32Array(1);
  crypto.getRandomValues(value);
  return value[0] % count;
}

function shuffle(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

const list = () => form.querySelector("ol.players");
const solo = () => form.querySelector('input[name="mode"]:checked')?.value === "solo";
const withMonuments = () => !form.querySelector('input[name="without_monuments"]').checked;
const allowed = (card) => !solo() || !words.catalogue.solo_excluded.includes(card);

function rows() {
  return [...list().children].map((row) => ({
    name: row.querySelector(".name").value,
    monument: row.querySelector("select")?.value ?? "",
    dealt: row.querySelector('input[type="hidden"]')?.value ?? "",
  }));
}

function drawRows(state) {
  const template = document.getElementById("player-row").innerHTML;
  list().replaceChildren(...state.map((player, i) => {
    const holder = document.createElement("template");
    holder.innerHTML = template.replaceAll("__N__", String(i)).trim();
    const row = holder.content.firstElementChild;
    const label = fill(words.ui.player_n, { num: i + 1 });
    row.querySelector(".player-label").textContent = label;
    row.querySelector(".name").value = player.name;
    row.querySelector('input[type="hidden"]').value = player.dealt;
    const dealt = player.dealt.split(" ").filter(Boolean);
    for (const option of row.querySelectorAll("option")) {
      option.hidden = option.value !== "" && (dealt.length ? !dealt.includes(option.value) : !allowed(option.value));
    }
    row.querySelector("select").value = player.monument;
    for (const part of row.querySelectorAll(".monument-part")) part.hidden = !withMonuments();
    const who = player.name.trim() || label;
    const up = row.querySelector(".up");
    const remove = row.querySelector(".remove");
    up.hidden = i === 0;
    remove.hidden = state.length === 1;
    up.setAttribute("aria-label", fill(words.ui.move_up, { name: who }));
    remove.setAttribute("aria-label", fill(words.ui.remove, { name: who }));
    return row;
  }));
  form.querySelector('button[value="add"]')?.toggleAttribute("hidden", state.length >= words.catalogue.max_players);
  form.querySelector('button[value="deal-monuments"]')?.toggleAttribute("hidden", !withMonuments());
}

function act(action) {
  const state = rows();
  const [verb, number] = action.split("-");
  const n = Number(number);
  if (action === "add" && state.length < words.catalogue.max_players) state.push({ name: "", monument: "", dealt: "" });
  else if (verb === "remove" && state.length > 1) state.splice(n, 1);
  else if (verb === "up" && n > 0) [state[n - 1], state[n]] = [state[n], state[n - 1]];
  else if (action === "first-game") {
    for (const card of words.catalogue.first_game) form.querySelector(`input[value="${card}"]`)?.click();
  } else if (action === "deal") {
    for (const colour of COLOURS) {
      const choices = [...form.querySelectorAll(`input[name="${colour}"]`)].filter((input) => allowed(input.value));
      choices[randomIndex(choices.length)].checked = true;
    }
  } else if (action === "deal-monuments") {
    const pile = shuffle(words.catalogue.monuments.filter(allowed));
    state.forEach((player, i) => {
      player.dealt = pile[2 * i] + " " + pile[2 * i + 1];
      player.monument = "";
    });
  }
  drawRows(state);
}

function clearErrors() {
  for (const error of form.querySelectorAll(".js-error")) error.remove();
}

function showError(anchor, text) {
  const error = document.createElement(anchor === form ? "p" : "span");
  error.className = "error js-error";
  error.setAttribute("role", "alert");
  error.textContent = text;
  if (anchor === form) form.prepend(error);
  else anchor.after(error);
}

async function start(action) {
  clearErrors();
  const state = rows();
  const buildings = ["cottage"];
  for (const colour of COLOURS) {
    const picked = form.querySelector(`input[name="${colour}"]:checked`);
    if (picked) buildings.push(picked.value);
    else showError(form.querySelector(`fieldset.c-${colour} legend`), words.problems["one-per-colour"]);
  }
  if (buildings.length < 7) return;
  const game = {
    mode: form.querySelector('input[name="mode"]:checked')?.value ?? "master-builder",
    monuments: withMonuments(),
    cavern: form.querySelector('input[name="cavern"]').checked,
    buildings,
    players: state.map((player) => ({
      name: player.name.trim(),
      monument: withMonuments() && player.monument ? player.monument : null,
      town: [[null, null, null, null], [null, null, null, null], [null, null, null, null], [null, null, null, null]],
    })),
  };
  const core = await loadBrowserCore();
  const answer = core.score(JSON.stringify(game));
  if (answer.code) {
    const next = { play: `/${words.lang}/play?code=${answer.code}`, table: `/${words.lang}/t/new?code=${answer.code}` };
    location.assign(next[action] ?? `/${words.lang}/g/${answer.code}/1`);
    return;
  }
  for (const problem of answer.problems) {
    const row = problem.player === null ? null : list().children[problem.player];
    if (row && problem.code.startsWith("name")) showError(row.querySelector(".name"), problemText(problem));
    else if (row) showError(row.querySelector("select"), problemText(problem));
    else if (problem.code === "not-in-solo") {
      showError(form.querySelector(`input[value="${problem.value}"]`).closest("fieldset").querySelector("legend"), problemText(problem));
    } else showError(form, problemText(problem));
  }
  form.querySelector(".js-error")?.scrollIntoView({ block: "center" });
}

// A blank setup page shown for an address with answers in it (the offline copy): put them back.
function restore(query) {
  const count = [...query.keys()].filter((key) => /^players-\d+$/.test(key)).length;
  const state = [];
  for (let i = 0; i < count; i++) {
    state.push({ name: query.get("players-" + i) ?? "", monument: query.get("monuments-" + i) ?? "", dealt: query.get("dealt-" + i) ?? "" });
  }
  for (const name of ["mode", ...COLOURS]) {
    const input = form.querySelector(`input[name="${name}"][value="${CSS.escape(query.get(name) ?? "")}"]`);
    if (input) input.checked = true;
  }
  for (const name of ["cavern", "without_monuments"]) form.querySelector(`input[name="${name}"]`).checked = query.has(name);
  if (state.length) drawRows(state);
}

if (form && words) {
  const update = () => {
    form.classList.toggle("is-solo", solo());
    drawRows(rows());
  };
  // The server drew the rows; redrawing them now could drop what is being typed as the page starts.
  const query = new URLSearchParams(location.search);
  if (form.hasAttribute("data-blank") && [...query.keys()].length) restore(query);
  form.addEventListener("change", (event) => {
    if (event.target.matches('input[name="mode"], input[name="without_monuments"]')) update();
  });
  form.addEventListener("submit", (event) => {
    const button = event.submitter;
    if (!button || button.name !== "action" || button.hasAttribute("formaction")) return;
    event.preventDefault();
    if (["start", "play", "table"].includes(button.value)) start(button.value);
    else act(button.value);
  });
  form.classList.toggle("is-solo", solo());
}
