import { describe, expect, it } from "vitest";
import { formatNewsDate, formatPrice, formatShipping, newestFirst } from "./format";

describe("formats", () => {
  it("prints news dates in en-US with 2-digit day, month, 4-digit year, hour and minute", () => {
    expect(formatNewsDate("2025-03-05T15:07:00Z", 0)).toBe("March 05, 2025 at 03:07 PM");
  });
  it("prints the date on the house's clock (GMT+7: 420 minutes east of UTC)", () => {
    expect(formatNewsDate("2025-03-05T15:07:00Z", 420)).toBe("March 05, 2025 at 10:07 PM");
  });
  it("prints every news date as Intl does in the house's zone and in UTC", () => {
    const intl = (timeZone: string) =>
      new Intl.DateTimeFormat("en-US", { day: "2-digit", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone });
    const [saigon, utc] = [intl("Asia/Ho_Chi_Minh"), intl("UTC")];
    const differ: string[] = [];
    // Every 7 h 13 min from 1990 to 2040: every hour of the day, both halves of it, month and year ends.
    for (let t = Date.UTC(1990, 0, 1); t < Date.UTC(2040, 0, 1); t += 433 * 60_000) {
      const iso = new Date(t).toISOString();
      if (formatNewsDate(iso, 420) !== saigon.format(t) || formatNewsDate(iso, 0) !== utc.format(t)) differ.push(iso);
    }
    expect(differ).toEqual([]);
  });
  it("prints nothing for an invalid date", () => {
    expect(formatNewsDate("not a date", 420)).toBe("");
  });
  it("prints USD prices in en-US", () => {
    expect(formatPrice(2276.02)).toBe("$2,276.02");
    expect(formatPrice(56.9)).toBe("$56.90");
    expect([formatShipping(0), formatShipping(56.9)]).toEqual(["Free", "$56.90"]);
  });
  it("prints every price as Intl.NumberFormat does, without building one", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    const amounts = [0, -0, 0.004, -0.004, 0.005, 1.005, 2.675, 999.995, 1000, 1234567.891, -5, -1234.5, 12345678901234, Number.NaN, Infinity];
    let seed = 7; // a fixed pseudo-random walk over magnitudes and half-cent edges, the same every run
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) amounts.push(Math.round((next() - 0.3) * 10 ** (1 + (i % 9)) * 1000) / 1000);
    const differ = amounts.filter((a) => formatPrice(a) !== intl.format(Number.isFinite(a) ? a : 0));
    expect(differ.map((a) => [a, formatPrice(a), intl.format(a)])).toEqual([]);
  });
  it("orders news newest first", () => {
    const items = [{ createdAt: "2025-01-01T00:00:00Z" }, { createdAt: "2025-06-01T00:00:00Z" }, { createdAt: "2025-03-01T00:00:00Z" }];
    expect(newestFirst(items).map((n) => n.createdAt.slice(5, 7))).toEqual(["06", "03", "01"]);
  });
});
