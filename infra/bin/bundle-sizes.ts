// Prints each function's deployed bundle (the zipped bootstrap staged in
// cdk.out by a bundling synth), read from the Functions stack's template.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2] ?? 'cdk.out';
const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { artifacts: Record<string, { type: string }> };
const stacks = Object.entries(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack').map(([id]) => id);

let total = 0;
let count = 0;
for (const id of stacks) {
  const template = JSON.parse(readFileSync(join(out, `${id}.template.json`), 'utf8'));
  for (const resource of Object.values<any>(template.Resources ?? {})) {
    if (resource.Type !== 'AWS::Lambda::Function' || resource.Properties?.Handler !== 'bootstrap') continue;
    const name = String(resource.Properties.Description ?? '').split(':')[0];
    const asset = resource.Metadata?.['aws:asset:path'];
    const file = asset ? join(out, asset) : '';
    if (!asset || !existsSync(file) || !file.endsWith('.zip')) {
      console.log(`${name.padEnd(12)} not bundled (synth with bundling to measure)`);
      continue;
    }
    const bytes = statSync(file).size;
    total += bytes;
    count += 1;
    console.log(`${name.padEnd(12)} ${(bytes / 1024).toFixed(0).padStart(6)} KiB zipped`);
  }
}
if (count > 0) console.log(`${'total'.padEnd(12)} ${(total / 1024).toFixed(0).padStart(6)} KiB in ${count} functions`);
