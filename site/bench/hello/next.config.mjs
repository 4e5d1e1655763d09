// As the site's export (site/next.config.ts), without the site.
const config = { output: "export", trailingSlash: true, images: { unoptimized: true }, poweredByHeader: false };

export default config;
