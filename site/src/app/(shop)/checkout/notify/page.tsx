import type { Metadata } from "next";
import { PaymentResult } from "@/ui/components/checkout/payment-result";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/checkout/notify/");

export default function PaymentResultPage() {
  return <PaymentResult />;
}
