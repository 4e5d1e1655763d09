import { excerpt, plainText } from "./text";

describe("plainText", () => {
  it("keeps the words of rich text, blocks apart, entities decoded, scripts and styles dropped", () => {
    expect(
      plainText(
        "<p style=\"x\">From <em>Ivory</em>, Bridal.</p><p>Crepe &amp; pearls.</p><ul><li>One</li><li>Two</li></ul><script>alert('x')</script><style>p{}</style>",
      ),
    ).toBe("From Ivory, Bridal. Crepe & pearls. One Two");
  });

  it("runs nothing it reads and is empty for no text", () => {
    expect(plainText('<img src="x" onerror="globalThis.ran=1">')).toBe("");
    expect((globalThis as { ran?: number }).ran).toBeUndefined();
    expect(plainText(undefined)).toBe("");
  });
});

describe("excerpt", () => {
  it("leaves short text whole and cuts long text at a word, with an ellipsis", () => {
    expect(excerpt("  A short   line. ")).toBe("A short line.");
    const long = "word ".repeat(60);
    const cut = excerpt(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/^(word )+word…$/);
  });
});
