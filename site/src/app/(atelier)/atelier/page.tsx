import type { Metadata } from "next";
import { siteMetadata } from "@/lib/seo/pages";
import { ToOrders } from "@/ui/components/atelier/to-orders";

export const metadata: Metadata = siteMetadata("/atelier/");

/** The console's front door: the frame shows the sign-in page to anyone signed out; a member goes on to the orders. */
export default function AtelierPage() {
  return <ToOrders />;
}
