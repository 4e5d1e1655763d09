import type { Metadata } from "next";
import { house } from "@/config/house";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/support/contact/");

/** Contact: the house's contact methods (one phone for call, WhatsApp and Zalo; the support email). */
export default function ContactPage() {
  return (
    <div className="container section narrow">
      <div className="page-title">
        <h1>CONTACT US</h1>
        <p className="page-title__sub">Questions about a piece, an order or a fitting? We would love to hear from you.</p>
      </div>
      <ul className="contact-methods">
        <li>
          <h2>Email</h2>
          <a href={`mailto:${house.emails.contact}`}>{house.emails.contact}</a>
        </li>
        <li>
          <h2>Phone</h2>
          <a href={`tel:${house.phone.e164}`}>{house.phone.display}</a>
          <p className="muted">{house.supportHours}</p>
        </li>
        <li>
          <h2>WhatsApp</h2>
          <a href={house.social.whatsapp} target="_blank" rel="noopener noreferrer">
            {house.phone.display}
          </a>
        </li>
        <li>
          <h2>Zalo</h2>
          <a href={house.social.zalo} target="_blank" rel="noopener noreferrer">
            {house.phone.display}
          </a>
        </li>
        <li>
          <h2>Facebook</h2>
          <a href={house.social.facebook} target="_blank" rel="noopener noreferrer">
            {house.social.facebook.replace("https://www.", "")}
          </a>
        </li>
        <li>
          <h2>Instagram</h2>
          <a href={house.social.instagram} target="_blank" rel="noopener noreferrer">
            {house.social.instagram.replace("https://www.", "")}
          </a>
        </li>
        <li>
          <h2>Showroom</h2>
          <p>
            {house.address.street}, {house.address.city}
          </p>
        </li>
      </ul>
    </div>
  );
}
