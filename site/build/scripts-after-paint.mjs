/**
 * Each exported page asks for its scripts once its first contentful paint is
 * reported, and its largest image painted, not while its HTML is still being
 * parsed. The HTML already shows the whole page (catalogue included) and its
 * links work, so nothing the shopper sees waits for JavaScript: on a fast
 * network and a slow phone the scripts' evaluation can no longer delay the
 * first paint, and on a slow network they no longer share the bandwidth with
 * the page's largest image (the one it fetches with high priority: a
 * banner, the shop's first tile). The cost: hydration starts a little later
 * (by the time to first paint, or to that image's paint if it is later).
 *
 * Next renders its start-up scripts as `<script src async>` (plus a preload of
 * the webpack runtime). Each keeps its element, so hydration finds the markup
 * it rendered, with `src` renamed `data-src`; an inline script in the head
 * starts them all (or after SCRIPTS_FALLBACK_MS where the browser reports no
 * paint, such as a page opened in the background, or the image never comes).
 * A paint can come while the body is still being parsed, before the webpack
 * runtime's element at its end exists: the starter starts what is there, and
 * what is parsed later once the document is (each element once).
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export const SCRIPTS_FALLBACK_MS = 3000;

/** A script element with an address and `async` (the polyfills, `noModule`, are not async). */
const ASYNC_SCRIPT = /<script src="([^"]+\.js)"((?: [\w-]+="[^"]*")*) async=""><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="preload" as="script" fetchPriority="low" href="[^"]+"\/>/g;

/**
 * The inline starter, run in the page's head: serialised with toString, so it
 * uses nothing from outside its own body. An image still loading at the first
 * paint is waited for until the frame after its load (requestAnimationFrame
 * runs before the next paint, a task it queues after it); one that fails to
 * load is not waited for.
 */
function startHeldScripts(fallbackMs) {
  let started = false;
  const load = () => {
    document.querySelectorAll("script[data-src]").forEach((held) => {
      if (held.started) return;
      held.started = true;
      const script = document.createElement("script");
      script.src = held.getAttribute("data-src");
      script.async = true;
      document.head.appendChild(script);
    });
  };
  const start = () => {
    if (started) return;
    started = true;
    load();
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", load);
  };
  const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start));
  const whenLargestImagePainted = () => {
    const image = document.querySelector("img[fetchpriority=high]");
    if (!image) return start();
    if (image.complete) return afterNextPaint();
    image.addEventListener("load", afterNextPaint);
    image.addEventListener("error", start);
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") setTimeout(whenLargestImagePainted);
    }).observe({ type: "paint", buffered: true });
  } catch {
    // No paint timing: the fallback starts them.
  }
  setTimeout(start, fallbackMs);
}

/** The starter as an inline script: its source on one line, comments dropped (its statements all end in `;` or `}`). */
const STARTER = `<script>(${startHeldScripts
  .toString()
  .replace(/\n\s*\/\/.*/g, "")
  .replace(/\n\s*/g, "")})(${SCRIPTS_FALLBACK_MS})</script>`;

/** Next's character set declaration, which must stay within the document's first 1024 bytes. */
const CHARSET = /<meta charSet="utf-8"\/>/i;

/**
 * One page's HTML with its start-up scripts held until the first paint; a page without any is left as it is.
 * The starter goes right after the character set declaration (or first in the head), so it runs before
 * any script is parsed.
 */
export function holdScriptsUntilPaint(html) {
  if (html.includes(STARTER) || !html.match(ASYNC_SCRIPT)) return html;
  const held = html.replace(SCRIPT_PRELOAD, "").replace(ASYNC_SCRIPT, '<script data-src="$1"$2 async=""></script>');
  return CHARSET.test(held) ? held.replace(CHARSET, (meta) => `${meta}${STARTER}`) : held.replace("<head>", `<head>${STARTER}`);
}

/** Every HTML file of an export, rewritten in place; returns how many changed. */
export function holdScriptsInExport(dir) {
  let changed = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "_next") changed += holdScriptsInExport(path);
    } else if (name.endsWith(".html")) {
      const html = readFileSync(path, "utf8");
      const held = holdScriptsUntilPaint(html);
      if (held !== html) {
        writeFileSync(path, held);
        changed += 1;
      }
    }
  }
  return changed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? "out";
  console.log(`scripts held until first paint in ${holdScriptsInExport(dir)} pages of ${dir}`);
}
