// A small helper to build elements: h("p.hint", {id: "x"}, "text", child, ...).
export function h(tag, attributes = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const element = document.createElement(name);
  if (classes.length) element.className = classes.join(" ");
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "dataset") Object.assign(element.dataset, value);
    else if (key === "hidden") element.hidden = true;
    else element.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

// A form's fields as the flow reads them: each name once, with its first value, as text.
export function formFields(form) {
  const found = {};
  for (const [key, value] of new FormData(form)) if (!(key in found)) found[key] = String(value);
  return found;
}
