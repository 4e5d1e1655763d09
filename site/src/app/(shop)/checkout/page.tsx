import type { Metadata } from "next";
import { Checkout } from "@/ui/components/checkout/checkout";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/checkout/");

export default function CheckoutPage() {
  return <Checkout />;
}
