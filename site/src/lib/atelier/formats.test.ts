import { describe, expect, it } from "vitest";
import { providerStatus } from "./formats";

describe("a provider's status in words", () => {
  it("reads the card provider's and PayPal's spellings alike", () => {
    expect(providerStatus("submitted_for_settlement")).toBe("submitted for settlement");
    expect(providerStatus("PARTIALLY_REFUNDED")).toBe("partially refunded");
    expect(providerStatus("settled")).toBe("settled");
    expect(providerStatus(undefined)).toBe("");
  });
});
