// Builds the JS package (sdk/js/dist) and the assets-host tree
// (sdk/dist/web/3.130.0/{js,html,css}) from src/, the wasm-bindgen output in
// ../.build and the frame pages. One shared wasm module; per-component ES
// module entries with shared chunks; braintree.js as a classic script.
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const glue = join(here, '..', '.build');
const dist = join(here, 'dist');
const web = join(here, '..', 'dist', 'web', '3.130.0');

const components = ['index', 'client', 'hosted-fields', 'three-d-secure', 'paypal', 'paypal-checkout', 'vault-manager']
  .filter((c) => existsSync(join(here, 'src', c + '.js')));
const internal = ['hosted-fields-frame', 'landing-frame'];

const gluePlugin = {
  name: 'wasm-glue',
  setup(b) {
    b.onResolve({ filter: /payment_sdk\.js$/ }, () => ({ path: join(glue, 'payment_sdk.js') }));
  }
};

rmSync(dist, { recursive: true, force: true });
rmSync(web, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const common = { bundle: true, loader: { '.txt': 'text' }, minify: true, target: 'es2020', legalComments: 'none', plugins: [gluePlugin], logLevel: 'warning' };
const esm = await build({
  ...common,
  entryPoints: [...components, ...internal].map((c) => join(here, 'src', c + '.js')),
  outdir: dist,
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  metafile: true
});
await build({
  ...common,
  entryPoints: [join(here, 'src', 'braintree.js')],
  outfile: join(dist, 'braintree.js'),
  format: 'iife',
  define: { 'import.meta.url': 'undefined' }
});
cpSync(join(glue, 'payment_sdk_bg.wasm'), join(dist, 'payment_sdk_bg.wasm'));
cpSync(join(here, 'types', 'index.d.ts'), join(dist, 'index.d.ts'));
writeFileSync(join(dist, 'meta.json'), JSON.stringify(esm.metafile));

mkdirSync(web, { recursive: true });
cpSync(dist, join(web, 'js'), { recursive: true, filter: (p) => !p.endsWith('.d.ts') && !p.endsWith('meta.json') });
cpSync(join(here, 'html'), join(web, 'html'), { recursive: true, filter: (p) => !p.endsWith('landing-frame.html') });
// The PayPal return, cancel and loading pages differ only in their name: one template.
const landing = readFileSync(join(here, 'html', 'landing-frame.html'), 'utf8');
for (const frame of ['cancel-frame', 'dispatch-frame', 'paypal-landing-frame', 'redirect-frame']) {
  writeFileSync(join(web, 'html', frame + '.html'), landing.replace('{{frame}}', frame));
}
cpSync(join(here, 'css'), join(web, 'css'), { recursive: true });
cpSync(join(here, 'test-page'), web, { recursive: true });
console.log('built ' + readdirSync(join(web, 'js')).length + ' files into sdk/dist/web/3.130.0');
