import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize";
import { SANITISING } from "./sanitize.cases";

// No window: the static export's build, where pages are rendered with their HTML in them.
describe("sanitising server HTML in the export's build", () => {
  it("runs without a window", () => expect(typeof window).toBe("undefined"));
  it.each(SANITISING)("%s", (_, html, rendered) => expect(sanitizeHtml(html)).toBe(rendered));
});
