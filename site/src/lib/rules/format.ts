/** en-US formats of money and dates. */
import { house } from "@/config/house";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatPrice(amount: number): string {
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

/** News dates: en-US, 2-digit day, month, 4-digit year, hour and minute, in the house's time zone. */
export function formatNewsDate(iso: string, timeZone: string = house.timeZone): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat("en-US", {
    day: "2-digit",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone,
  }).format(date);
}

/** Newest first by createdAt. */
export function newestFirst<T extends { createdAt: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
