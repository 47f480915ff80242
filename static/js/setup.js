// Setup: in Solo, hide the cards Solo leaves out as soon as the mode changes.
const form = document.querySelector("form.setup");
if (form) {
  const update = () => {
    const mode = form.querySelector('input[name="mode"]:checked');
    form.classList.toggle("is-solo", Boolean(mode) && mode.value === "solo");
  };
  form.addEventListener("change", update);
  update();
}
