"use client";
/** The Contact Us side panel: call (daily hours), email (24/7) and social links. */
import { useState } from "react";
import { house } from "@/config/house";
import { CloseIcon } from "@/ui/components/common/icons";

export function ContactSide() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="contact-tab" aria-expanded={open} aria-controls="contact-side" onClick={() => setOpen((o) => !o)}>
        CONTACT US
      </button>
      <aside id="contact-side" className={`contact-side ${open ? "contact-side--open" : ""}`} aria-label="Contact us" hidden={!open}>
        <button type="button" className="icon-button contact-side__close" aria-label="Close contact panel" onClick={() => setOpen(false)}>
          <CloseIcon />
        </button>
        <h2 className="panel-title">CONTACT US</h2>
        <dl className="contact-list">
          <dt>Call us</dt>
          <dd>
            <a href={`tel:${house.phone.e164}`}>{house.phone.display}</a>
            <br />
            <span className="muted">Daily 10:00-20:00 GMT+7</span>
          </dd>
          <dt>Email us</dt>
          <dd>
            <a href={`mailto:${house.emails.contact}`}>{house.emails.contact}</a>
            <br />
            <span className="muted">24/7</span>
          </dd>
          <dt>Follow us</dt>
          <dd className="contact-list__social">
            <a href={house.social.facebook} target="_blank" rel="noopener noreferrer">Facebook</a>
            <a href={house.social.instagram} target="_blank" rel="noopener noreferrer">Instagram</a>
            <a href={house.social.whatsapp} target="_blank" rel="noopener noreferrer">WhatsApp</a>
            <a href={house.social.wechat} target="_blank" rel="noopener noreferrer">WeChat</a>
          </dd>
        </dl>
      </aside>
    </>
  );
}
