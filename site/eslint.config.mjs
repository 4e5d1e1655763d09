import { FlatCompat } from "@eslint/eslintrc";

const compat = new FlatCompat({ baseDirectory: import.meta.dirname });

const config = [
  { ignores: [".next/**", "out/**", "bench/hello/.next/**", "bench/hello/out/**", "test-results/**", "next-env.d.ts"] },
  ...compat.extends("next/core-web-vitals", "next/typescript"),
  {
    rules: {
      // The export serves images as plain files (images.unoptimized), so <img> is the honest element.
      "@next/next/no-img-element": "off",
    },
  },
];

export default config;
