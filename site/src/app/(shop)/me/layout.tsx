import type { ReactNode } from "react";
import { AccountLayout } from "@/ui/components/account/account-layout";

export default function MeLayout({ children }: { children: ReactNode }) {
  return <AccountLayout>{children}</AccountLayout>;
}
