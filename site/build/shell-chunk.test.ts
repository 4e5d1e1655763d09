import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SHOP_LAYOUT, SHELL_CHUNK } from "./shell-chunk";

// The webpack Next builds with, on a layout and a page that share a small
// module, split as Next splits a client build (every chunk, 20 kB at least).
const require = createRequire(import.meta.url);
const bundled = require("next/dist/compiled/webpack/webpack") as {
  init(): void;
  webpack: (options: object, done: (error: Error | null, stats?: { hasErrors(): boolean; toString(): string }) => void) => void;
};
bundled.init();

const CLIENT = 'export const client = () => "the api client";\n';

const ATELIER = "app/(atelier)/layout";

function build(dir: string, cacheGroups: object) {
  writeFileSync(join(dir, "client.js"), CLIENT);
  writeFileSync(join(dir, "layout.js"), 'import { client } from "./client.js";\nimport("./panel.js");\ndocument.title = client();\n');
  writeFileSync(join(dir, "panel.js"), 'export const panel = "only the layout";\n');
  writeFileSync(join(dir, "page.js"), 'import { client } from "./client.js";\ndocument.body.textContent = client();\n');
  writeFileSync(join(dir, "atelier.js"), 'import { client } from "./client.js";\ndocument.body.dataset.console = client();\n');
  return new Promise<string[]>((resolve, reject) =>
    bundled.webpack(
      {
        mode: "production",
        context: dir,
        entry: { [SHOP_LAYOUT]: "./layout.js", "app/sign-up/page": "./page.js", [ATELIER]: "./atelier.js" },
        output: { path: join(dir, "out"), filename: "[name].js", chunkFilename: "[name].[id].js" },
        optimization: { minimize: false, splitChunks: { chunks: "all", minSize: 20_000, cacheGroups } },
      },
      (error, stats) => {
        if (error || stats?.hasErrors()) return reject(error ?? new Error(stats?.toString()));
        const files = readdirSync(join(dir, "out"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".js"));
        resolve(files.map((f) => `// ${f}\n${readFileSync(join(dir, "out", f), "utf8")}`));
      },
    ),
  );
}

const holding = (scripts: string[], text: string) => scripts.filter((s) => s.includes(text)).length;

describe("SHELL_CHUNK", () => {
  it("ships a module the layout and a page share once, where webpack alone copies it into both, and none of it to the atelier console", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shell-chunk-"));
    try {
      expect(holding(await build(dir, {}), "the api client")).toBe(3);
      rmSync(join(dir, "out"), { recursive: true, force: true });
      const scripts = await build(dir, { shell: SHELL_CHUNK });
      // Once for the shop (its shell), once in the atelier console's own chunk: the console loads no shell.
      expect(
        scripts
          .filter((s) => s.includes("the api client"))
          .map((s) => s.split("\n")[0])
          .sort(),
      ).toEqual([`// ${ATELIER}.js`, "// shell.js"]);
      expect(holding(scripts, "only the layout")).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
