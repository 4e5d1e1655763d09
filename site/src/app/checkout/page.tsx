import type { Metadata } from "next";
import { Checkout } from "@/ui/components/checkout/checkout";

export const metadata: Metadata = { title: "Checkout" };

export default function CheckoutPage() {
  return <Checkout />;
}
