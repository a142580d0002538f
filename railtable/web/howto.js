// The "how to play" page (rendered by the server, railtable/server/howto_page.py): it follows
// the site's language choice. Opened without ?lang=, it shows the language chosen on the
// other pages; its RU/EN links make that choice for every page.
import {getLang, setLang} from "./common.js";

const params = new URLSearchParams(location.search);
const shown = document.documentElement.lang;
if (!params.has("lang") && getLang() !== shown) {
  params.set("lang", getLang());
  location.replace(`${location.pathname}?${params}${location.hash}`);
}
for (const link of document.querySelectorAll("#howto-langs a[data-lang]")) {
  link.addEventListener("click", () => setLang(link.dataset.lang));
}
