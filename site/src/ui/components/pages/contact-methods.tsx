"use client";
/** The house's ways to be reached, each one it gives: email, phone, WhatsApp and Zalo (the same number), its social pages and showroom. */
import { useHouse } from "@/lib/hooks/use-house";

/** An address as shown: without its scheme and "www.". */
const shown = (url: string) => url.replace(/^https:\/\/(www\.)?/, "");

export function ContactMethods() {
  const { house } = useHouse();
  if (!house) return null;
  const { phone, social, address } = house;
  const external = (url: string, text: string) => (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
  return (
    <ul className="contact-methods">
      <li>
        <h2>Email</h2>
        <a href={`mailto:${house.emails.contact}`}>{house.emails.contact}</a>
      </li>
      {phone.e164 && (
        <li>
          <h2>Phone</h2>
          <a href={`tel:${phone.e164}`}>{phone.display}</a>
          {house.hours && <p className="muted">{house.hours}</p>}
        </li>
      )}
      {social.whatsapp && (
        <li>
          <h2>WhatsApp</h2>
          {external(social.whatsapp, phone.display || shown(social.whatsapp))}
        </li>
      )}
      {social.zalo && (
        <li>
          <h2>Zalo</h2>
          {external(social.zalo, phone.display || shown(social.zalo))}
        </li>
      )}
      {social.facebook && (
        <li>
          <h2>Facebook</h2>
          {external(social.facebook, shown(social.facebook))}
        </li>
      )}
      {social.instagram && (
        <li>
          <h2>Instagram</h2>
          {external(social.instagram, shown(social.instagram))}
        </li>
      )}
      {address.street && (
        <li>
          <h2>Showroom</h2>
          <p>{[address.street, address.city].filter(Boolean).join(", ")}</p>
        </li>
      )}
    </ul>
  );
}
