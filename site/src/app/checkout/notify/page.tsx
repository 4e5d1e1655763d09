import type { Metadata } from "next";
import { PaymentResult } from "@/ui/components/checkout/payment-result";

export const metadata: Metadata = { title: "Payment result" };

export default function PaymentResultPage() {
  return <PaymentResult />;
}
