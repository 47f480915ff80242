// Offer to install Marquoir: a button where the browser has an install prompt, a short help on iPhone and
// iPad, where Safari has none; nothing once it runs installed.
const section = document.querySelector(".install");
const standalone = matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);

if (section && !standalone) {
  const button = section.querySelector(".install-button");
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    section.hidden = false;
    button.hidden = false;
    button.onclick = async () => {
      event.prompt();
      await event.userChoice;
      section.hidden = true;
    };
  });
  window.addEventListener("appinstalled", () => { section.hidden = true; });
  if (apple) {
    section.hidden = false;
    section.querySelector(".install-help").hidden = false;
  }
}
