"use client";
/** The Contact Us side panel: call (daily hours), email (24/7) and social links. */
import { useState } from "react";
import { useHouse } from "@/lib/hooks/use-house";
import { CloseIcon } from "@/ui/components/common/icons";

/** The networks the panel links to, in order, by their names. */
const SIDE_SOCIAL = [
  ["facebook", "Facebook"],
  ["instagram", "Instagram"],
  ["whatsapp", "WhatsApp"],
  ["wechat", "WeChat"],
] as const;

export function ContactSide() {
  const [open, setOpen] = useState(false);
  const { house } = useHouse();
  const social = SIDE_SOCIAL.flatMap(([key, label]) => (house?.social[key] ? [{ url: house.social[key], label }] : []));
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
        {house && (
          <dl className="contact-list">
            {house.phone.e164 && (
              <>
                <dt>Call us</dt>
                <dd>
                  <a href={`tel:${house.phone.e164}`}>{house.phone.display}</a>
                  {house.hours && (
                    <>
                      <br />
                      <span className="muted">{house.hours}</span>
                    </>
                  )}
                </dd>
              </>
            )}
            <dt>Email us</dt>
            <dd>
              <a href={`mailto:${house.emails.contact}`}>{house.emails.contact}</a>
              <br />
              <span className="muted">24/7</span>
            </dd>
            {social.length > 0 && (
              <>
                <dt>Follow us</dt>
                <dd className="contact-list__social">
                  {social.map(({ url, label }) => (
                    <a key={label} href={url} target="_blank" rel="noopener noreferrer">
                      {label}
                    </a>
                  ))}
                </dd>
              </>
            )}
          </dl>
        )}
      </aside>
    </>
  );
}
