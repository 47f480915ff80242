// The table's pages drawn by the offline shell (app.mjs) when a reload finds no network: the table's page from
// what table.mjs kept of it, and the page that says the network is needed when this phone kept nothing.
import { loadBrowserCore } from "./core.mjs";
import { drawnNodes, h } from "./dom.mjs";
import { POLL, outboxKey, setupKey, stateKey, text as tableText } from "./table.mjs";
import { match, path, relinkLanguages, words } from "./words.mjs";

const app = document.getElementById("app");

// Reload once the network is back: when the table's state (which no service worker answers) comes back.
// Asked at each "online" event and every few seconds too: Chromium may say "online" as a page opens while
// it is still offline, and then not again when the network really returns; asked as often as the table's
// page asks for news.
function reloadWhenOnline(table) {
  let reloading = false;
  const check = async () => {
    try {
      await fetch(path("tables.state", { lang: words.lang, table_id: table }), { method: "HEAD", cache: "no-store" });
    } catch (error) {
      return;
    }
    // Once: a second reload could cut short the reloaded page's first save, which would then meet its own
    // saved version as another phone's.
    if (reloading) return;
    reloading = true;
    location.reload();
  };
  addEventListener("online", check);
  setInterval(check, POLL);
}

// Nothing of this table or town is kept on this phone, or the core cannot start: say so and offer to reload.
export function needsNetwork(table, offline = tableText.offline) {
  document.title = tableText.needs_network + " · Marquoir";
  const reload = h("button.primary", { type: "button" }, tableText.reload);
  reload.addEventListener("click", () => location.reload());
  reloadWhenOnline(table);
  app.replaceChildren(h("section.notice", {}, h("h1", {}, tableText.needs_network), h("p", {}, offline),
    h("p", {}, reload)));
  relinkLanguages();
}

// The players of a table as this phone knows them: the state last followed, else the names its setup holds.
async function tablePlayers(table) {
  const state = JSON.parse(localStorage.getItem(stateKey(table)) || "null");
  if (state?.players) return { state, players: state.players };
  const setup = localStorage.getItem(setupKey(table));
  try {
    const game = setup ? (await loadBrowserCore()).town({ code: setup, n: 1, fields: {}, show: true }).game : null;
    return { state: null, players: game ? game.players.map((player) => ({ name: player.name })) : null };
  } catch (error) {
    return { state: null, players: null };
  }
}

// The same page in another language: the result's address the table gave, in this page's language.
function retold(address, lang) {
  const found = match(address);
  return found ? path(found.endpoint, { ...found.values, lang }) : address;
}

// The table's page reloaded without network: following the others' towns needs it, so say so, and show what
// this phone last saw of the table, with its own towns (drawn offline from what it kept) and the scores.
export async function tableOffline(where) {
  const { lang, table } = where;
  const { state, players } = await tablePlayers(table);
  if (!players) return needsNetwork(table, tableText.table_offline);
  // Drawn as the server draws them; only this phone's own towns lead anywhere, the others need the network.
  const links = players.map((_, i) => (!state?.finished && localStorage.getItem(outboxKey(table, i + 1))
    ? path("tables.town", { lang, table_id: table, n: i + 1 }) : null));
  let list;
  try {
    list = (await loadBrowserCore()).tablePlayers({ words, text: tableText, players, links });
  } catch (error) {
    return needsNetwork(table, tableText.table_offline);
  }
  const reload = h("button.primary", { type: "button" }, tableText.reload);
  reload.addEventListener("click", () => location.reload());
  reloadWhenOnline(table);
  document.title = tableText.table + " · Marquoir";
  app.replaceChildren(h("section.table", {}, h("h1", {}, tableText.table),
    h("p.table-offline.error", { role: "status" }, tableText.table_offline),
    h("p", {}, tableText.follow),
    state?.finished && state.result ? h("p", {}, h("a.button.primary.big",
      { id: "table-result", href: retold(state.result, lang) }, tableText.see_scores)) : null,
    h("h2", {}, tableText.players),
    state ? h("p.hint", {}, tableText.last_seen) : null,
    drawnNodes(list),
    h("p", {}, reload)));
  relinkLanguages();
}
