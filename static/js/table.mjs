// A table: follow where every player stands, send one's own town as it is entered, hand it in. This module runs
// the table's pages (the table, a town of it, a table gone); the keeping and following are table-store.mjs's,
// a town's outbox table-outbox.mjs's, a town's page table-town.mjs's.
import { loadBrowserCore } from "./core.mjs";
import { drawnNodes } from "./dom.mjs";
import {
  endedEmpty, eventsToTell, follow, newestOnly, outboxKey, ownRevisions, rememberTable, setupKey, showEvents, text,
} from "./table-store.mjs";
import { outbox } from "./table-outbox.mjs";
import { townPage } from "./table-town.mjs";
import { words } from "./words.mjs";

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
  // The lines are worded by the flow's piece, as the server's page drew them: until the core is ready (or where
  // it cannot load) the page stays as the server drew it.
  const core = loadBrowserCore().catch(() => null);
  const newest = newestOnly();
  // The server out of reach while the phone has network: said as a town's page says it (the offline note is for a
  // phone without network, and table-store.mjs shows it then).
  const unreachable = section.querySelector(".table-unreachable");
  const sayAnswered = (answered) => {
    if (unreachable) unreachable.hidden = answered || !navigator.onLine;
  };
  addEventListener("offline", () => sayAnswered(true));
  follow(section.dataset.table, section.dataset.state, async (state) => {
    if (state.finished && !endedEmpty(state)) return location.assign(state.result);
    // Ended while towns had no square: the page drawn since then says so beside the scores' link.
    if (state.finished && !section.querySelector("#table-result")) return location.reload();
    const told = eventsToTell(state, -1, null, ownRevisions(section.dataset.table));
    const news = await newest(async () => (await core)?.draw("table_news", { words, text,
      players: state.players.map(({ status, total, least }) => ({ status, total, least })), events: told }));
    if (!news) return;
    if (events.isConnected) showEvents(events, news.events);
    for (const [i, player] of state.players.entries()) {
      const row = section.querySelector(`.table-player[data-player="${i + 1}"]`);
      row.dataset.status = player.status;
      // The status and the total as one line, by the language's template, as table_pieces.table_players draws it.
      row.querySelector(".table-said").replaceChildren(drawnNodes(news.said[i]));
    }
  }, () => drainAll(), sayAnswered);
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
