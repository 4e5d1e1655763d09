import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SCRIPTS_FALLBACK_MS, holdScriptsInExport, holdScriptsUntilPaint } from "./scripts-after-paint.mjs";

// The start of a page as Next exports it: the runtime preloaded, the chunks async, polyfills for old browsers.
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/webpack-1.js"/>',
  '<script src="/_next/static/chunks/react-2.js" async=""></script>',
  '<script src="/_next/static/chunks/app/page-3.js" async=""></script>',
  "</head><body><h1>SHOP</h1>",
  '<script src="/_next/static/chunks/polyfills-4.js" noModule=""></script>',
  '<script src="/_next/static/chunks/webpack-1.js" id="_R_" async=""></script>',
  '<script>self.__next_f.push([1,""])</script></body></html>',
].join("");

describe("holdScriptsUntilPaint", () => {
  const held = holdScriptsUntilPaint(page);

  it("keeps each start-up script's element but holds its address, and drops the runtime's preload", () => {
    expect(held).not.toMatch(/<script src="[^"]+"[^>]* async="">/);
    expect(held).not.toContain('rel="preload" as="script"');
    for (const chunk of ["react-2", "app/page-3"]) expect(held).toContain(`<script data-src="/_next/static/chunks/${chunk}.js" async=""></script>`);
    expect(held).toContain('<script data-src="/_next/static/chunks/webpack-1.js" id="_R_" async=""></script>');
  });

  it("starts them from the head on the first contentful paint and the largest image's, with a fallback", () => {
    expect(held.startsWith('<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><script>(function startHeldScripts(fallbackMs) {')).toBe(true);
    expect(held).toContain(`})(${SCRIPTS_FALLBACK_MS})</script>`);
    expect(held).toContain('"first-contentful-paint"');
    expect(held).toContain('"img[fetchpriority=high]"');
    expect(held).toContain("script[data-src]");
    expect(held).toContain("setTimeout(start, fallbackMs)");
    // A paint can come mid-parse: what is parsed after it starts once the document is.
    expect(held).toContain('"DOMContentLoaded", load');
  });

  it("keeps the character set declared within the first 1024 bytes, as browsers require", () => {
    const meta = '<meta charSet="utf-8"/>';
    expect(held.indexOf(meta) + meta.length).toBeLessThanOrEqual(1024);
  });

  it("starts a page without a character set declaration with the starter", () => {
    expect(holdScriptsUntilPaint('<html><head></head><body><script src="/a.js" async=""></script></body></html>')).toMatch(
      /^<html><head><script>\(function startHeldScripts/,
    );
  });

  it("puts the starter on one line, without its comments", () => {
    const starter = held.slice(held.indexOf("<script>"), held.indexOf("</script>"));
    expect(starter).not.toContain("\n");
    expect(starter).not.toContain("//");
  });

  it("leaves the page's content, the polyfills and the inline data as they were", () => {
    expect(held).toContain("<h1>SHOP</h1>");
    expect(held).toContain('<script src="/_next/static/chunks/polyfills-4.js" noModule=""></script>');
    expect(held).toContain('self.__next_f.push([1,""])');
  });

  it("changes a page only once, and a page without scripts not at all", () => {
    expect(holdScriptsUntilPaint(held)).toBe(held);
    expect(holdScriptsUntilPaint("<html><head></head><body>404</body></html>")).toBe("<html><head></head><body>404</body></html>");
  });
});

describe("holdScriptsInExport", () => {
  it("rewrites every page of an export but nothing under _next", () => {
    const dir = mkdtempSync(join(tmpdir(), "held-"));
    try {
      mkdirSync(join(dir, "shop"));
      mkdirSync(join(dir, "_next"));
      for (const file of ["index.html", "shop/index.html", "_next/copy.html"]) writeFileSync(join(dir, file), page);
      expect(holdScriptsInExport(dir)).toBe(2);
      expect(readFileSync(join(dir, "shop/index.html"), "utf8")).toBe(holdScriptsUntilPaint(page));
      expect(readFileSync(join(dir, "_next/copy.html"), "utf8")).toBe(page);
      expect(holdScriptsInExport(dir)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
