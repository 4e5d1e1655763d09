import type { Metadata } from "next";
import Link from "next/link";
import { pageMetadata } from "@/lib/seo/metadata";

/** An address the site does not have: no address of its own (Next adds its own robots noindex to this page). */
export const metadata: Metadata = pageMetadata({ title: "Page not found" });

export default function NotFound() {
  return (
    <div className="container section center">
      <div className="page-title">
        <h1>PAGE NOT FOUND</h1>
        <p className="page-title__sub">The page you are looking for does not exist or has moved.</p>
      </div>
      <Link className="button" href="/">
        Back to home
      </Link>
    </div>
  );
}
