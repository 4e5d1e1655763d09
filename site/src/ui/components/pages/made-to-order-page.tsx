"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { HousePage } from "./house-page";

const AppointmentModal = dynamic(() => import("@/ui/components/made-to-order/appointment-modal").then((m) => m.AppointmentModal), { ssr: false });

/** Made to order: the house's page, and the appointment it invites. */
export function MadeToOrderPage() {
  const [open, setOpen] = useState(false);
  return (
    <HousePage id="made-to-order" className="made-to-order">
      <p className="center">
        <button type="button" className="button" onClick={() => setOpen(true)}>
          BOOK AN APPOINTMENT
        </button>
      </p>
      {open && <AppointmentModal open onClose={() => setOpen(false)} />}
    </HousePage>
  );
}
