import { describe, expect, it } from "vitest";
import { profileTitleChoices, profileTitleDefault } from "./titles";

describe("profile titles", () => {
  it("offers Mrs and Mr", () => {
    expect(profileTitleChoices("Mr")).toEqual(["Mrs", "Mr"]);
    expect(profileTitleChoices("Mrs")).toEqual(["Mrs", "Mr"]);
    expect(profileTitleChoices(undefined)).toEqual(["Mrs", "Mr"]);
  });
  it("keeps a shopper's Ms as a choice, selected", () => {
    expect(profileTitleChoices("Ms")).toEqual(["Ms", "Mrs", "Mr"]);
    expect(profileTitleDefault("Ms")).toBe("Ms");
  });
  it("starts a profile without a title on Mrs", () => {
    expect(profileTitleDefault(null)).toBe("Mrs");
    expect(profileTitleDefault("")).toBe("Mrs");
  });
});
