// "Your games": the statistics of the games finished on this phone, drawn by the core (webscore/flow/history_stats.py
// and history_pieces.py) from what recent.mjs kept; here only the page's events, the files and the storage.
import { loadBrowserCore } from "./core.mjs";
import { announce, clock } from "./dom.mjs";
import { forgetPlayed, keepMerged, keepPlayedText, merged, played, playedText } from "./recent.mjs";
import { path, words } from "./words.mjs";

const lang = document.documentElement.lang;
const texts = JSON.parse(document.getElementById("history-words").textContent);
const pageWords = { ...words, stats: texts };
const place = document.getElementById("history");
const message = document.querySelector(".import-message");
// Whether the core's worker holds the games as kept (sent once, then "same"): until another page changes them.
let sent = false;
addEventListener("storage", (event) => {
  if (event.key === null || event.key === "marquoir.played") sent = false;
});

function games() {
  const request = sent ? { same: true } : { played: playedText() };
  sent = true;
  return request;
}

// The filters live in the address, so Back, a reload or a bookmark shows the same figures.
const filters = Object.fromEntries(["period", "group"].map((name) => [name, new URLSearchParams(location.search).get(name) ?? ""]));

// Draw the page, keeping the summaries the core read for the first time, and the focus where it was (or on the
// control just changed, by its id). The games travel as the text they are kept as: the worker reads them.
// Where a kept game opens: its result, or a quick pad's pad (whole, with the site's origin, in the CSV).
function links(origin = "") {
  return { result: origin + path("results.show", { lang, code: "CODE" }).replace("CODE", "%(code)s"),
    pad: origin + path("pages.pad", { lang }) };
}

async function draw(focus = null) {
  const core = await loadBrowserCore();
  const answer = await core.history({
    call: "stats", ...games(), merged: merged(), filters, now: Date.now(), words: pageWords, links: links(),
  });
  const focused = focus ?? document.activeElement?.id;
  place.innerHTML = answer.html;
  // Each day in the page's language, from its time as this phone's clock reads it, written by the flow
  // (moments.py): only those shown are written.
  const times = [...place.querySelectorAll("time[data-when]")];
  if (times.length) {
    const days = await core.draw("moments", { words, kind: "day", clocks: times.map((time) => clock(Number(time.dataset.when))) });
    times.forEach((time, i) => { time.textContent = days[i]; });
  }
  if (focused && place.querySelector("#" + CSS.escape(focused))) document.getElementById(focused).focus();
  performance.mark("marquoir:games-drawn");
  // Kept after the page is drawn, in a task of its own.
  if (answer.played) setTimeout(() => keepPlayedText(answer.played), 0);
}

function save(name, type, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

// What the page says besides its statistics, worded by the flow's piece (history_pieces.games_lines). Where the core
// cannot start, what the page still does (export the games, delete them) says the page's words as they are, which
// write neither a day nor a count.
const lines = async (asked) => (await loadBrowserCore()).draw("games_lines", { words, texts, ...asked });
// A file is named for the day it is saved.
const fileNames = () => lines({ day: new Date().toISOString().slice(0, 10) });

// Every game as a code and a time, after the file's head as the flow describes it (history.EXPORT, given in the
// catalogue), which its import checks.
async function exportGames() {
  const games = played().filter((game) => typeof game?.code === "string" && Number.isInteger(game.when))
    .map(({ code, when }) => ({ code, when }));
  const name = (await fileNames().catch(() => ({ games_file: texts.games_file_undated }))).games_file;
  save(name, "application/json",
    JSON.stringify({ ...words.catalogue.export, games, merged: merged() }, null, 1));
}

async function exportPlays() {
  const core = await loadBrowserCore();
  const answer = await core.history({ call: "csv", ...games(), merged: merged(), words: { stats: texts, modes: words.modes },
    links: links(location.origin) });
  if (answer.played) keepPlayedText(answer.played);
  // A byte order mark first: a spreadsheet then reads the names' accents as UTF-8.
  save((await fileNames()).plays_file, "text/csv;charset=utf-8", "\ufeff" + answer.csv);
}

// An export holds a code and a time per game: the most games kept (words.catalogue.max_games) are well under this.
const MAX_FILE = 2_000_000;

async function importGames(file) {
  if (file.size > MAX_FILE) {
    message.textContent = texts.too_big;
    return;
  }
  message.textContent = texts.importing;
  const core = await loadBrowserCore();
  const answer = await core.history({ call: "import", text: await file.text(), ...games(), merged: merged() })
    .catch(() => ({ problem: "damaged-export" }));
  if (answer.problem) {
    message.textContent = texts.import_problems[answer.problem];
    return;
  }
  keepPlayedText(answer.played);
  keepMerged(answer.merged);
  await draw();
  message.textContent = (await lines({ imported: answer.added })).imported;
}

// Ask the browser to keep the games for good, and say whether it will.
async function storageNote() {
  const note = document.querySelector(".storage-note");
  const kept = navigator.storage?.persist ? await navigator.storage.persist().catch(() => false) : false;
  note.textContent = kept ? texts.persisted : texts.may_evict;
  note.hidden = false;
}

place.addEventListener("change", (event) => {
  const form = event.target.closest("[data-form=filters]");
  if (!form) return;
  filters[event.target.name] = event.target.value;
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value));
  history.replaceState(null, "", location.pathname + (query.size ? "?" + query : ""));
  draw(event.target.id);
});

place.addEventListener("submit", (event) => {
  event.preventDefault();
  const form = event.target;
  if (form.dataset.form !== "merge") return;
  const name = form.elements.name.value;
  const other = form.elements.as.value;
  if (name === other) {
    form.querySelector(".merge-message").textContent = texts.same_name;
    return;
  }
  keepMerged({ ...merged(), [name]: other });
  // The form is drawn again: the focus goes to its section's heading, and the merge is said.
  Promise.all([draw(), lines({ merged: [name, other] })]).then(([, said]) => {
    place.querySelector("#merge-heading")?.focus();
    announce(said.merged);
  });
});

place.addEventListener("click", (event) => {
  const button = event.target.closest("[data-action=unmerge]");
  if (!button) return;
  const names = merged();
  const name = button.dataset.name;
  delete names[name];
  keepMerged(names);
  Promise.all([draw(), lines({ unmerged: name })]).then(([, said]) => {
    place.querySelector("#merge-heading")?.focus();
    announce(said.unmerged);
  });
});

document.querySelector("[data-action=export]").addEventListener("click", exportGames);
document.querySelector("[data-action=csv]").addEventListener("click", exportPlays);
document.querySelector("[data-action=delete]").addEventListener("click", async () => {
  // The games kept now, whichever page kept them since this one was drawn.
  const said = await lines({ delete_count: played().length }).catch(() => ({ delete_confirm: texts.delete_all }));
  if (!confirm(said.delete_confirm)) return;
  forgetPlayed();
  sent = false;
  message.textContent = "";
  draw();
});
document.getElementById("import-file").addEventListener("change", (event) => {
  const [file] = event.target.files;
  if (file) importGames(file).finally(() => { event.target.value = ""; });
});

// The page is drawn after it loads, so the browser cannot put Back's scroll back itself. When the page is left,
// the history entry keeps the first heading or chart title on the screen and how far down the screen it stood;
// once drawn, the page puts it there again (by the title: parts below the screen are laid out only when scrolled
// to, so a scroll in pixels would land elsewhere).
history.scrollRestoration = "manual";
addEventListener("pagehide", () => {
  const shown = [...place.querySelectorAll("h2[id], h3[id], figcaption[id]")].find((title) => title.getBoundingClientRect().top >= 0);
  if (shown) history.replaceState({ ...history.state, anchor: shown.id, down: shown.getBoundingClientRect().top }, "");
});

function backToWhereRead() {
  const anchor = history.state?.anchor && document.getElementById(history.state.anchor);
  if (!anchor) return;
  const putBack = () => {
    anchor.scrollIntoView({ block: "start" });
    scrollBy(0, -history.state.down);
  };
  // Again once the parts brought on screen are laid out: their true heights move what follows them.
  putBack();
  requestAnimationFrame(() => requestAnimationFrame(() => {
    putBack();
    performance.mark("marquoir:games-put-back");
  }));
}

storageNote();
draw().then(backToWhereRead, () => {
  // The core could not start (its files never stored, and no network): say so rather than count forever.
  const said = document.createElement("p");
  said.className = "notice";
  said.textContent = texts.no_core;
  place.replaceChildren(said);
});
