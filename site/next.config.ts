import type { NextConfig } from "next";
import { CompileHintsPlugin } from "./build/compile-hints";
import { ATELIER_SHELL_CHUNK, SHELL_CHUNK } from "./build/shell-chunk";

// A static export: every page is a file, so S3 + CloudFront (and the local
// server) can serve the site. The build bakes no catalogue: its pages are the
// templates `shopctl publish` fills (heads, first paint) and copies to each
// entity's address; ids not published are served by one placeholder page per
// dynamic route plus the rules of rewrites.json.
const config: NextConfig = {
  output: "export",
  // The year the pages are built in, written into their HTML; the shopper's clock replaces it once hydrated.
  env: { BUILD_YEAR: String(new Date().getFullYear()) },
  trailingSlash: true,
  images: { unoptimized: true },
  reactStrictMode: true,
  poweredByHeader: false,
  // The styles come inside the HTML: first paint waits for no stylesheet request.
  // The shop and the atelier console are two root layouts: the page any unknown address gets
  // (404.html) is app/global-not-found.tsx, a document of its own in the shop's frame.
  experimental: { inlineCss: true, globalNotFound: true },
  // Lint runs in `make lint` (site-lint); the build refuses a type error, so no build ships one.
  eslint: { ignoreDuringBuilds: true },
  webpack: (webpack, { isServer, dev }) => {
    if (!isServer && !dev) {
      webpack.plugins.push(new CompileHintsPlugin());
      webpack.optimization.splitChunks.cacheGroups.shell = SHELL_CHUNK;
      webpack.optimization.splitChunks.cacheGroups.atelierShell = ATELIER_SHELL_CHUNK;
    }
    return webpack;
  },
};

export default config;
