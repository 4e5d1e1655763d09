import type { Metadata } from "next";
import { house } from "@/config/house";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/support/faq/");

const SECTIONS = [
  {
    title: "Shipping & Returns",
    items: [
      ["How fast is delivery?", "Orders are delivered within 2 business days."],
      ["Do you ship internationally?", "Yes, international shipping is available to most countries."],
      ["What does shipping cost?", "The cost varies with the order value; Express shipping is free above a certain amount, shown at checkout."],
      ["Can I return a piece?", "Returns or exchanges are accepted within 20 days of delivery, in original condition."],
    ],
  },
  {
    title: "Brand Experience",
    items: [
      ["Can I visit the showroom?", "Showroom visits are by appointment, so that we can give you our full attention."],
      ["Do you offer styling?", "A personal stylist is available on request for fittings and occasions."],
    ],
  },
  {
    title: "Events & Fashion Shows",
    items: [
      ["How do I hear about events?", "Clients receive updates about events and new collections."],
      ["Can I attend a show?", "Show invitations are reserved for partners and VVIP clients."],
      ["I am a journalist.", `Press contacts are welcome via email at ${house.emails.press} or a message on the brand's social page.`],
    ],
  },
  {
    title: "Contact & Partnerships",
    items: [
      ["Media and partnerships", `For media and partnership enquiries, write to ${house.emails.contact}.`],
      ["Who owns the brand?", "The brand operates independently but welcomes partners who share its values."],
      ["Customer service", `Call our hotline ${house.hotline} or send a message on our social page.`],
    ],
  },
] as const;

export default function FaqPage() {
  return (
    <div className="container section narrow">
      <div className="page-title">
        <h1>FAQ</h1>
      </div>
      {SECTIONS.map((s) => (
        <section key={s.title} className="faq-section" aria-labelledby={`faq-${s.title}`}>
          <h2 id={`faq-${s.title}`} className="faq-section__title">
            {s.title}
          </h2>
          {s.items.map(([q, a]) => (
            <details key={q} className="faq-item">
              <summary>{q}</summary>
              <p>{a}</p>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
