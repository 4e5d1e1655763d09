// @vitest-environment jsdom
import { render, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PresanitizedHtml, SanitizedHtml } from "./sanitized-html";

const RAW = '<p style="color:red">Silk<img src=x onerror="alert(1)"></p><script>alert(2)</script>';

const shown = (container: HTMLElement) => container.querySelector(".rich-text")!.innerHTML;

describe("SanitizedHtml", () => {
  it("shows the build's sanitised HTML at once when the build knew this text", () => {
    const { container } = render(
      <PresanitizedHtml value={{ [RAW]: "<p>as built</p>" }}>
        <SanitizedHtml html={RAW} />
      </PresanitizedHtml>,
    );
    expect(shown(container)).toBe("<p>as built</p>");
  });

  it("sanitises text the build did not know once the sanitiser has loaded, and shows nothing raw before", async () => {
    const { container } = render(
      <PresanitizedHtml value={{ "<p>older</p>": "<p>older</p>" }}>
        <SanitizedHtml html={RAW} />
      </PresanitizedHtml>,
    );
    expect(shown(container)).toBe("");
    await waitFor(() => expect(shown(container)).toBe("<p>Silk</p>"));
  });

  it("sanitises again when the text changes, never showing the old text for the new", async () => {
    const { container, rerender } = render(<SanitizedHtml html="<b>one</b>" />);
    await waitFor(() => expect(shown(container)).toBe("<b>one</b>"));
    rerender(<SanitizedHtml html='<i onclick="x()">two</i>' />);
    expect(shown(container)).toBe("");
    await waitFor(() => expect(shown(container)).toBe("<i>two</i>"));
  });

  it("does not take a name of Object's prototype for built text", async () => {
    const { container } = render(<SanitizedHtml html="constructor" />);
    await waitFor(() => expect(shown(container)).toBe("constructor"));
  });

  it("lets a nested provider add to the outer one's texts", () => {
    const { container } = render(
      <PresanitizedHtml value={{ a: "<p>A</p>" }}>
        <PresanitizedHtml value={{ b: "<p>B</p>" }}>
          <SanitizedHtml html="a" />
          <SanitizedHtml html="b" />
        </PresanitizedHtml>
      </PresanitizedHtml>,
    );
    expect([...container.querySelectorAll(".rich-text")].map((e) => e.innerHTML)).toEqual(["<p>A</p>", "<p>B</p>"]);
  });
});
