"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { house } from "@/config/house";
import { PageTitle } from "@/ui/components/common/page-title";

const AppointmentModal = dynamic(() => import("@/ui/components/made-to-order/appointment-modal").then((m) => m.AppointmentModal), { ssr: false });

export function MadeToOrderPage() {
  const [open, setOpen] = useState(false);
  return (
    <div className="container section narrow">
      <PageTitle sub="Made for you alone">MADE TO ORDER</PageTitle>
      <div className="prose">
        <p>
          Every made-to-order piece begins with a conversation. In our {house.address.city} atelier, you meet the designer and a master tailor who take more than twenty measurements, listen to the occasion
          and help you choose silk, lace and embroidery from the season&apos;s archive.
        </p>
        <p>
          Over three fittings across four to eight weeks, the pattern is drafted for your figure, the toile is adjusted on you, and the piece is finished by hand. We ship worldwide, or welcome you back to the
          showroom for the final fitting.
        </p>
        <ol className="process">
          <li>
            <strong>Consultation</strong> — by appointment in the showroom or by video call.
          </li>
          <li>
            <strong>Measurements & design</strong> — fabrics, embroidery and silhouette chosen together.
          </li>
          <li>
            <strong>Fittings</strong> — toile and final fittings until every line falls right.
          </li>
          <li>
            <strong>Delivery</strong> — hand-finished, pressed and boxed for you.
          </li>
        </ol>
      </div>
      <p className="center">
        <button type="button" className="button" onClick={() => setOpen(true)}>
          BOOK AN APPOINTMENT
        </button>
      </p>
      {open && <AppointmentModal open onClose={() => setOpen(false)} />}
    </div>
  );
}
