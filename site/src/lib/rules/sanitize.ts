/** Server HTML (descriptions, news content) is sanitised before display; style attributes are forbidden. */
import DOMPurify, { type DOMPurify as Purifier, type WindowLike } from "dompurify";
import { domWindow } from "@/lib/dom-window";

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

/** One DOMPurify with the site's hooks, on the browser's window or the build's (see `domWindow`). */
function purifierHere(): Purifier {
  purifier ??= withHooks(DOMPurify(domWindow() as unknown as WindowLike));
  return purifier;
}

export function sanitizeHtml(html: string): string {
  return purifierHere().sanitize(html, OPTIONS);
}
