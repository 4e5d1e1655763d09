/**
 * Plain text from the catalogue's rich text (descriptions, news content), for
 * titles and descriptions: parsed, never run (a parsed document loads and
 * runs nothing), scripts and styles dropped, blocks kept apart by a space.
 */
import { domWindow } from "@/lib/dom-window";

/** Elements whose end is a break between words. */
const BLOCKS =
  "address,article,aside,blockquote,br,dd,div,dl,dt,figcaption,figure,footer,h1,h2,h3,h4,h5,h6,header,hr,li,main,nav,ol,p,pre,section,table,td,th,tr,ul";
const NOT_TEXT = "script,style,template,noscript,iframe,object";

let parser: DOMParser | undefined;

export function plainText(html: string | null | undefined): string {
  if (!html) return "";
  parser ??= new (domWindow().DOMParser)();
  const body = parser.parseFromString(html, "text/html").body;
  body.querySelectorAll(NOT_TEXT).forEach((node) => node.remove());
  body.querySelectorAll(BLOCKS).forEach((node) => node.after(" "));
  return (body.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** At most `max` characters, cut at a word with an ellipsis; search engines show about 155. */
export function excerpt(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const word = cut.lastIndexOf(" ");
  return `${(word > max / 2 ? cut.slice(0, word) : cut).replace(/[\s,;:.—–-]+$/, "")}…`;
}
