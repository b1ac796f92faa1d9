import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { writeZipTable } from './generate-zip-data.ts';

// The Node server as one bundled module (build/server/index.mjs), which `npm start` runs.
// Loading the TypeScript sources module by module costs ~200 MB more resident memory (drizzle's
// module graph alone) than the bundle, whose tree-shaken code holds only what the app uses.
// The native libSQL driver stays an ordinary dependency.
const root = resolve(import.meta.dirname, '..');

// The commit shown at /admin/deployment (services/deployment.ts `__DRX_COMMIT__`): DRX_COMMIT when
// set (a build outside a git checkout), else the checkout's HEAD, else unknown.
function buildCommit(): string | null {
  if (process.env.DRX_COMMIT) return process.env.DRX_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

await build({
  entryPoints: [resolve(root, 'worker/src/node.ts')],
  outfile: resolve(root, 'build/server/index.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external: ['@libsql/client', 'libsql'],
  define: { __DRX_COMMIT__: JSON.stringify(buildCommit()) },
  // Bundled CommonJS dependencies may call require(); give them one.
  banner: { js: "import { createRequire as __drxCreateRequire } from 'node:module'; const require = __drxCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log('Server bundled: build/server/index.mjs');

// The US ZIP code table, a file of the built site that the lookup reads on first use on either
// runtime (decision 0055). Written here because `astro build` empties dist/ first.
const zipTable = writeZipTable(resolve(root, 'dist'));
console.log(`ZIP code table written: ${zipTable.codes} codes in dist/_data/zip-codes.txt`);

// The pages the server renders from the site's components (decision 0020): `astro build` compiles
// them into build/astro/ (the worker bundles that with wrangler); Node gets them as one module.
const pages = resolve(root, 'build/astro/entry.mjs');
if (existsSync(pages)) {
  await build({
    entryPoints: [pages],
    outfile: resolve(root, 'build/server/page-renderer.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    banner: { js: "import { createRequire as __drxCreateRequire } from 'node:module'; const require = __drxCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  console.log('Page renderer bundled: build/server/page-renderer.mjs');
} else {
  console.warn('No build/astro/entry.mjs (run astro build first): the server will not render changed pages');
}

// The API reference viewer (decision 0052): Scalar's standalone bundle, served from this origin
// at the path site/src/lib/api-reference.ts loads it from (no CDN: the page policy allows 'self').
const viewer = resolve(root, 'node_modules/@scalar/api-reference/dist/browser/standalone.js');
const viewerOut = resolve(root, 'dist/vendor/scalar/api-reference.js');
mkdirSync(dirname(viewerOut), { recursive: true });
copyFileSync(viewer, viewerOut);
console.log('API reference viewer copied: dist/vendor/scalar/api-reference.js');
