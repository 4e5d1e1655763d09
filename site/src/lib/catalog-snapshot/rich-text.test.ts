// @vitest-environment node
import { describe, expect, it } from "vitest";
import { presanitized } from "./rich-text";

describe("presanitized (the build's sanitising of a page's rich text)", () => {
  it("maps each entity's description to its sanitised HTML", () => {
    const fallback = {
      "/products/p1": { id: "p1", description: '<p style="color:red">Silk<script>alert(1)</script></p>' },
      "/collections/c1": { id: "c1", description: "<b>Monsoon</b>" },
      "/pages/faq": { id: "faq", description: "plain words", html: '<h2 onclick="x()">Returns</h2>' },
    };
    expect(presanitized(fallback)).toEqual({
      '<p style="color:red">Silk<script>alert(1)</script></p>': "<p>Silk</p>",
      "<b>Monsoon</b>": "<b>Monsoon</b>",
      '<h2 onclick="x()">Returns</h2>': "<h2>Returns</h2>",
    });
  }, 20_000);

  it("skips entities without a description, lists and empty text", () => {
    expect(presanitized({ "/menus": [{ description: "<i>x</i>" }], "/products/p2": { id: "p2", description: "" }, "/runways/r1": null, "/products/p3": { id: "p3" } })).toEqual({});
  });
});
