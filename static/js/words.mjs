// The page's words for what the browser draws itself: from the same catalogues as the server's pages.
const element = document.getElementById("words");
export const words = element ? JSON.parse(element.textContent) : null;

// A whole number as the server writes it (labels.number_in): Babel's group separator and size, a true minus.
export function number(n) {
  const { minus, group, grouping, grouped_from: groupedFrom } = words.number;
  let digits = String(Math.abs(n));
  if (Math.abs(n) >= groupedFrom) {
    const groups = [];
    for (; digits.length > grouping; digits = digits.slice(0, -grouping)) groups.unshift(digits.slice(-grouping));
    digits = [digits, ...groups].join(group);
  }
  return (n < 0 ? minus : "") + digits;
}

// Names joined as the language lists them ("A, B and C"), by Babel's patterns, as the server's format_list does.
export function list(names) {
  // One pass over the pattern, so a name holding "{1}" or "$&" stays as it is.
  const join = (pattern, first, second) => pattern.replace(/\{([01])\}/g, (_, i) => (i === "0" ? first : second));
  if (names.length < 2) return names.join("");
  if (names.length === 2) return join(words.lists["2"], names[0], names[1]);
  let joined = join(words.lists.start, names[0], names[1]);
  for (const name of names.slice(2, -1)) joined = join(words.lists.middle, joined, name);
  return join(words.lists.end, joined, names[names.length - 1]);
}

// Fill %(name)s / %(name)d placeholders, as Babel's messages have them.
export function fill(template, values) {
  return template.replace(/%\((\w+)\)[ds]/g, (_, key) => String(values[key]));
}

// The form of a counted message for n, by the category Babel gives n in this language (words.plurals).
export function pluralForm(forms, n) {
  return forms[words.plurals[String(n)] ?? "other"] ?? forms.other;
}

export function counted(forms, n, shown = n) {
  return fill(pluralForm(forms, n), { num: shown });
}

export function problemText(problem) {
  if (problem.code === "not-in-solo") return fill(words.not_in_solo, { card: words.cards[problem.value] });
  // A problem of the address (a field given twice, or unknown) names its field, as the server's words do.
  return fill(words.problems[problem.code] ?? words.code_problems.malformed, { field: problem.value });
}

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

// "label: value" as the language punctuates it, with nodes (or text) for both parts.
export function pair(label, value) {
  return words.ui.pair.split(/(%\((?:label|value)\)s)/).filter(Boolean).map((part) =>
    part === "%(label)s" ? label : part === "%(value)s" ? value : part);
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
    try {
      names.forEach(([name, converter], i) => {
        const text = decodeURIComponent(found[i + 1]);
        values[name] = converter === "int" ? Number(text) : text;
      });
    } catch (error) {
      return null; // a broken %-escape names no page
    }
    return { endpoint, values };
  }
  return null;
}
