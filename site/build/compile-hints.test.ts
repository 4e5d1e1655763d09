import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COMPILE_HINT, CompileHintsPlugin } from "./compile-hints";

// The webpack Next builds with, on a two-file app. (Next's minifier needs
// its build's tracing; the journeys check the hint survives it in the export.)
const require = createRequire(import.meta.url);
const bundled = require("next/dist/compiled/webpack/webpack") as {
  init(): void;
  webpack: (options: object, done: (error: Error | null, stats?: { hasErrors(): boolean; toString(): string }) => void) => void;
};
bundled.init();

function build(dir: string) {
  writeFileSync(join(dir, "entry.js"), 'document.title = "start";\nimport("./later.js").then((m) => m.later());\n');
  writeFileSync(join(dir, "later.js"), 'export function later() { document.title = "later"; }\n');
  return new Promise<Map<string, string>>((resolve, reject) =>
    bundled.webpack(
      {
        mode: "production",
        context: dir,
        entry: "./entry.js",
        output: { path: join(dir, "out"), filename: "[name].[contenthash].js", chunkFilename: "[id].[contenthash].js" },
        optimization: { minimize: false },
        plugins: [new CompileHintsPlugin()],
      },
      (error, stats) => {
        if (error || stats?.hasErrors()) return reject(error ?? new Error(stats?.toString()));
        const files = readdirSync(join(dir, "out")).filter((f) => f.endsWith(".js"));
        resolve(new Map(files.map((f) => [f, readFileSync(join(dir, "out", f), "utf8")])));
      },
    ),
  );
}

describe("CompileHintsPlugin", () => {
  it("marks the scripts a page starts with and leaves chunks loaded later lazy", async () => {
    const dir = mkdtempSync(join(tmpdir(), "compile-hints-"));
    try {
      const out = await build(dir);
      const scripts = [...out];
      const start = scripts.filter(([name]) => name.startsWith("main.")).map(([, text]) => text);
      const later = scripts.filter(([name]) => !name.startsWith("main.")).map(([, text]) => text);
      expect(start).toHaveLength(1);
      expect(later).toHaveLength(1);
      expect(start.every((text) => text.startsWith(COMPILE_HINT) && text.includes('document.title = "start"'))).toBe(true);
      expect(later.some((text) => text.includes("allFunctionsCalledOnLoad"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
