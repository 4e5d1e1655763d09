import type { Metadata } from "next";
import { MyAccount } from "@/ui/components/account/my-account";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/me/account/");

export default function MyAccountPage() {
  return <MyAccount />;
}
