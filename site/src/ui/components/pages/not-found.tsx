import Link from "next/link";

/** What an address the site does not have shows, inside the shop's frame. */
export function NotFoundPage() {
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
