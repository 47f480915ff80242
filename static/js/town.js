// Tap-to-place on a town: pick a building from the palette, tap the squares it stands on.
// The selects stay the form's truth, so the server reads the same fields with or without this.
import { draftOf, keepDraft } from "./recent.mjs";

function colourOf(palette, card) {
  const tool = palette.querySelector(`.tool[data-card="${CSS.escape(card)}"]`);
  return tool ? tool.dataset.colour : "empty";
}

function show(palette, square) {
  const select = square.querySelector(".square-select");
  const card = select.value;
  const label = square.querySelector(".square-card");
  label.textContent = card ? select.options[select.selectedIndex].text : "";
  square.className = square.className.replace(/\bc-\S+/g, "").replace(/\bfilled\b/g, "").trim();
  if (card) square.classList.add("filled", "c-" + colourOf(palette, card));
  square.querySelector(".stored").classList.toggle("is-hidden", card !== "warehouse");
}

function townQuery(form) {
  const query = new URLSearchParams(new FormData(form));
  query.delete("go");
  query.delete("confirm");
  return query.toString();
}

// Mirror the unsaved town into the address, so a reload or a phone waking up keeps every tap, and keep it
// as this player's draft, so a step reached again from an older page shows the newest town.
function remember(form) {
  const query = townQuery(form);
  if (!location.pathname.endsWith("/save")) history.replaceState(null, "", location.pathname + "?" + query);
  if (form.dataset.key) keepDraft(form.dataset.key, form.dataset.player, query);
}

// A step opened without answers in its address shows the newest town typed for it on this phone.
function restoreDraft(form, squares, palette) {
  if (!form.dataset.key || new URLSearchParams(location.search).has("square_a1")) return;
  const draft = draftOf(form.dataset.key, form.dataset.player);
  if (draft === null || draft === townQuery(form)) return;
  for (const [name, value] of new URLSearchParams(draft)) {
    const field = form.elements.namedItem(name);
    if (field && "value" in field) field.value = value;
  }
  for (const square of squares) show(palette, square);
  remember(form);
}

// Turn a town form's selects into tap-to-place squares with a palette of the town's cards.
export function enhance(form) {
  const palette = form.querySelector(".palette");
  const squares = [...form.querySelectorAll(".square")];
  const undoButton = palette.querySelector('[data-action="undo"]');
  const history = [];
  let tool = null;

  function place(changes) {
    history.push(changes.map(([square, _]) => [square, square.querySelector(".square-select").value]));
    for (const [square, card] of changes) {
      square.querySelector(".square-select").value = card;
      show(palette, square);
    }
    undoButton.disabled = false;
    form.dispatchEvent(new CustomEvent("town-change"));
  }

  form.addEventListener("town-change", () => remember(form));
  form.addEventListener("input", () => remember(form));
  form.classList.add("js-town");
  palette.hidden = false;
  for (const square of squares) {
    const label = document.createElement("span");
    label.className = "square-card";
    square.querySelector(".square-name").after(label);
    square.setAttribute("role", "button");
    square.tabIndex = 0;
    show(palette, square);
    const tap = (event) => {
      if (event.target.closest(".stored")) return;
      if (tool === null) {
        palette.querySelector(".palette-title").classList.add("error");
        return;
      }
      if (square.querySelector(".square-select").value !== tool) place([[square, tool]]);
    };
    square.addEventListener("click", tap);
    square.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        tap(event);
      }
    });
  }
  restoreDraft(form, squares, palette);
  for (const button of palette.querySelectorAll(".tool")) {
    button.addEventListener("click", () => {
      tool = button.dataset.card;
      palette.querySelector(".palette-title").classList.remove("error");
      for (const other of palette.querySelectorAll(".tool")) other.setAttribute("aria-pressed", String(other === button));
    });
  }
  undoButton.addEventListener("click", () => {
    const last = history.pop();
    if (!last) return;
    for (const [square, card] of last) {
      square.querySelector(".square-select").value = card;
      show(palette, square);
    }
    undoButton.disabled = history.length === 0;
    form.dispatchEvent(new CustomEvent("town-change"));
  });
  palette.querySelector('[data-action="clear"]').addEventListener("click", () => {
    place(squares.filter((s) => s.querySelector(".square-select").value).map((s) => [s, ""]));
  });
}

const page = document.querySelector(".town-form");
if (page) enhance(page);
