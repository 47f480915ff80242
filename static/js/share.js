// Share the result's link: the phone's share sheet where there is one, else copy to the clipboard.
import { announce } from "./dom.mjs";

const button = document.querySelector(".share-button");
const field = document.querySelector(".share-url");

if (button && field && (navigator.share || navigator.clipboard)) {
  button.hidden = false;
  button.addEventListener("click", async () => {
    const url = field.value;
    if (navigator.share) {
      try {
        await navigator.share({ title: button.dataset.title, url });
        return;
      } catch (error) {
        if (error.name === "AbortError") return;
      }
    }
    await navigator.clipboard.writeText(url);
    button.textContent = button.dataset.copied;
    announce(button.dataset.copied);
  });
}
