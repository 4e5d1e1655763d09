import type { Metadata } from "next";
import { MyWishlist } from "@/ui/components/account/my-wishlist";

export const metadata: Metadata = { title: "Wishlist" };

export default function MyWishlistPage() {
  return <MyWishlist />;
}
