/** Server HTML (descriptions, news content) is sanitised before display; style attributes are forbidden. */
import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from "dompurify";

/** Images must name a real address (site path or http(s)); a bare `src="x"` is only a broken request. */
const IMAGE_SRC = /^(https?:\/\/|\/)/i;

const OPTIONS = { FORBID_ATTR: ["style"], FORBID_TAGS: ["style", "script", "iframe", "form"] };

let purifier: Purifier | undefined;

function withHooks(purify: Purifier): Purifier {
  purify.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "IMG" && !IMAGE_SRC.test(node.getAttribute("src") ?? "")) node.remove();
    // Links that leave the site open in a new tab without handing it this window.
    if (node.tagName === "A" && /^https?:\/\//i.test(node.getAttribute("href") ?? "")) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    }
  });
  return purify;
}

/**
 * The browser's DOMPurify; in the static export's build (Node) one on a jsdom
 * window, so a pre-rendered page already holds its sanitised HTML and nothing
 * moves when it hydrates. The bundler drops the Node branch from the browser's
 * code (`typeof window` is a constant there).
 */
function purifierHere(): Purifier {
  if (purifier) return purifier;
  if (typeof window !== "undefined") {
    purifier = withHooks(DOMPurify);
  } else {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- Node only, and synchronous: rendering cannot wait
    const { JSDOM } = require("jsdom") as { JSDOM: new (html: string) => { window: WindowLike } };
    purifier = withHooks(DOMPurify(new JSDOM("").window));
  }
  return purifier;
}

export function sanitizeHtml(html: string): string {
  return purifierHere().sanitize(html, OPTIONS);
}
