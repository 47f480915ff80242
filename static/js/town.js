// Tap-to-place on a town: pick a building from the palette, tap the squares it stands on.
// The selects stay the form's truth (hidden; shown by noscript.css without scripts), so the server reads the
// same fields with or without this. Each square is one button named "a1, Cottage, 3 points".
import { announce, atMostOncePerFrame, drawnNodes, focusFirstProblem, forgetNaming, forgetProblems, formFields, hasProblems,
  doubleTaps, ignoreDoubleTaps, keepHeight, newerAddress, shownTotal } from "./dom.mjs";
import { keepAwake } from "./wake.mjs";
import { correcting, draftOf, forgetCorrection, keepDraft } from "./recent.mjs";

// How long a tap's new card waits for its points before it shows alone (ms).
const HOLD_MS = 50;
// The tool in hand when the palette's Seed is (Tiny Trees): a tap puts the seed on a square, or lifts it.
const SEED = Symbol("seed");

function toolOf(palette, card) {
  return palette.querySelector(`.tool[data-card="${CSS.escape(card)}"]`);
}

function colourOf(palette, card) {
  return toolOf(palette, card)?.dataset.colour ?? "empty";
}

function show(palette, square) {
  const select = square.querySelector(".square-select");
  const card = select.value;
  const label = square.querySelector(".square-card");
  // As the server draws it, from the palette's tool (town_square_pieces.square_card): the card's words whole where they
  // fit a line, broken only where the language lets a word break (soft hyphens), and the comma that ends them; "Empty"
  // is said, not seen, where no building stands (written, not hidden: a hidden part is read with spaces).
  const drawn = toolOf(palette, card)?.dataset.squareName;
  if (drawn === undefined) label.textContent = select.options[select.selectedIndex].text;
  else label.replaceChildren(drawnNodes(drawn));
  square.className = square.className.replace(/\bc-\S+/g, "").replace(/\bfilled\b/g, "").trim();
  if (card) square.classList.add("filled", "c-" + colourOf(palette, card));
  square.querySelector(".stored").classList.toggle("is-hidden", card !== "warehouse");
}

// A square whose points shown are no longer its own (the total not up to date): it shows and says none.
function withoutPoints(square) {
  for (const points of square.querySelectorAll(".square-points, .square-points-words")) points.textContent = "";
}

function townQuery(form) {
  const query = new URLSearchParams(new FormData(form));
  query.delete("go");
  query.delete("confirm");
  query.delete("draft");
  return query.toString();
}

// Mirror the unsaved town into the address, so a reload or a phone waking up keeps every tap, and keep it
// as this player's draft, so a step reached again from an older page shows the newest town.
function remember(form) {
  // A town at a table is kept by its outbox (table.mjs), which is newer than any address could be.
  if (form.classList.contains("table-town")) return;
  const query = townQuery(form);
  if (!location.pathname.endsWith("/save")) history.replaceState(null, "", location.pathname + "?" + query);
  if (form.dataset.key) keepDraft(form.dataset.key, form.dataset.player, query);
}

// An address holding a square of the board holds a town, drawn as it says (webscore/flow/town_step.py SQUARE_FIELDS).
const SQUARE_FIELD = /^square_[a-d][1-4]$/;
const holdsTown = (search) => [...new URLSearchParams(search).keys()].some((name) => SQUARE_FIELD.test(name));

// A step opened without a town in its address shows the newest town typed for it on this phone; one reloaded
// before its address had its last taps, the town as it was left.
function restoreDraft(form, squares, palette) {
  const newer = newerAddress();
  if (newer === null && (!form.dataset.key || holdsTown(location.search))) return;
  const draft = newer ?? draftOf(form.dataset.key, form.dataset.player);
  if (draft === null || draft === townQuery(form)) return;
  const before = squares.map((square) => square.querySelector(".square-select").value);
  for (const [name, value] of new URLSearchParams(draft)) {
    const field = form.elements.namedItem(name);
    if (field && "value" in field) field.value = value;
  }
  // The numbers drawn are the opened town's: until the live score has this one's, the total says it is not up
  // to date and a square changed shows no points rather than its old card's.
  squares.forEach((square, i) => {
    show(palette, square);
    if (square.querySelector(".square-select").value === before[i]) return;
    withoutPoints(square);
    saidAnew(square);
  });
  const total = form.querySelector(".running-total");
  if (total && !total.hidden) total.classList.add("is-stale");
  remember(form);
}

// A square's card changed: until the live score has its points, it says what it says with that card ("a1, Farm",
// its data-said-farm), worded by the square's piece (town_square_pieces.square_said), as the whole square's words are:
// drawn with the page, then written by the live score with the numbers (live.mjs), alone and with the running total.
function saidAnew(square) {
  const card = square.querySelector(".square-select").value;
  square.dataset.said = square.getAttribute("data-said-" + (card || "empty")) ?? "";
  delete square.dataset.saidTotal;
}

// Tap-to-place on a town form, drawn as it shows (webscore.flow.town_pieces.town_grid: the palette, each square's
// button with its name, what stands there and its points, the total): only what a tap does is added here.
// Without scripts, static/css/noscript.css shows the selects instead. Once it is all answered, the form has
// the class js-town.
export function enhance(form) {
  // A town opened from the scores ("Change this town", and the steps after it) corrects the play those scores
  // were; any other step is a play of its own.
  if (form.elements.from?.value === "scores" && form.dataset.key) correcting(form.dataset.key, form.dataset.code);
  else if (!form.classList.contains("table-town")) forgetCorrection();
  const palette = form.querySelector(".palette");
  const squares = [...form.querySelectorAll(".square")];
  const undoButton = palette.querySelector('[data-action="undo"]');
  // Nothing to undo yet (the button is drawn enabled for early-taps.js).
  undoButton.disabled = true;
  const title = palette.querySelector(".palette-title");
  const history = [];
  let tool = null;
  // The seed's square, sent in its own field and marked on the board (webscore.flow.town_pieces.seed_field).
  const seedField = form.querySelector(".seed-fact .seed-select");
  // Ticked for a player who put no seed down: the select's "none". Unticked, the seed lies where it lay before.
  const seedNone = form.querySelector(".seed-fact .seed-none-box");
  let seedSquare = "";
  const showSeed = () => {
    if (seedField.value !== "none") seedSquare = seedField.value;
    for (const square of squares) {
      const mark = square.querySelector(".square-seed");
      if (mark) mark.hidden = square.dataset.square !== seedField.value;
    }
    if (seedNone) seedNone.checked = seedField.value === "none";
  };
  // What a change holds now: a square's card, or the seed's square.
  const valueOf = (target) => (target === seedField ? seedField.value : target.querySelector(".square-select").value);

  // What to say once the live score has the new numbers: the square changed (one) and the running total, as the
  // live score worded them; a total not up to date (the core is not ready, or cannot start) is not said.
  let toSay = null;
  const say = () => {
    if (toSay === null) return false;
    const total = shownTotal(form);
    announce(toSay ? (total && toSay.dataset.saidTotal) || toSay.dataset.said : total);
    toSay = null;
    return true;
  };

  // Squares changed whose new card is not drawn yet: drawn with their points, in the frame that shows the live
  // score's answer, so a tap paints once and never shows a card beside its old points. An answer slower than
  // HOLD_MS (a busy phone) lets the cards show first.
  const unshown = new Set();
  let holding = 0;
  // Shows the changed squares' cards; unscored: before the live score has answered for them (a slow phone, past the
  // hold), so they say no points until it does, never their old ones.
  const showChanged = (unscored = false) => {
    clearTimeout(holding);
    holding = 0;
    for (const square of unshown) {
      show(palette, square);
      if (unscored) withoutPoints(square);
    }
    unshown.clear();
  };
  // A square changed (by a tap, or redrawn from what another phone sent: table-town.mjs) waits for its points, or shows
  // at once where nothing will score it: without points while the total is not up to date.
  const hold = (square) => {
    unshown.add(square);
    const stale = form.querySelector(".running-total.is-stale");
    if (form.dataset.live === undefined || stale) showChanged(Boolean(stale));
    else if (!holding) holding = setTimeout(showChanged, HOLD_MS, true);
  };
  // Whether the last change placed a monument: one that needs an answer asks for it at once.
  let placedMonument = false;
  form.addEventListener("town-scored", (event) => {
    showChanged();
    // What a change said holds the total: a page that says a total no finger changed says none over it (table-town.mjs).
    if (say() && event.detail) event.detail.said = true;
    // Its question follows the grid, and takes the focus while the total waits for it.
    const waiting = (event.detail?.waiting ?? []).filter(Boolean);
    const question = placedMonument
      ? waiting.map((name) => form.querySelector(`.facts [name="${CSS.escape(name)}"]`)).find(Boolean) : null;
    placedMonument = false;
    question?.focus();
  });

  // Change squares (or the seed's square), then say what changed, with the total the live score gives (said at
  // once without one): the square tapped, where one was.
  function set(changes, tapped = null) {
    for (const [square, card] of changes) {
      if (square === seedField) {
        seedField.value = card;
        showSeed();
        // Its messages said it was missing or wrong (or given twice): answered.
        if (hasProblems(seedField)) forgetProblems(seedField);
        palette.querySelector(".tool[data-seed]")?.removeAttribute("aria-describedby");
        continue;
      }
      const select = square.querySelector(".square-select");
      select.value = card;
      saidAnew(square);
      // What the square's message said of the card it held (or the page's, of the address giving it twice) is
      // answered by the new one.
      if (hasProblems(select)) forgetProblems(select);
    }
    toSay = tapped ?? (changes.length === 1 && changes[0][0] !== seedField ? changes[0][0] : "");
    placedMonument = changes.some(([, card]) => colourOf(palette, card) === "monument");
    // Told first: the live score marks the total stale where it cannot score the change.
    form.dispatchEvent(new CustomEvent("town-change"));
    for (const [square] of changes) if (square !== seedField) hold(square);
    if (form.dataset.live === undefined) say();
  }

  function place(changes, tapped = null) {
    history.push(changes.map(([target, _]) => [target, valueOf(target)]));
    undoButton.disabled = false;
    set(changes, tapped);
  }

  // Kept once a frame at most (and when the page is left), however fast the taps come; while the live score
  // is asked, only once it has drawn the numbers, so the write never holds up the frame that shows them.
  const keep = atMostOncePerFrame(() => remember(form));
  const changed = () => (form.dataset.live === undefined ? keep() : keep.owe());
  form.addEventListener("town-change", changed);
  form.addEventListener("input", changed);
  // A fact or a load typed is the player's: what the page said of the address giving it twice no longer applies (its
  // own messages wait for the live score, which knows whether the town takes it: live.mjs).
  form.addEventListener("input", (event) => forgetNaming(event.target));
  form.addEventListener("town-scored", () => {
    if (keep.owed()) keep();
  });
  // The numbers the server drew with the town are shown from its first paint, before the core in the browser starts.
  if (!palette.querySelector(".running-total").hidden) {
    new PerformanceObserver((list, observer) => {
      const painted = list.getEntriesByName("first-contentful-paint")[0];
      if (!painted) return;
      performance.mark("marquoir:town-number", { startTime: painted.startTime });
      observer.disconnect();
    }).observe({ type: "paint", buffered: true });
  }
  // The sticky palette's height, so a square reached by Tab scrolls clear of it.
  keepHeight(palette, "--palette-height");
  // The seed's taps: the second tap of a double tap on a square puts it down once, where taken for the tap that lifts it,
  // it lifted the seed at once.
  const seedTaps = doubleTaps();
  for (const square of squares) {
    const button = square.querySelector(".square-button");
    const select = square.querySelector(".square-select");
    // Changed by its select where scripts run too (a town at a table redrawn from what another phone sent), followed by
    // the "town-sync" that scores it: its card shows with its points, as a tap's does.
    select.addEventListener("change", () => {
      saidAnew(square);
      hold(square);
    });
    // A Warehouse's load changed is said as a tap is: the square with the total the live score gives.
    square.querySelector(".stored-input")?.addEventListener("input", () => {
      toSay = square;
      if (form.dataset.live === undefined) say();
    });
    // Pressed with a building in hand: the live score may ask for the town this tap would make before the finger
    // lifts (live.mjs); the tap itself changes the town only on its click.
    button.addEventListener("pointerdown", (event) => {
      if (!event.isPrimary || event.button !== 0 || tool === null || tool === SEED || select.value === tool ||
        form.dataset.live === undefined) return;
      const fields = formFields(form);
      fields[select.name] = tool;
      form.dispatchEvent(new CustomEvent("town-foresee", { detail: fields }));
    });
    button.addEventListener("click", (event) => {
      if (tool === null && offerBuildings(palette, square)) return;
      if (tool === null) {
        title.classList.add("error");
        announce(palette.dataset.chooseFirst || title.textContent);
        return;
      }
      // The seed tapped onto a square, whatever stands there (a seed built over grows nothing); tapped again, lifted.
      if (tool === SEED) {
        const lifted = seedField.value === square.dataset.square;
        if (!seedTaps(event, square)) place([[seedField, lifted ? "" : square.dataset.square]], square);
      } else if (select.value !== tool) place([[square, tool]]);
      else {
        showChanged();
        announce(square.dataset.said);
      }
    });
  }
  restoreDraft(form, squares, palette);
  if (seedField) {
    showSeed();
    // Changed by its select where scripts run too (a town at a table redrawn from what another phone sent).
    seedField.addEventListener("change", showSeed);
    seedNone?.addEventListener("change", () => place([[seedField, seedNone.checked ? "none" : seedSquare]]));
  }
  for (const button of palette.querySelectorAll(".tool")) {
    button.addEventListener("click", () => {
      tool = "seed" in button.dataset ? SEED : button.dataset.card;
      title.classList.remove("error");
      for (const other of palette.querySelectorAll(".tool")) other.setAttribute("aria-pressed", String(other === button));
    });
  }
  // One Undo a double tap: its second tap undid the step before too.
  ignoreDoubleTaps(undoButton);
  undoButton.addEventListener("click", () => {
    const last = history.pop();
    if (!last) return;
    undoButton.disabled = history.length === 0;
    set(last);
    if (undoButton.disabled) palette.querySelector('[data-action="clear"]').focus();
  });
  palette.querySelector('[data-action="clear"]').addEventListener("click", () => {
    // A square the page was given a card it cannot show on (not a card of the game: its message says so), or that its
    // address gave twice, is lifted too, and its message with it.
    const held = (field) => field.value || hasProblems(field);
    const cleared = squares.filter((s) => held(s.querySelector(".square-select"))).map((s) => [s, ""]);
    // The seed is the town's too, on its square or said not put down: lifted with the buildings, and one Undo
    // brings both back. A seed the page was given on no square of the board (its message says so) is lifted too.
    if (seedField && held(seedField)) cleared.push([seedField, ""]);
    // A town with nothing on it adds no step to Undo; the running total is said all the same.
    if (cleared.length) place(cleared);
    else set([]);
  });
  // A monument chosen applies at once: the step is drawn again with it (its building in the palette, and the
  // question it asks), as its button does without scripts.
  const monument = form.querySelector("#monument");
  const applyMonument = form.querySelector(".monument-fact button[name=go]");
  monument?.addEventListener("change", () => form.requestSubmit(applyMonument));
  keepAwake(form.querySelector(".facts"));
  // The town typed, kept as this phone's draft (remember), goes to the setup without waiting for its answers, which the
  // page says (webscore/flow/town_step.py DRAFT_KEPT) once the draft holds it as the button is tapped: storage full or
  // refused keeps none, and the questions then come first, as without scripts, rather than the town being lost.
  form.addEventListener("submit", (event) => {
    const draft = form.elements.draft;
    if (!draft || !form.dataset.key || event.submitter?.name !== "go" || event.submitter.value !== "setup") return;
    remember(form);
    draft.disabled = draftOf(form.dataset.key, form.dataset.player) !== townQuery(form);
  });
  focusFirstProblem(form);
  form.classList.add("js-town");
  // The taps made before this ran (early-taps.js), answered in order once the page's other scripts (its live
  // score) have run too, as taps made from now on are; then the step left meanwhile, if it was.
  const early = window.marquoirEarlyTaps?.splice(0) ?? [];
  if (early.length) {
    // A tap made before they are answered waits its turn behind them.
    const behind = (event) => {
      const tapped = event.target.closest(".palette button, .square-button");
      if (!tapped) return;
      event.stopImmediatePropagation();
      early.push(tapped);
    };
    form.addEventListener("click", behind, true);
    setTimeout(() => {
      form.removeEventListener("click", behind, true);
      replay(form, early);
    }, 0);
  }
}

function replay(form, early) {
  for (const entry of early) {
    // A tap elsewhere closes the buildings offered for a square, as it does on the screen.
    const sheet = form.querySelector(".square-offer");
    if (sheet?.matches(":popover-open")) sheet.hidePopover();
    if (entry instanceof Element) {
      if (form.contains(entry)) entry.click();
    } else if (entry.form === form) {
      form.requestSubmit(entry.submitter);
      return;
    }
  }
}

// A square tapped before any building is chosen offers the palette's buildings right there, in a sheet at
// the screen's foot: the one tapped is chosen, as in the palette, and placed on the square, so a town can be
// entered square first as well as building first. Return false where the browser has no popovers.
function offerBuildings(palette, square) {
  const form = palette.closest("form");
  let sheet = form.querySelector(".square-offer");
  if (!sheet) {
    if (!HTMLElement.prototype.showPopover) return false;
    sheet = document.createElement("div");
    sheet.className = "square-offer";
    sheet.popover = "auto";
    sheet.setAttribute("role", "group");
    sheet.innerHTML = '<p class="square-offer-title"></p><div class="square-offer-tools"></div>';
    sheet.setAttribute("aria-labelledby", (sheet.querySelector("p").id = "square-offer-title"));
    // Tabbed out of, it closes: nothing stays open over the squares that focus has left it for.
    sheet.addEventListener("focusout", (event) => {
      if (!sheet.contains(event.relatedTarget) && sheet.matches(":popover-open")) sheet.hidePopover();
    });
    // A tap elsewhere closes it before it acts, as a finger's does (the browser's light dismiss), and so does one made
    // with no finger (a screen reader's double tap, a switch): a building chosen in the palette and placed on another
    // square left it open, still asking what stands on the square tapped first. The focus it held goes where a finger's
    // tap puts it: on the button tapped (a square tapped with no building in hand offers its own), or else on the square.
    document.addEventListener("click", (event) => {
      if (!sheet.matches(":popover-open") || sheet.contains(event.target)) return;
      const held = sheet.contains(document.activeElement) || document.activeElement === document.body;
      sheet.hidePopover();
      const tapped = event.target instanceof Element ? event.target.closest("button, input, select, a[href]") : null;
      if (held && tapped) tapped.focus();
    }, true);
    form.append(sheet);
  }
  const button = square.querySelector(".square-button");
  // Its question as the square's own piece words it (town_square_pieces.square_field).
  sheet.querySelector("p").textContent = square.dataset.which;
  const tools = [...palette.querySelectorAll(".tool")].filter((tool) => tool.dataset.card);
  sheet.querySelector(".square-offer-tools").replaceChildren(...tools.map((tool) => {
    const copy = tool.cloneNode(true);
    copy.removeAttribute("aria-pressed");
    copy.addEventListener("click", () => {
      sheet.hidePopover();
      tool.click();
      button.click();
      button.focus();
    });
    return copy;
  }));
  // Closed without a choice (Escape, a tap beside it), focus goes back to the square.
  sheet.ontoggle = (event) => {
    if (event.newState === "closed" && (sheet.contains(document.activeElement) || document.activeElement === document.body)) button.focus();
  };
  sheet.showPopover();
  sheet.querySelector("button").focus();
  return true;
}

const page = document.querySelector(".town-form");
if (page) enhance(page);
