// @vitest-environment jsdom
import { render } from "@testing-library/react";
import { SWRConfig } from "swr";
import { describe, expect, it } from "vitest";
import { OPALE } from "@/test/house";
import { Logo } from "./logo";

/** The logo of the house the catalogue gives. */
function renderLogo(ui: React.ReactElement, house = OPALE) {
  return render(<SWRConfig value={{ provider: () => new Map(), fallback: { "/house": house } }}>{ui}</SWRConfig>);
}

describe("Logo", () => {
  it("is the house's short name, text to read (and check for contrast) by default", () => {
    const { container } = renderLogo(<Logo inverted />);
    expect(container.textContent).toBe("OPALECouture");
    expect(container.firstElementChild?.getAttribute("aria-hidden")).toBeNull();
  });
  it("as decoration draws its letters from CSS: no text, hidden from assistive technology", () => {
    const { container } = renderLogo(<Logo inverted decorative className="about__wall-logo" />);
    const logo = container.firstElementChild;
    expect(container.textContent).toBe("");
    expect(logo?.getAttribute("aria-hidden")).toBe("true");
    expect(logo?.className).toContain("logo--decorative");
    expect([...container.querySelectorAll("[data-text]")].map((e) => e.getAttribute("data-text"))).toEqual(["OPALE", "Couture"]);
  });
  it("is the house's logo picture when it gives one", () => {
    const { container } = renderLogo(<Logo />, { ...OPALE, logo: "/blobs/images/catalog/abc/640.webp" });
    const img = container.querySelector("img");
    expect(img?.getAttribute("src")).toBe("/blobs/images/catalog/abc/640.webp");
    expect(img?.getAttribute("alt")).toBe("Atelier Opale");
  });
});
