import type { Metadata } from "next";
import { MyWishlist } from "@/ui/components/account/my-wishlist";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/me/wishlist/");

export default function MyWishlistPage() {
  return <MyWishlist />;
}
