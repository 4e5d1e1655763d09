/** Server HTML (descriptions, news content) is sanitised before display; style attributes are forbidden. */
import DOMPurify from "dompurify";

/** Images must name a real address (site path or http(s)); a bare `src="x"` is only a broken request. */
const IMAGE_SRC = /^(https?:\/\/|\/)/i;

let hooked = false;

function hookOnce() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (node.tagName === "IMG" && !IMAGE_SRC.test(node.getAttribute("src") ?? "")) node.remove();
    // Links that leave the site open in a new tab without handing it this window.
    if (node.tagName === "A" && /^https?:\/\//i.test(node.getAttribute("href") ?? "")) {
      node.setAttribute("target", "_blank");
      node.setAttribute("rel", "noopener noreferrer");
    }
  });
}

export function sanitizeHtml(html: string): string {
  // Without a DOM (the static export's build step) nothing is rendered: the page fills in on the client.
  if (typeof window === "undefined" || !DOMPurify.isSupported) return "";
  hookOnce();
  return DOMPurify.sanitize(html, { FORBID_ATTR: ["style"], FORBID_TAGS: ["style", "script", "iframe", "form"] });
}
