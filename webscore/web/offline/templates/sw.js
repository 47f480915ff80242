// Marquoir's service worker: a versioned precache of the app shell in every language, network-first
// pages with a stored fallback, and nothing stored that is not a plain successful GET. The page registers
// it once idle, so a first visit's own bytes come first; the assets and the pages of the browser's
// language are stored at install, then the page's language and the others, one page at a time.
const VERSION = "{{ version }}";
const CACHE = "marquoir-" + VERSION;
const PAGES = {{ pages|safe }};
const ASSETS = {{ assets|safe }};
const [LANGUAGES, DEFAULT_LANGUAGE] = {{ languages|safe }};
// A game's pages visited are kept for offline use, only the 50 stored last; the precache is always kept.
const MAX_PAGES = 50;
const PRECACHED = new Set(ASSETS.concat(...Object.values(PAGES)).map((path) => new URL(path, self.location.href).href));
// The fields a town step's address may hold (a town's squares, loads, facts and monument), and where it was opened from.
const STEP_FIELDS = {{ step_fields|safe }};
const [FROM, SCORES] = {{ from_scores|safe }};
// A result, /<lang>/r/<code>, and a town step, /<lang>/g/<code>/<n>: a game's pages, the only ones kept as visited.
const GAME_PAGE = new RegExp("^/(" + LANGUAGES.join("|") + ")/(?:r/[A-Za-z0-9_-]+|g/[A-Za-z0-9_-]+/[1-9])$");

// Stored without cookies: a page of another language must not change the visitor's language cookie.
function plain(url) {
  return new Request(url, { credentials: "omit" });
}

self.addEventListener("install", (event) => {
  // Every page's navigation comes to this worker (page() below), the network's answer asked for while it starts
  // (navigation preload, activate). No route lets the network answer a page before this worker does (static
  // routing's "race-network-and-fetch-handler"): in Chromium 150, with the network down, a page the worker answered
  // that way often stopped loading halfway (its scripts never ran, "Opening the page…" stayed), 7 games in 8 here.
  // No skipWaiting here: a new version waits until the page agrees, so no form is swapped mid-entry.
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(ASSETS.concat(PAGES[await readerLanguage()]).map(plain));
  })());
});

// Store the pages not stored yet, the given language first, one at a time so as not to crowd the page.
async function storePages(first) {
  const cache = await caches.open(CACHE);
  const order = [first].concat(LANGUAGES.filter((lang) => lang !== first));
  for (const lang of order) {
    for (const url of PAGES[lang]) {
      if (!(await cache.match(url))) await cache.add(plain(url));
    }
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // A page is asked of the network while this worker starts, not once it has (pages are network-first).
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    for (const name of await caches.keys()) {
      if (name.startsWith("marquoir-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "update") self.skipWaiting();
  else if (event.data && LANGUAGES.includes(event.data.precache)) event.waitUntil(storePages(event.data.precache));
});

function preferred() {
  const lang = (navigator.language || DEFAULT_LANGUAGE).slice(0, 2);
  return LANGUAGES.includes(lang) ? lang : DEFAULT_LANGUAGE;
}

// The language the reader last read pages in (the "lang" cookie, as the server reads it for / and share
// links), where the worker can read cookies (cookieStore); else the browser's.
async function readerLanguage() {
  try {
    const kept = self.cookieStore ? await self.cookieStore.get("lang") : null;
    if (kept && LANGUAGES.includes(kept.value)) return kept.value;
  } catch (error) {
    // Cookies out of reach (a blocked store): the browser's language stands in.
  }
  return preferred();
}

function languageOf(url) {
  const first = url.pathname.split("/")[1];
  return LANGUAGES.includes(first) ? first : null;
}

// The stored page that can stand in for an address the network cannot serve; an address without a
// language stands for the same one in the reader's. Every other address is the shell's (app.mjs): it draws
// a town step, a result, a table and a town at it from what this phone kept, and says what it cannot draw.
function standIn(url, reader) {
  const lang = languageOf(url);
  if (!lang) return standIn(new URL("/" + reader + url.pathname, url), reader);
  const stored = "/" + lang + "/" + url.pathname.slice(lang.length + 2).replace(/\/$/, "");
  return PAGES[lang].includes(stored) ? stored : "/" + lang + "/offline";
}

// The address a game's page is kept under, or null: not a game's page, or an address no page of ours leads to. A
// result is kept at its own address only; a town step with the fields of its query in STEP_FIELDS' order, each once,
// and nothing else (where it was opened from only if from the scores). So no query a link makes up (?zq7=…) takes
// a place of its own, and the other pages, kept at install, are never pushed out by what is visited.
function keptAddress(url) {
  if (!GAME_PAGE.test(url.pathname)) return null;
  const query = new URLSearchParams(url.search);
  const keys = [...query.keys()];
  const step = url.pathname.split("/")[2] === "g";
  const known = (key, i) => step && (STEP_FIELDS.includes(key) || (key === FROM && query.get(key) === SCORES))
    && keys.indexOf(key) === i;
  if (!keys.every(known)) return null;
  const fields = STEP_FIELDS.concat(FROM).filter((key) => query.has(key)).map((key) => [key, query.get(key)]);
  return url.origin + url.pathname + (fields.length ? "?" + new URLSearchParams(fields) : "");
}

// A cache lists entries in the order they were stored, and storing an address again moves it last.
async function forgetOldPages(cache) {
  const pages = (await cache.keys()).filter((request) => !PRECACHED.has(request.url));
  for (const request of pages.slice(0, Math.max(0, pages.length - MAX_PAGES))) await cache.delete(request);
}

// Pages are stored one at a time, so two never forget the oldest at once.
let storing = Promise.resolve();

function keep(address, stored) {
  storing = storing.then(async () => {
    const cache = await caches.open(CACHE);
    const response = await stored();
    if (!response.ok) return;
    await cache.put(address, response);
    await forgetOldPages(cache);
  }).catch(() => {});
  return storing;
}

// A page the server keeps the same for good (a result, a town step opened plain: "immutable") is stored from the
// browser's HTTP cache once it is shown, not copied as it streams: a copy would pass every byte of the page
// through this worker's thread before the page has them. Any other page is copied as it comes. The store is
// opened once the answer is on its way: the page waits for nothing of it.
async function page(event) {
  const request = event.request;
  const address = keptAddress(new URL(request.url));
  try {
    const response = (await event.preloadResponse) || await fetch(request);
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    if (address && response.ok && response.type === "basic" && !cacheControl.includes("no-store")) {
      const copy = cacheControl.includes("immutable") ? null : response.clone();
      event.waitUntil(keep(address, async () => copy ?? await fetch(request, { cache: "force-cache" })));
    }
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const url = new URL(request.url);
    return (address && await cache.match(address)) || (await cache.match(standIn(url, await readerLanguage())))
      || Response.error();
  }
}

async function asset(request) {
  const cached = await caches.match(request, { ignoreSearch: false });
  return cached || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith("/static/") || url.pathname.startsWith("/core/")) {
    event.respondWith(asset(request));
  }
});
