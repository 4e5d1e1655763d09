import type { Metadata } from "next";
import { MyAddresses } from "@/ui/components/account/my-addresses";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/me/addresses/");

export default function MyAddressesPage() {
  return <MyAddresses />;
}
