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

// Share the result's picture: the phone's share sheet with the PNG where it takes files, else a download.
// The picture is drawn by the server, so it is offered only while online; the link share above stays.
const picture = document.querySelector(".picture-button");

function sharesFiles(file) {
  return Boolean(navigator.share && navigator.canShare && navigator.canShare({ files: [file] }));
}

if (picture) {
  const name = picture.getAttribute("download");
  const showIfOnline = () => { picture.hidden = !navigator.onLine; };
  showIfOnline();
  window.addEventListener("online", showIfOnline);
  window.addEventListener("offline", showIfOnline);
  if (sharesFiles(new File([], name, { type: "image/png" }))) picture.textContent = picture.dataset.share;
  let file = null;
  picture.addEventListener("click", async (event) => {
    event.preventDefault();
    if (!file) {
      try {
        const response = await fetch(picture.href);
        if (!response.ok) throw new Error(String(response.status));
        file = new File([await response.blob()], name, { type: "image/png" });
      } catch (error) {
        picture.hidden = true;
        return;
      }
    }
    if (sharesFiles(file)) {
      try {
        await navigator.share({ files: [file], title: picture.dataset.title, text: picture.dataset.text });
        return;
      } catch (error) {
        // The user closed the sheet; any other refusal (the tap's permission ran out) falls back to a download.
        if (error.name === "AbortError") return;
      }
    }
    const download = document.createElement("a");
    download.href = URL.createObjectURL(file);
    download.download = name;
    document.body.append(download);
    download.click();
    download.remove();
    // Give the browser time to read the blob before its address is let go.
    setTimeout(() => URL.revokeObjectURL(download.href), 60000);
  });
}

// Log the game in BG Stats: its link holds the play (webscore/flow/bgstats.py); the date of play is the
// phone's, in UTC as BG Stats reads it, put in when the link is tapped.
// Answered for the whole page: the quick pad draws its link anew as its places change.
document.addEventListener("click", (event) => {
  const bgstats = event.target.closest?.("a[data-bgstats]");
  if (!bgstats) return;
  const [address, data] = bgstats.href.split("?data=");
  const play = JSON.parse(decodeURIComponent(data));
  play.playDate = new Date().toISOString().slice(0, 19).replace("T", " ");
  bgstats.href = address + "?data=" + encodeURIComponent(JSON.stringify(play));
});
