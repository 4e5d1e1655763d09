import type { Metadata } from "next";
import { siteMetadata } from "@/lib/seo/pages";
import { ContactMethods } from "@/ui/components/pages/contact-methods";
import { HousePage } from "@/ui/components/pages/house-page";

export const metadata: Metadata = siteMetadata("/support/contact/");

/** Contact: the house's page, then its ways to be reached (one phone for call, WhatsApp and Zalo; its email). */
export default function ContactPage() {
  return (
    <HousePage id="contact">
      <ContactMethods />
    </HousePage>
  );
}
