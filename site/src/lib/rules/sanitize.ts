/** Server HTML (descriptions, news content) is sanitised before display; style attributes are forbidden. */
import DOMPurify from "dompurify";

export function sanitizeHtml(html: string): string {
  // Without a DOM (the static export's build step) nothing is rendered: the page fills in on the client.
  if (typeof window === "undefined" || !DOMPurify.isSupported) return "";
  return DOMPurify.sanitize(html, { FORBID_ATTR: ["style"], FORBID_TAGS: ["style", "script", "iframe", "form"] });
}
