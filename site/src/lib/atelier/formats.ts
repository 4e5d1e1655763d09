/** How the console prints the API's amounts and instants. */
import { formatPrice } from "@/lib/rules/format";
import type { Amount } from "./types";

export function money(amount: Amount | null | undefined): string {
  return formatPrice(Number(amount ?? 0));
}

const instant = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });

/** An instant as "3 Dec 2026, 14:05" (the browser's time zone); the text as sent when it is no date. */
export function when(at: string | null | undefined): string {
  if (!at) return "";
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : instant.format(date);
}

export function dayOf(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : day.format(date);
}

/**
 * A payment provider's status in words: "SUBMITTED_FOR_SETTLEMENT" and
 * "submitted_for_settlement" both read "submitted for settlement".
 */
export function providerStatus(status: string | null | undefined): string {
  return (status ?? "").toLowerCase().replaceAll("_", " ");
}

/** An order's state as the console names it. */
export const ORDER_STATUS = {
  pending: "Pending",
  awaiting_confirmation: "Awaiting confirmation",
  confirmed: "Confirmed",
  delivered: "Delivered",
  canceled: "Canceled",
} as const;

export const REQUEST_STATUS = { new: "New", contacted: "Contacted", scheduled: "Scheduled", closed: "Closed" } as const;

export const REQUEST_KIND = { made_to_order: "Made to order", appointment: "Appointment" } as const;
