/** en-US formats of money and dates. */

/**
 * USD in en-US ("$2,276.02", "-$5.00") exactly as Intl.NumberFormat prints
 * it, by hand: a page's first Intl formatter costs 35-70 ms of main thread in
 * Chromium (its locale data), and every product card prints a price while the
 * page hydrates.
 */
export function formatPrice(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  const fixed = roundedToCents(Math.abs(value));
  return `${sign}$${fixed.slice(0, -3).replace(/\B(?=(\d{3})+$)/g, ",")}${fixed.slice(-3)}`;
}

/** A shipping fee as the bag, the checkout and My Orders print it: Free at 0. */
export function formatShipping(fee: number): string {
  return fee === 0 ? "Free" : formatPrice(fee);
}

/** Two decimals, rounded half up on the number's shortest decimal form ("1.005" gives 1.01), as Intl rounds. */
function roundedToCents(abs: number): string {
  const shortest = String(abs);
  return shortest.includes("e") ? abs.toFixed(2) : (Math.round(Number(`${shortest}e2`)) / 100).toFixed(2);
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const twoDigits = (n: number) => String(n).padStart(2, "0");

/**
 * News dates as en-US Intl prints them (2-digit day, month, 4-digit year,
 * hour and minute: "March 05, 2025 at 10:07 PM") on the house's clock, by
 * hand for the same reason as prices (the home page shows news cards).
 */
export function formatNewsDate(iso: string, utcOffsetMinutes: number): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return "";
  // Shifted by the offset, the UTC fields read as the house's wall clock.
  const clock = new Date(instant + utcOffsetMinutes * 60_000);
  const hour = clock.getUTCHours();
  const time = `${twoDigits(hour % 12 || 12)}:${twoDigits(clock.getUTCMinutes())} ${hour < 12 ? "AM" : "PM"}`;
  return `${MONTHS[clock.getUTCMonth()]} ${twoDigits(clock.getUTCDate())}, ${clock.getUTCFullYear()} at ${time}`;
}

/** Newest first by createdAt. */
export function newestFirst<T extends { createdAt: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
