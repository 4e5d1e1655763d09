import { describe, expect, it } from "vitest";
import { formatNewsDate, formatPrice, newestFirst } from "./format";

describe("formats", () => {
  it("prints news dates in en-US with 2-digit day, month, 4-digit year, hour and minute", () => {
    expect(formatNewsDate("2025-03-05T15:07:00Z", "UTC")).toBe("March 05, 2025 at 03:07 PM");
  });
  it("uses the house's time zone (GMT+7) by default", () => {
    expect(formatNewsDate("2025-03-05T15:07:00Z")).toBe("March 05, 2025 at 10:07 PM");
  });
  it("prints nothing for an invalid date", () => {
    expect(formatNewsDate("not a date")).toBe("");
  });
  it("prints USD prices in en-US", () => {
    expect(formatPrice(2276.02)).toBe("$2,276.02");
    expect(formatPrice(56.9)).toBe("$56.90");
  });
  it("orders news newest first", () => {
    const items = [{ createdAt: "2025-01-01T00:00:00Z" }, { createdAt: "2025-06-01T00:00:00Z" }, { createdAt: "2025-03-01T00:00:00Z" }];
    expect(newestFirst(items).map((n) => n.createdAt.slice(5, 7))).toEqual(["06", "03", "01"]);
  });
});
