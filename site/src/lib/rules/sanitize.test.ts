// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "./sanitize";
import { SANITISING } from "./sanitize.cases";

describe("sanitising server HTML in the browser", () => {
  it.each(SANITISING)("%s", (_, html, rendered) => expect(sanitizeHtml(html)).toBe(rendered));
});
