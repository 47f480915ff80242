// The table's pages drawn by the offline shell (app.mjs) when a reload finds no network: the table's page from
// what table-store.mjs kept of it, and the page that says the network is needed when this phone kept nothing.
import { loadBrowserCore } from "./core.mjs";
import { drawnNodes } from "./dom.mjs";
import { POLL, keptState, newestOnly, outboxKey, setupKey, text as tableText } from "./table-store.mjs";
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

// Why this page is drawn here: the phone is offline (said), or it has network and the server does not answer (down or
// restarting), which is said as a town's page says it: "unreachable", never that the phone is offline.
const why = (said) => (navigator.onLine ? "unreachable" : said);

// The control of the page that holds the focus, as a selector that finds it, or the one drawn in its place, in the
// page drawn again: by its id (the scores' link), its action (Reload) or its player (a town's link); any control
// else. null when the focus is elsewhere.
function focusedControl() {
  const focused = document.activeElement;
  if (!focused || focused === app || !app.contains(focused)) return null;
  if (focused.id) return `#${CSS.escape(focused.id)}`;
  if (focused.dataset.action) return `[data-action="${CSS.escape(focused.dataset.action)}"]`;
  const player = focused.closest("[data-player]")?.dataset.player;
  return player ? `[data-player="${CSS.escape(player)}"] a` : "a[href], button";
}

// Put a page in (draw: its HTML, asked again whenever the phone goes offline or back online, as why it is shown may
// change), its Reload button answered, and reload by itself once the server answers again. A keyboard or a screen
// reader stays where it was: the focus goes to the same control drawn again, not to the page's body.
async function showOffline(table, draw) {
  const newest = newestOnly();
  const put = async () => {
    const html = await newest(draw);
    if (html === null) return;
    const focused = focusedControl();
    app.replaceChildren(drawnNodes(html));
    app.querySelector('[data-action="reload"]').addEventListener("click", () => location.reload());
    relinkLanguages();
    if (focused) (app.querySelector(focused) ?? app.querySelector("a[href], button"))?.focus();
  };
  // Listened to before the first drawing: a change while it is drawn draws it again.
  addEventListener("offline", put);
  addEventListener("online", put);
  reloadWhenOnline(table);
  await put();
}

// Nothing of this table or town is kept on this phone, or the core cannot start: say so (said: "offline", or
// "table_offline" on the table's page; "unreachable" where the phone has network) and offer to reload. When the core
// is out of reach too, the page says the server's words as they are, its title and its sentences written whole
// there (webscore/web/i18n/table_words.py).
export async function needsNetwork(table, said = "offline") {
  let core = null;
  try {
    core = await loadBrowserCore();
  } catch (error) {
    const alone = () => {
      document.title = tableText.alone.title;
      app.textContent = tableText.alone[why(said)];
    };
    alone();
    addEventListener("offline", alone);
    addEventListener("online", alone);
    reloadWhenOnline(table);
    return;
  }
  document.title = await core.draw("page_title", { name: tableText.needs_network });
  const reload = await core.draw("button", { label: tableText.reload, action: "reload", classes: "primary" });
  await showOffline(table, () => core.draw("notice", { title: tableText.needs_network, message: tableText[why(said)],
    actions: [reload] }));
}

// The players of a table as this phone knows them: the state last followed, else the names its setup holds.
async function tablePlayers(table) {
  const state = keptState(table);
  if (state) return { state, players: state.players };
  const setup = localStorage.getItem(setupKey(table));
  try {
    const game = setup ? (await (await loadBrowserCore()).town({ code: setup, n: 1, fields: {}, show: true })).game : null;
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
  if (!players) return needsNetwork(table, "table_offline");
  // Drawn as the server draws them; only this phone's own towns lead anywhere, the others need the network.
  const links = players.map((_, i) => (!state?.finished && localStorage.getItem(outboxKey(table, i + 1))
    ? path("tables.town", { lang, table_id: table, n: i + 1 }) : null));
  let core;
  try {
    core = await loadBrowserCore();
  } catch (error) {
    return needsNetwork(table, "table_offline");
  }
  document.title = await core.draw("page_title", { name: tableText.table });
  const list = await core.draw("table_players", { words, text: tableText, players, links });
  await showOffline(table, () => core.draw("table_page", { words, text: tableText, section: { class: "table" },
    players: list, result: state?.finished && state.result ? retold(state.result, lang) : "", last_seen: Boolean(state),
    unreachable: navigator.onLine }));
}
