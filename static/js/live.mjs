// Live score while a town is entered: on every change the flow, under MicroPython in the core's worker, reads
// the form and the core scores the town as it stands; each square shows its points. Only the edited
// town is scored (the others stand still; its Feast Halls still read the town on its right).
// Nothing here decides a point.
import { coreReady, loadBrowserCore } from "./core.mjs";
import { drawnNodes, forgetProblems, formFields } from "./dom.mjs";
import { remember } from "./recent.mjs";
import { words } from "./words.mjs";

export function liveScore(form) {
  // A town at a table is scored beside the other towns as the table holds them: those handed in when the page was
  // drawn, then as the table says (data-score-code, data-handed-in: table-town.mjs follows them).
  const code = form.dataset.scoreCode ?? form.dataset.code;
  const n = Number(form.dataset.player);
  const asked = (fields) => ({ code: form.dataset.scoreCode ?? code, n, fields,
    handed_in: JSON.parse(form.dataset.handedIn ?? "null") });
  // Drawn in the palette by webscore.flow.town_pieces.town_grid, as the squares' places for their points are;
  // the server's page holds the numbers already (town.js shows them), and they are redrawn from here on.
  const total = form.querySelector(".running-total");
  const squares = new Map([...form.querySelectorAll(".square[data-square]")].map((element) => [element.dataset.square, {
    square: element, points: element.querySelector(".square-points"), words: element.querySelector(".square-points-words") }]));
  // Only what changed is written: a tap changes a few squares' points, and the page redraws those alone.
  const write = (element, text) => {
    if (element.textContent !== text) element.textContent = text;
  };
  // What each square says once a tap changed it (town.js), alone and with the total, as the piece worded it: only
  // what changed is written here too.
  const sayable = (said) => {
    for (const [name, [alone, withTotal]] of Object.entries(said)) {
      const { square } = squares.get(name);
      if (square.dataset.said !== alone) square.dataset.said = alone;
      if (square.dataset.saidTotal !== withTotal) square.dataset.saidTotal = withTotal;
    }
  };
  const shown = (text) => {
    write(total, text);
    total.classList.remove("is-stale");
    if (total.hidden) {
      total.hidden = false;
      performance.mark("marquoir:town-number");
    }
  };
  // written: the texts the flow's piece gives with the town (town_pieces.live_numbers): the total as it says it,
  // each square's points as a number and in words.
  const draw = (player, written) => {
    shown(written.total);
    total.classList.remove("is-waiting");
    for (const [square, [number, said]] of Object.entries(written.squares)) {
      const { points, words: heard } = squares.get(square);
      // The number is seen; "3 points" is what a screen reader hears as the end of the square's name.
      write(points, number);
      write(heard, said);
    }
    form.dataset.liveTotal = String(player.total);
  };
  // A town waiting for an answer (a monument's fact, a Warehouse's load) shows no number rather than a wrong
  // one: the total says what it waits for (worded by the same piece as the server's page), the squares none.
  const wait = (text) => {
    shown(text);
    total.classList.add("is-waiting");
    for (const { points, words: said } of squares.values()) {
      write(points, "");
      write(said, "");
    }
    form.dataset.liveTotal = "";
  };
  // An error the server put on a fact or a Warehouse's load the town no longer waits for was answered: it goes.
  // (A square's or the monument's stays until that square or the monument is changed: town.js.)
  const answered = (waiting) => {
    for (const field of form.querySelectorAll("input[aria-invalid=true]")) {
      if (!waiting.includes(field.name)) forgetProblems(field);
    }
  };
  // A Warehouse's load no town takes is marked as it is typed, as the server's page marks it after "Next player"
  // (problems: each such field's messages, drawn by the same piece): the total says the range already. Messages
  // already shown are left, so a screen reader hears them once.
  const marked = (problems) => {
    for (const [name, html] of Object.entries(problems)) {
      const field = form.elements.namedItem(name);
      const square = field?.closest(".square");
      if (!square) continue;
      const drawn = drawnNodes(html);
      const messages = [...drawn.children];
      const ids = messages.map((message) => message.id);
      const shown = (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent);
      if (shown.join("\n") === messages.map((message) => message.textContent).join("\n")) continue;
      forgetProblems(field);
      square.append(drawn);
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", ids.join(" "));
      const button = square.querySelector(".square-button");
      const before = (button.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
      button.setAttribute("aria-describedby", [...before, ...ids].join(" "));
      square.classList.add("has-error");
    }
  };
  // Taps are answered once the core is ready; the numbers shown until then are the town as it was opened.
  form.dataset.live = "";
  const core = loadBrowserCore().then(async (ready) => {
    // The words the live score's texts are written with (town_pieces.live_numbers), kept by the core's worker.
    ready.words(words);
    const shown = await ready.town({ code, n, fields: {}, show: true });
    if (shown.game) remember(form.dataset.lang, code, location.pathname, shown.game, false, shown.key);
    return ready;
  }, () => {
    // No core on this phone (offline and never stored, or its bundle refused): the numbers stay as the page
    // came, marked as not up to date once a tap changes the town, and what a tap changed is said without them.
    delete form.dataset.live;
    form.dispatchEvent(new CustomEvent("town-scored"));
    return null;
  });
  // One question at a time: taps made while the core scores are scored together, once it answers.
  let asking = false;
  let again = false;
  // A square pressed with a building in hand (town.js): the town that tap would make is asked for at once,
  // while the finger is still down, and its answer taken if the tap that follows makes exactly that town. A
  // press that turns into a scroll, or a tap that makes another town, leaves it unused.
  let ahead = null;
  form.addEventListener("town-foresee", ({ detail: fields }) => {
    if (!coreReady() || asking) return;
    const request = asked(fields);
    const answer = core.then((ready) => ready.live(request)).catch(() => null);
    ahead = { key: JSON.stringify(request), answer };
  });
  const ask = async (ready) => {
    const request = asked(formFields(form));
    const foreseen = ahead?.key === JSON.stringify(request) ? await ahead.answer : null;
    ahead = null;
    return foreseen ?? ready.live(request);
  };
  const update = async () => {
    if (asking) {
      again = true;
      return;
    }
    asking = true;
    const ready = await core;
    let waiting = [];
    if (ready) {
      do {
        again = false;
        const { town, shown: written } = await ask(ready);
        if (again || !town) continue;
        waiting = town.waiting ?? [];
        // What it says is worded by the piece the server's page draws it with (running_total), numbers too.
        if (town.waiting) wait(written.total);
        else draw(town, written);
        sayable(written.said);
        answered(waiting);
        marked(written.problems);
      } while (again);
    }
    asking = false;
    // Said once the numbers are in (town.js announces what a tap changed with the new total, and puts a
    // question the town waits for in reach).
    form.dispatchEvent(new CustomEvent("town-scored", { detail: { waiting } }));
  };
  // A change the core cannot score yet leaves the numbers shown as they were: marked as not up to date.
  const changed = () => {
    if (!coreReady()) total.classList.add("is-stale");
    update();
  };
  form.addEventListener("town-change", changed);
  form.addEventListener("input", changed);
  // A town at a table redrawn from what the table holds, or scored beside other towns handed in (table-town.mjs).
  form.addEventListener("town-sync", changed);
  update();
}

const page = document.querySelector(".town-form[data-code]");
if (page && words) liveScore(page);
