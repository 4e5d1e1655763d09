/** My Orders: the date filter (Today, Last 7 days, Last 30 days, custom range) and the status tabs. */

export type DatePreset = "all" | "today" | "7d" | "30d" | "custom";

export const DATE_PRESETS: { value: DatePreset; label: string }[] = [
  { value: "all", label: "All time" },
  { value: "today", label: "Today" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "custom", label: "Custom range" },
];

export interface DateRange {
  from: Date;
  to: Date;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());
const endOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate(), 23, 59, 59, 999);

/** The local-time window of a preset; null for "all" (and for "custom" without a range). */
export function presetRange(preset: DatePreset, now: Date = new Date(), custom?: DateRange | null): DateRange | null {
  switch (preset) {
    case "today":
      return { from: startOfDay(now), to: endOfDay(now) };
    case "7d":
      return { from: startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6)), to: endOfDay(now) };
    case "30d":
      return { from: startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 29)), to: endOfDay(now) };
    case "custom": {
      if (!custom) return null;
      const [a, b] = custom.from <= custom.to ? [custom.from, custom.to] : [custom.to, custom.from];
      return { from: startOfDay(a), to: endOfDay(b) };
    }
    default:
      return null;
  }
}

export function inRange(createdAt: string, range: DateRange | null): boolean {
  if (!range) return true;
  const t = new Date(createdAt).getTime();
  return !Number.isNaN(t) && t >= range.from.getTime() && t <= range.to.getTime();
}

export const STATUS_TABS = [
  { value: "all", label: "All" },
  { value: "awaiting_confirmation", label: "Wait for confirmation" },
  { value: "confirmed", label: "Confirmed" },
  { value: "delivered", label: "Delivered" },
  { value: "canceled", label: "Canceled" },
] as const;

export type StatusTab = (typeof STATUS_TABS)[number]["value"];

/** The spec's rule for every status: upper-case words, underscores as spaces ("AWAITING CONFIRMATION", "PENDING"). */
export function statusLabel(status: string): string {
  return status.replace(/_/g, " ").toUpperCase();
}

export const STATUS_COLORS: Record<string, string> = {
  pending: "yellow",
  awaiting_confirmation: "blue",
  confirmed: "green",
  delivered: "purple",
  canceled: "red",
};

export function countByStatus<T extends { status: string }>(orders: T[]): Record<StatusTab, number> {
  const counts = { all: orders.length, awaiting_confirmation: 0, confirmed: 0, delivered: 0, canceled: 0 } as Record<StatusTab, number>;
  for (const o of orders) if (o.status in counts && o.status !== "all") counts[o.status as StatusTab] += 1;
  return counts;
}
