// The page's words for what the browser draws itself: from the same catalogues as the server's pages.
const element = document.getElementById("words");
export const words = element ? JSON.parse(element.textContent) : null;

// The locale's own grouping (CLDR, as the server writes it) and a true minus sign (U+2212).
export function number(n) {
  return new Intl.NumberFormat(words.lang).formatToParts(n)
    .map((part) => (part.type === "minusSign" ? "\u2212" : part.value)).join("");
}

// Names joined as the language lists them ("A, B and C"), as the server's Babel format_list does.
export function list(names) {
  return new Intl.ListFormat(words.lang, { type: "conjunction" }).format(names);
}

// Fill %(name)s / %(name)d placeholders, as Babel's messages have them.
export function fill(template, values) {
  return template.replace(/%\((\w+)\)[ds]/g, (_, key) => String(values[key]));
}

// Like fill, but a value may be an element (a <bdi> around a name): returns the parts for h().
export function fillNodes(template, values) {
  return template.split(/(%\(\w+\)[ds])/).map((part) => {
    const key = /^%\((\w+)\)[ds]$/.exec(part)?.[1];
    return key === undefined ? part : values[key] instanceof Node ? values[key] : String(values[key]);
  });
}

// Pick the plural form for n by its CLDR category, the same categories Babel's catalogues use.
export function pluralForm(forms, n) {
  const category = new Intl.PluralRules(words.lang).select(n);
  return forms[category] ?? forms.other ?? Object.values(forms)[0];
}

export function counted(forms, n, shown = n) {
  return fill(pluralForm(forms, n), { num: shown });
}

export function reasonText(code, n, card) {
  if (code in words.counted) return counted(words.counted[code], n);
  return words.fed_reasons[card]?.[code] ?? words.reasons[code];
}

// "fed by" and the feeders, in words that agree with the fed card.
export function fedBy(card, feeders) {
  return fill(words.fed_reasons[card]["fed-by"], { feeders: list(feeders) });
}

export function problemText(problem) {
  if (problem.code === "not-in-solo") return fill(words.not_in_solo, { card: words.cards[problem.value] });
  return words.problems[problem.code] ?? words.code_problems.malformed;
}

// Point the language switch at this page's current address (for pages that keep their state there).
export function relinkLanguages() {
  for (const link of document.querySelectorAll(".languages a[lang]")) {
    const [, first, ...rest] = location.pathname.split("/");
    const path = words.catalogue.languages.includes(first) && rest.length ? "/" + rest.join("/") : location.pathname;
    link.href = "/" + link.getAttribute("lang") + path + location.search;
  }
}

// "label: value" as the language punctuates it, with nodes (or text) for both parts.
export function pair(label, value) {
  return words.ui.pair.split(/(%\((?:label|value)\)s)/).filter(Boolean).map((part) =>
    part === "%(label)s" ? label : part === "%(value)s" ? value : part);
}
