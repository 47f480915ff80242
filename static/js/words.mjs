// The page's words, from the same catalogues as the server's pages. Nothing here writes a number, a list or a
// counted message: the flow's pieces do, under MicroPython (webscore/flow/text.py), and the page shows their text.
const element = document.getElementById("words");
export const words = element ? JSON.parse(element.textContent) : null;

// Point the language switch at this page's current address (for pages that keep their state there).
// A short address without a language (/t/<id>, /r/<code>) is relinked to the page that names one at the same place.
export function relinkLanguages() {
  const here = match(location.pathname);
  if (!here) return;
  let { endpoint } = here;
  if (!("lang" in here.values)) {
    const rule = words.routes.rules.find(([name]) => name === endpoint)[1];
    endpoint = words.routes.rules.find(([, other]) => other === "/<lang>" + rule)?.[0];
    if (!endpoint) return;
  }
  for (const link of document.querySelectorAll(".languages a[lang]")) {
    link.href = path(endpoint, { ...here.values, lang: link.getAttribute("lang") }) + location.search;
  }
}

// Addresses of pages from the server's URL map (words.routes): built, and recognised, as Werkzeug does.
const RULE_PART = /(<(?:(\w+):)?(\w+)>)/;

export function path(endpoint, values = {}, query = null) {
  const [, rule] = words.routes.rules.find(([name]) => name === endpoint);
  const parts = rule.split(RULE_PART);
  let built = "";
  // split() with groups gives: fixed text, then the part, its converter and its name, then fixed text again.
  for (let i = 0; i < parts.length; i += 4) built += parts[i] + (i + 3 < parts.length ? encodeURIComponent(String(values[parts[i + 3]])) : "");
  const search = query ? new URLSearchParams(query).toString() : "";
  return search ? `${built}?${search}` : built;
}

// A part of an address as Werkzeug reads it: its %-escapes decoded, and one that decodes to no text kept as written
// ("%ZZ"), so that the page it names says what the server says of it (a code holding "%": "bad-character").
function unquote(text) {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (escaped) => {
    try {
      return decodeURIComponent(escaped);
    } catch (error) {
      return escaped;
    }
  });
}

export function match(pathname) {
  const { rules, converters } = words.routes;
  for (const [endpoint, rule] of rules) {
    const parts = rule.split(RULE_PART);
    const names = [];
    let pattern = "";
    for (let i = 0; i < parts.length; i += 4) {
      pattern += parts[i].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      if (i + 3 < parts.length) {
        names.push([parts[i + 3], parts[i + 2]]);
        pattern += `(${converters[parts[i + 2] ?? "default"]})`;
      }
    }
    const found = new RegExp(`^(?:${pattern})$`).exec(pathname);
    if (!found) continue;
    const values = {};
    names.forEach(([name, converter], i) => {
      const text = unquote(found[i + 1]);
      values[name] = converter === "int" ? Number(text) : text;
    });
    return { endpoint, values };
  }
  return null;
}
