import type { Metadata } from "next";
import { MyAccount } from "@/ui/components/account/my-account";

export const metadata: Metadata = { title: "My Account" };

export default function MyAccountPage() {
  return <MyAccount />;
}
