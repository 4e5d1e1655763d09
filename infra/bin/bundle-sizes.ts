// Prints each function's deployed bundle (the bootstrap staged in cdk.out by
// a bundling synth, as zipped for upload), read from the Functions stack's
// template.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";

const out = process.argv[2] ?? "cdk.out";
const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")) as { artifacts: Record<string, { type: string }> };
const stacks = Object.entries(manifest.artifacts)
  .filter(([, a]) => a.type === "aws:cloudformation:stack")
  .map(([id]) => id);

/** What this reads of a synthesized template's resource. */
interface TemplateResource {
  Type?: string;
  Properties?: { Handler?: string; Description?: string };
  Metadata?: Record<string, string | undefined>;
}

let total = 0;
let count = 0;
for (const id of stacks) {
  const template = JSON.parse(readFileSync(join(out, `${id}.template.json`), "utf8"));
  for (const resource of Object.values<TemplateResource>(template.Resources ?? {})) {
    if (resource.Type !== "AWS::Lambda::Function" || resource.Properties?.Handler !== "bootstrap") continue;
    const name = String(resource.Properties.Description ?? "").split(":")[0];
    const asset = resource.Metadata?.["aws:asset:path"];
    const file = asset ? join(out, asset, "bootstrap") : "";
    if (!asset || !existsSync(file)) {
      console.log(`${name.padEnd(12)} not bundled (synth with bundling to measure)`);
      continue;
    }
    // The asset is a folder CDK zips at upload: deflate at zip -9's level,
    // within a few hundred bytes of the zip.
    const bytes = deflateRawSync(readFileSync(file), { level: 9 }).length;
    total += bytes;
    count += 1;
    console.log(`${name.padEnd(12)} ${(bytes / 1024).toFixed(0).padStart(6)} KiB zipped`);
  }
}
if (count > 0) console.log(`${"total".padEnd(12)} ${(total / 1024).toFixed(0).padStart(6)} KiB in ${count} functions`);
