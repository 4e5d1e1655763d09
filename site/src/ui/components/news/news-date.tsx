"use client";
import { useHouse } from "@/lib/hooks/use-house";
import { formatNewsDate } from "@/lib/rules/format";

/** A news date on the house's clock (UTC until the house is known). */
export function NewsDate({ iso }: { iso: string }) {
  const { house } = useHouse();
  return <>{formatNewsDate(iso, house?.utcOffsetMinutes ?? 0)}</>;
}
