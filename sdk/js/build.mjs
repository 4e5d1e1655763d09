// Builds the JS package (sdk/js/dist) and the assets-host tree
// (sdk/dist/web/3.130.0/{js,html,css}) from src/, the wasm-bindgen output in
// ../.build and the frame pages. Per-component ES module entries with shared
// chunks over the merchant wasm module; the hosted-field frame page built on
// its own against the frame module (the card and field rules only the frames
// run); the classic scripts: the all-in-one braintree.js (also under the
// reference's name, index.min.js) and one <component>.min.js per component.
import { build } from "esbuild";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { NAMESPACES, fileOf } from "./src/namespaces.js";

const here = dirname(fileURLToPath(import.meta.url));
const glue = join(here, "..", ".build");
const dist = join(here, "dist");
const web = join(here, "..", "dist", "web", "3.130.0");

const components = [
  "client",
  "hosted-fields",
  "three-d-secure",
  "paypal",
  "paypal-checkout",
  "vault-manager",
  "local-payment",
  "masterpass",
  "payment-ready",
  "payment-request",
  "preferred-payment-methods",
  "sepa",
  "unionpay",
  "us-bank-account",
  "venmo",
].filter((c) => existsSync(join(here, "src", c + ".js")));
const internal = ["package", "landing-frame", "masterpass-loading-frame", "venmo-desktop-frame"];
// The frame pages (hosted fields; payment request, whose rules only it
// runs), and frame-rules (the frame module's rules for benchmarks).
const frameEntries = ["frame-rules"];

/** Resolves the wasm-bindgen glue import to the named module's glue. */
const gluePlugin = (module) => ({
  name: "wasm-glue",
  setup(b) {
    b.onResolve({ filter: /payment_sdk\.js$/ }, () => ({ path: join(glue, module + ".js") }));
    // The alternative payment methods' module (apm-wasm.js).
    b.onResolve({ filter: /payment_sdk_apm\.js$/ }, () => ({ path: join(glue, "payment_sdk_apm.js") }));
    // The Venmo desktop QR frame's encoder module.
    b.onResolve({ filter: /payment_sdk_qr\.js$/ }, () => ({ path: join(glue, "payment_sdk_qr.js") }));
    // The constants, as the Rust crate prints them (sdk-constants).
    b.onResolve({ filter: /^\.\/constants\.json$/ }, () => ({ path: join(glue, "constants.json") }));
    // One constant as its own module (`./constants/NAME.json`): a component's
    // rule tables then land in its own chunk, not in the one every
    // component shares.
    b.onResolve({ filter: /^\.\/constants\/\w+\.json$/ }, (args) => ({ path: args.path.slice(12, -5), namespace: "constant" }));
    b.onLoad({ filter: /.*/, namespace: "constant" }, (args) => {
      const all = JSON.parse(readFileSync(join(glue, "constants.json"), "utf8"));
      if (!(args.path in all)) throw new Error("no constant " + args.path);
      return { contents: JSON.stringify(all[args.path]), loader: "json" };
    });
  },
});
const wasmFile = (module) => ({ WASM_FILE: JSON.stringify(module + "_bg.wasm") });

rmSync(dist, { recursive: true, force: true });
rmSync(web, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const common = { bundle: true, loader: { ".txt": "text" }, minify: true, target: "es2020", legalComments: "none", logLevel: "warning" };
const merchant = { ...common, plugins: [gluePlugin("payment_sdk")], define: wasmFile("payment_sdk") };
const esm = await build({
  ...merchant,
  entryPoints: [...components, ...internal].map((c) => join(here, "src", c + ".js")),
  outdir: dist,
  format: "esm",
  splitting: true,
  chunkNames: "chunk-[hash]",
  metafile: true,
});
const frameBuild = (entries, module = "payment_sdk_frame") =>
  build({
    ...common,
    plugins: [gluePlugin(module)],
    define: wasmFile(module),
    entryPoints: entries.map((c) => join(here, "src", c + ".js")),
    outdir: dist,
    format: "esm",
    splitting: true,
    chunkNames: "chunk-[hash]",
    metafile: true,
  });
const frame = await frameBuild(frameEntries);
// The hosted-field frame on its own: no chunk shared with the other frame
// pages, so a field loads its code in as few files as its lazy parts allow.
const fieldFrame = await frameBuild(["hosted-fields-frame"]);
// The Payment Request frame on its own module (its rules and the client's).
const requestFrame = await frameBuild(["payment-request-frame"], "payment_sdk_payment_request");
// The package's main entry imports the entries above as they are (so a page
// that mixes it with one component's module loads every module once); not
// one of them, so each component's entry keeps its code in its own file
// instead of a chunk it shares with index.js.
const entriesAsTheyAre = {
  name: "entries-as-they-are",
  setup(b) {
    b.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) => (args.importer.endsWith("index.js") ? { path: args.path, external: true } : undefined));
  },
};
const all = await build({
  ...common,
  entryPoints: [join(here, "src", "index.js")],
  outdir: dist,
  format: "esm",
  plugins: [entriesAsTheyAre],
  metafile: true,
});
await build({
  ...merchant,
  entryPoints: [join(here, "src", "braintree.js")],
  outfile: join(dist, "braintree.js"),
  format: "iife",
  define: { ...merchant.define, "import.meta.url": "undefined" },
});
cpSync(join(dist, "braintree.js"), join(dist, "index.min.js"));
// The reference's per-component classic scripts (<component>.min.js): each
// attaches its namespace and loads the component's ES module above when it
// runs (classic.js). Its synchronous functions are bundled from the
// component's module, or from a smaller one that has them where that module
// would bring more (hosted-fields.js registers its error catalogue).
const SMALLEST = { supportsInputFormatting: "browser" };
await Promise.all(
  NAMESPACES.map(([name, ...sync]) =>
    build({
      ...merchant,
      stdin: {
        contents:
          sync.map((f) => `import { ${f} } from './${SMALLEST[f] || fileOf(name)}.js';\n`).join("") +
          `import { classic } from './classic.js';\nclassic(${JSON.stringify(fileOf(name))}, ${JSON.stringify(name)}, { ${sync.join(", ")} });\n`,
        resolveDir: join(here, "src"),
        sourcefile: fileOf(name) + ".min.js",
      },
      outfile: join(dist, fileOf(name) + ".min.js"),
      format: "iife",
      define: { ...merchant.define, "import.meta.url": "undefined" },
    }),
  ),
);
for (const m of ["payment_sdk", "payment_sdk_frame", "payment_sdk_apm", "payment_sdk_qr", "payment_sdk_payment_request"])
  cpSync(join(glue, m + "_bg.wasm"), join(dist, m + "_bg.wasm"));
// Declarations: one file per entry point (plus shared.d.ts) beside its module.
for (const d of readdirSync(join(here, "types"))) cpSync(join(here, "types", d), join(dist, d));
// One metafile for the three builds (their outputs never share a file name).
const meta = {
  inputs: { ...esm.metafile.inputs, ...frame.metafile.inputs, ...fieldFrame.metafile.inputs, ...requestFrame.metafile.inputs, ...all.metafile.inputs },
  outputs: { ...esm.metafile.outputs, ...frame.metafile.outputs, ...fieldFrame.metafile.outputs, ...requestFrame.metafile.outputs, ...all.metafile.outputs },
};
writeFileSync(join(dist, "meta.json"), JSON.stringify(meta));

mkdirSync(web, { recursive: true });
cpSync(dist, join(web, "js"), { recursive: true, filter: (p) => !p.endsWith(".d.ts") && !p.endsWith("meta.json") });
cpSync(join(here, "html"), join(web, "html"), { recursive: true, filter: (p) => !p.endsWith("landing-frame.html") });
// The field frame's head preloads the chunks its module imports (their names
// are content hashes), so they load beside it instead of after it.
{
  const out = Object.keys(fieldFrame.metafile.outputs).find((o) => o.endsWith("/hosted-fields-frame.js"));
  const links = fieldFrame.metafile.outputs[out].imports
    .filter((i) => i.kind === "import-statement")
    .map((i) => '<link rel="modulepreload" href="../js/' + i.path.slice(i.path.lastIndexOf("/") + 1) + '">\n')
    .join("");
  const page = join(web, "html", "hosted-fields-frame.html");
  writeFileSync(page, readFileSync(page, "utf8").replace('<script type="module"', links + '<script type="module"'));
}
// The flows' return, cancel and loading pages differ only in their name: one
// template (landing-frame.js reports a *-landing-frame's or cancel-frame's
// query to the window that opened it).
// (No dispatch-frame: see frame-service.js. The Masterpass loading page is
// its own, html/masterpass-loading-frame.html.)
const LANDING_PAGES = [
  "cancel-frame",
  "paypal-landing-frame",
  "redirect-frame",
  "local-payment-landing-frame",
  "local-payment-redirect-frame",
  "masterpass-landing-frame",
  "sepa-landing-frame",
  "venmo-landing-frame",
];
const landing = readFileSync(join(here, "html", "landing-frame.html"), "utf8");
for (const frame of LANDING_PAGES) {
  writeFileSync(join(web, "html", frame + ".html"), landing.replace("{{frame}}", frame));
}
cpSync(join(here, "css"), join(web, "css"), { recursive: true });
cpSync(join(here, "test-page"), web, { recursive: true });
console.log("built " + readdirSync(join(web, "js")).length + " files into sdk/dist/web/3.130.0");
