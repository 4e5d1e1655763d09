"use client";
/** The custom-range calendar of My Orders: two picked days close it and apply the range. */
import { useState } from "react";
import { DayPicker, type DateRange as PickerRange } from "react-day-picker";
import "react-day-picker/style.css";
import type { DateRange } from "@/lib/rules/order-dates";

export function RangeCalendar({ onRange }: { onRange: (range: DateRange) => void }) {
  const [picking, setPicking] = useState<PickerRange | undefined>(undefined);
  return (
    <DayPicker
      mode="range"
      selected={picking}
      disabled={{ after: new Date() }}
      onSelect={(_, day) => {
        // A first click starts the range; the second ends it, whichever comes first in time.
        const next = picking?.from && !picking.to ? { from: picking.from, to: day } : { from: day, to: undefined };
        setPicking(next);
        if (next.from && next.to) onRange(next.from <= next.to ? { from: next.from, to: next.to } : { from: next.to, to: next.from });
      }}
    />
  );
}
