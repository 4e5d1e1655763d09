"use client";
/** A signed-in member at the console's front door goes on to the orders. */
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export function ToOrders() {
  const router = useRouter();
  useEffect(() => router.replace("/atelier/orders/"), [router]);
  return null;
}
