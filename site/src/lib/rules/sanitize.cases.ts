/** The sanitiser's cases, run in the browser's environment and in the export's build (Node). */
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize";

export function sanitisingCases(where: string) {
  describe(`sanitising server HTML (${where})`, () => {
    it("removes style attributes but keeps the markup", () => {
      const out = sanitizeHtml('<p style="color:red" class="lead">Silk <strong style="font-size:40px">organza</strong></p>');
      expect(out).toBe('<p class="lead">Silk <strong>organza</strong></p>');
    });
    it("removes scripts, event handlers, style blocks and javascript: links", () => {
      const out = sanitizeHtml('<img src="/a.png" onerror="alert(1)"><script>alert(2)</script><style>p{}</style><a href="javascript:alert(3)">x</a>');
      expect(out).not.toMatch(/onerror|script|style|javascript/);
      expect(out).toContain('<img src="/a.png">');
    });
    it("drops images without a real address and opens outside links safely", () => {
      expect(sanitizeHtml('<p>a</p><img src="x" onerror="alert(1)"><img src="https://cdn.example.com/b.jpg">')).toBe('<p>a</p><img src="https://cdn.example.com/b.jpg">');
      expect(sanitizeHtml('<a href="https://example.com">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>');
    });
  });
}
