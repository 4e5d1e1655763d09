// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { house } from "@/config/house";
import { Logo } from "./logo";

describe("Logo", () => {
  it("is text to read (and check for contrast) by default", () => {
    const { container } = render(<Logo inverted />);
    expect(container.textContent).toBe(`${house.shortName}Couture`);
    expect(container.firstElementChild?.getAttribute("aria-hidden")).toBeNull();
  });
  it("as decoration draws its letters from CSS: no text, hidden from assistive technology", () => {
    const { container } = render(<Logo inverted decorative className="about__wall-logo" />);
    const logo = container.firstElementChild;
    expect(container.textContent).toBe("");
    expect(logo?.getAttribute("aria-hidden")).toBe("true");
    expect(logo?.className).toContain("logo--decorative");
    expect([...container.querySelectorAll("[data-text]")].map((e) => e.getAttribute("data-text"))).toEqual([house.shortName, "Couture"]);
  });
});
