import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { OPALE } from "./src/test/house";

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  test: {
    // Rules run in plain Node; DOM tests opt in with a `@vitest-environment jsdom` comment.
    environment: "node",
    globals: true,
    include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
    setupFiles: ["./vitest.setup.ts"],
    css: false,
    // The house a build's heads name (next.config passes the catalogue's); the tests' is not the sample's.
    env: { BUILD_HOUSE: JSON.stringify(OPALE) },
  },
});
