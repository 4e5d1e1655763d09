import type { Metadata } from "next";
import { MyAddresses } from "@/ui/components/account/my-addresses";

export const metadata: Metadata = { title: "Addresses" };

export default function MyAddressesPage() {
  return <MyAddresses />;
}
