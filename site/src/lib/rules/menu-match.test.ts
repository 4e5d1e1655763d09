import { describe, expect, it } from "vitest";
import { matchesMenu, menuLabel } from "./menu-match";

const p = (...categories: string[]) => ({ categories });

describe("menu matching", () => {
  it("men matches men or man, not women", () => {
    expect(matchesMenu(p("Man"), "men")).toBe(true);
    expect(matchesMenu(p("men"), "men")).toBe(true);
    expect(matchesMenu(p("women"), "men")).toBe(false);
  });
  it("women matches women or woman", () => {
    expect(matchesMenu(p("Woman"), "women")).toBe(true);
    expect(matchesMenu(p("WOMEN"), "women")).toBe(true);
    expect(matchesMenu(p("man"), "women")).toBe(false);
  });
  it("new-arrivals matches the new category", () => {
    expect(matchesMenu(p("women", "new"), "new-arrivals")).toBe(true);
    expect(matchesMenu(p("women"), "new-arrivals")).toBe(false);
  });
  it("any other menu is a category name, case-insensitive, hyphens as spaces", () => {
    expect(matchesMenu(p("Evening Gowns"), "evening-gowns")).toBe(true);
    expect(matchesMenu(p("Ao Dai"), "ao dai")).toBe(true);
    expect(matchesMenu(p("Dress"), "suit")).toBe(false);
  });
  it("labels the menu in capitals", () => {
    expect(menuLabel("new-arrivals")).toBe("NEW ARRIVALS");
  });
});
