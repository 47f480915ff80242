// HTML the core drew (webscore/flow/*_pieces.py escape all they show), as nodes to put in the page.
export function drawnNodes(html) {
  const holder = document.createElement("template");
  holder.innerHTML = html;
  return holder.content;
}

// An address's query as the flow reads fields: each name once, with its first value.
export function queryFields(query = location.search) {
  const found = {};
  for (const [key, value] of new URLSearchParams(query)) if (!(key in found)) found[key] = value;
  return found;
}

// An address's query with every value: each name's text, or its texts where the address repeats it.
export function queryValues(query = location.search) {
  const found = Object.create(null);
  for (const [key, value] of new URLSearchParams(query)) found[key] = key in found ? [].concat(found[key], value) : value;
  return found;
}

// A form's fields as the flow reads them: each name once, with its first value, as text.
export function formFields(form) {
  const found = {};
  for (const [key, value] of new FormData(form)) if (!(key in found)) found[key] = String(value);
  return found;
}

// A form's fields as its page drew them (their HTML's values), whatever was typed or tapped since: read as
// formFields() reads the fields as they stand.
export function drawnFields(form) {
  const found = {};
  for (const field of form.elements) {
    if (!field.name || field.name in found || field.matches(":disabled")) continue;
    if (field instanceof HTMLSelectElement) {
      const option = [...field.options].find((choice) => choice.defaultSelected) ?? field.options[0];
      if (option) found[field.name] = option.value;
    } else if (field instanceof HTMLTextAreaElement) {
      found[field.name] = field.defaultValue;
    } else if (field instanceof HTMLInputElement && !["submit", "button", "image", "reset", "file"].includes(field.type)) {
      if (!["checkbox", "radio"].includes(field.type)) found[field.name] = field.defaultValue;
      else if (field.defaultChecked) found[field.name] = field.value;
    }
  }
  return found;
}

// A form's running total as shown, once up to date ("" while it waits for the core or is not shown).
export const shownTotal = (form) =>
  form.querySelector(".running-total:not([hidden]):not(.is-stale)")?.textContent ?? "";

// Say what just changed through the page's one polite live region (base.html), and nothing more.
export function announce(text) {
  const region = document.getElementById("announce");
  if (!region || !text) return;
  // Emptied first, so the same words said twice in a row are still read.
  region.textContent = "";
  requestAnimationFrame(() => { region.textContent = text; });
}

// After a form came back with problems, put focus on the first field that has one, or on the message (one the page
// makes focusable: the form's own, or a group's, such as the setup's colour of cards).
export function focusFirstProblem(root = document) {
  // The selects a board stands for (its squares', the seed's) are not shown where this runs: their square's
  // button, or the next problem, takes the focus. A field turned off takes none.
  const first = root.querySelector('[aria-invalid="true"]:not(.square-select):not(.seed-select):not(:disabled), ' +
    '.has-error .square-button, .error[tabindex]');
  if (first) first.focus({ preventScroll: false });
  return first;
}

// A page's title says "Error" before its heading's words while a message is on its form (the server's page and the
// offline shell title it so): once the last is answered, the title is the page's own again, from its heading's words.
export function retitle(form) {
  const heading = document.querySelector("h1")?.textContent;
  const at = heading ? document.title.lastIndexOf(heading) : -1;
  if (at > 0 && form && !form.querySelector(".error")) document.title = document.title.slice(at);
}

// The messages of a field's form that are about it though not on it: an address that gave it twice ("This address
// gives square_a1 twice."), drawn naming the field (town_page_pieces.town_step).
function naming(field) {
  return field.form && field.name ? [...field.form.querySelectorAll(`.error[data-field="${CSS.escape(field.name)}"]`)] : [];
}

// Whether a field has messages to answer: its own, or its form's that are about it.
export function hasProblems(field) {
  return field.getAttribute("aria-invalid") === "true" || naming(field).length > 0;
}

// A field given anew (a square tapped or cleared, a fact typed): its form's messages about what the address gave it go,
// since nothing is given twice any more.
export function forgetNaming(field) {
  const found = naming(field);
  for (const message of found) message.remove();
  if (found.length) retitle(field.form);
}

// A field's messages answered: they go, from the field and from its square's button, which names the same ones, and
// its form's messages about it.
export function forgetProblems(field) {
  const gone = (field.getAttribute("aria-describedby") ?? "").split(" ");
  for (const id of gone) if (id) document.getElementById(id)?.remove();
  for (const message of naming(field)) message.remove();
  field.removeAttribute("aria-invalid");
  field.removeAttribute("aria-describedby");
  retitle(field.form);
  const square = field.closest(".square");
  if (!square) return;
  const button = square.querySelector(".square-button");
  const left = (button.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && !gone.includes(id));
  if (left.length) button.setAttribute("aria-describedby", left.join(" "));
  else button.removeAttribute("aria-describedby");
  square.classList.toggle("has-error", Boolean(square.querySelector(".error")));
}

// The last address a page of this tab wrote (see atMostOncePerFrame): {from, to}.
const WRITTEN = "marquoir.written";

// Run write at most once per animation frame however often it is asked, just after the frame is painted (so a
// tap's answer is drawn first), and at once when the page is hidden or left, so what it keeps (an address, a
// draft) is never older than the last frame the player saw. keep.owe() marks a write as owed without asking
// for a frame: it is written at the next keep(), or when the page is hidden or left.
// A reload has taken its address when it is asked for, while the page it leaves still runs and may write a
// newer one: each address written is also kept for this tab, where newerAddress() finds it.
export function atMostOncePerFrame(write) {
  let asked = false;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!asked) return;
    asked = false;
    const before = location.href;
    write();
    if (location.href === before) return;
    try {
      sessionStorage.setItem(WRITTEN, JSON.stringify({ from: before, to: location.href }));
    } catch (error) {
      // Storage refused: a reload shows the address as it was a frame before.
    }
  };
  addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  const keep = () => {
    asked = true;
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => setTimeout(flush, 0));
  };
  keep.owe = () => {
    asked = true;
  };
  keep.owed = () => asked;
  return keep;
}

// The second tap of a double tap on a button: a finger's tap near the tap before it (DOUBLE_TAP.px) and soon after
// it (DOUBLE_TAP.ms), or a click the browser counts as a second (a mouse's double click). On a slow phone the screen
// is drawn again between the two, and the second acted on whatever had moved under the finger (the first player's
// "Town complete" under "Next round", the next row's ✕). previous: the tap before ({time, x, y}), or null. A click of
// the keyboard or a screen reader (detail 0) is never one.
const DOUBLE_TAP = { ms: 500, px: 32 };

export function secondTap(previous, click) {
  if (click.detail === 0) return false;
  if (click.detail > 1) return true;
  return click.pointerType === "touch" && previous !== null && click.time - previous.time < DOUBLE_TAP.ms
    && Math.hypot(click.x - previous.x, click.y - previous.y) < DOUBLE_TAP.px;
}

// Taps followed one after the other: the answer, second(click, on), tells whether a click is the second tap of a double
// tap (secondTap), and remembers it; with `on` (a square), only a second tap on the same is one.
export function doubleTaps() {
  let previous = null;
  return (event, on = null) => {
    const click = { detail: event.detail, pointerType: event.pointerType, time: event.timeStamp, x: event.clientX,
      y: event.clientY };
    const second = secondTap(previous?.on === on ? previous.click : null, click);
    previous = click.pointerType === "touch" ? { click, on } : null;
    return second;
  };
}

// Let no second tap of a double tap on a button or a link in this element act (secondTap): a link drawn where the
// button was tapped (the table's "Back to the game played so far" where "Start a new record" was) left the page.
export function ignoreDoubleTaps(element) {
  const second = doubleTaps();
  element.addEventListener("click", (event) => {
    if (!event.target.closest("button, a[href]")) return;
    if (!second(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, { capture: true });
}

// Taps answered one after the other, each once what the one before draws is shown: a tap made before then (a quick
// hand, a slow phone) read the page as the tap before found it, and undid it. Each button acts once per drawing it
// was tapped on, so a double tap is one tap. taps.drawn(): the page drew its screen, rows or form again.
// taps.tap(name, now, answer): a tap of button `name`; when its turn comes, now(redrawn) gives what it stands for on
// the page as it is then (redrawn: whether the page was drawn again since the tap; null: nothing, it is dropped),
// and answer(that) answers it, its promise settling once the page is drawn again. taps.after(change): any other
// change, in turn.
export function tapsInTurn() {
  let last = Promise.resolve();
  let drawing = 0;
  // By drawing, the buttons tapped on it that acted; only the drawings of taps still waiting are kept.
  const acted = new Map();
  const after = (change) => {
    last = last.then(change, change);
    return last;
  };
  const drawn = () => {
    drawing += 1;
  };
  const tap = (name, now, answer) => {
    const on = drawing;
    return after(async () => {
      // Taps wait in the order they were made, so none still waiting was made on a drawing before this one.
      for (const older of acted.keys()) if (older < on) acted.delete(older);
      const done = acted.get(on) ?? new Set();
      const meant = done.has(name) ? null : now(on !== drawing);
      if (meant === null) return;
      acted.set(on, done.add(name));
      await answer(meant);
    });
  };
  return { after, drawn, tap };
}

// Letters typed right after a tap that gives a field it draws the focus (a player added: their name), before the field
// is there: a slow phone draws it later, and meanwhile the button tapped has the focus, where the letters were lost.
// keysAhead() keeps the letters typed on no field (Backspace takes the last back) while a tap waits: hold(fields) at the
// tap (fields: a function that finds the fields such a tap adds, the players' names), and the function it returns,
// once the tap is answered, gives them to the last of those fields (focused, at its caret) if the tap added one; where
// it added none (Solo keeps one player, the pad has six), they are dropped, never put into a name typed before.
export function keysAhead() {
  let holding = 0;
  let kept = "";
  const onField = (target) => target instanceof Element && (target.matches("input, textarea, select") || target.isContentEditable);
  const keeps = (event) => holding > 0 && !onField(event.target) && !event.ctrlKey && !event.metaKey && !event.altKey
    && !event.isComposing && ([...event.key].length === 1 || (event.key === "Backspace" && kept !== ""));
  document.addEventListener("keydown", (event) => {
    if (!keeps(event)) return;
    kept = event.key === "Backspace" ? [...kept].slice(0, -1).join("") : kept + event.key;
    event.preventDefault();
  }, { capture: true });
  // A space let up on a button would tap it.
  document.addEventListener("keyup", (event) => {
    if (event.key === " " && keeps(event)) event.preventDefault();
  }, { capture: true });
  const hold = (fields) => {
    holding += 1;
    const before = fields().length;
    return () => {
      holding -= 1;
      const now = fields();
      const field = now.length > before ? now[now.length - 1] : null;
      const given = field ? kept : "";
      if (field || !holding) kept = "";
      if (!given) return;
      const room = field.maxLength >= 0 ? Math.max(0, field.maxLength - field.value.length) : given.length;
      field.focus();
      field.setRangeText(given.slice(0, room), field.selectionStart, field.selectionEnd, "end");
      field.dispatchEvent(new Event("input", { bubbles: true }));
    };
  };
  return { hold };
}

// A row's button (remove, move up) tapped on rows drawn again since: the same button of the row the tapped row's
// player's name (who) is in now, among the rows' names, if it is in one row alone (null for none).
export function sameRowAction(action, names, who) {
  const row = names.indexOf(who);
  return who && row >= 0 && names.lastIndexOf(who) === row ? action.replace(/\d+$/, String(row)) : null;
}

// Keep a CSS property of the page (as --name) at an element's height, and a little more: the scroll padding
// that keeps a field reached by Tab or a tap clear of a bar that stays on screen (the palette, the pad's places).
export function keepHeight(element, property) {
  const measure = () => document.documentElement.style.setProperty(property, element.offsetHeight + 8 + "px");
  new ResizeObserver(measure).observe(element);
}

// The address this page had been given when it was reloaded (or reached again by Back or Forward), where the
// page wrote it too late for the load (a tap or a letter just before): put in place of the one loaded, and
// returned, for the page to show what it holds; null where there is none.
export function newerAddress() {
  let written = null;
  try {
    written = JSON.parse(sessionStorage.getItem(WRITTEN) || "null");
  } catch (error) {
    return null;
  }
  const how = performance.getEntriesByType("navigation")[0]?.type;
  if (!written || written.from !== location.href || !["reload", "back_forward"].includes(how)) return null;
  const to = new URL(written.to, location.href);
  if (to.origin !== location.origin || to.pathname !== location.pathname) return null;
  history.replaceState(history.state, "", to.pathname + to.search);
  return to.search;
}

// A time in milliseconds as this phone's clock reads it, in its own time zone: [year, month, day, hour, minute,
// second], the parts the flow writes a moment from in the page's language (webscore/flow/moments.py).
export function clock(time) {
  const at = new Date(time);
  return [at.getFullYear(), at.getMonth() + 1, at.getDate(), at.getHours(), at.getMinutes(), at.getSeconds()];
}
