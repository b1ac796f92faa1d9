// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { writeCspManifest } from './scripts/csp-manifest.ts';
import { pageRendererAdapter } from './site/server/adapter.ts';

const apiPort = process.env.API_PORT ?? '8788';

/**
 * The pages' Content-Security-Policy is a header sent by our server on both runtimes (decision
 * 0015); this hashes the inline scripts and styles of the built pages for it, and keeps zod
 * from tripping the policy in the browser.
 * @type {import('astro').AstroIntegration}
 */
/** Where the server-rendered pages' module is built (config.build.server), read at build:done. */
let serverBuildDir = '';
const cspHashes = {
  name: 'drx-csp-hashes',
  hooks: {
    'astro:config:done': ({ config }) => {
      serverBuildDir = fileURLToPath(config.build.server);
    },
    'astro:config:setup': ({ injectScript }) => {
      // zod 4 probes `new Function` when it builds an object schema; under a CSP without
      // 'unsafe-eval' that probe is reported as a violation. Its jitless mode skips the probe; the
      // setting must exist before zod loads, so it is set through zod's shared config object.
      injectScript('head-inline', 'globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});');
    },
    'astro:build:done': async ({ dir, logger }) => {
      const counts = await writeCspManifest(fileURLToPath(dir), serverBuildDir);
      logger.info(`CSP hashes: ${counts.scripts} inline scripts, ${counts.styles} inline styles`);
    },
  },
};

// Every page is pre-rendered but those of site/src/pages/rendered/, which the Hono server (Node or
// Workers) renders on request through the module our adapter builds (decision 0020); it serves the
// files, the redirects of the route table and the API. Other dynamic routes are static shells
// whose islands read the id from the URL (site/src/routes.ts).
export default defineConfig({
  root: '.',
  srcDir: './site/src',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  trailingSlash: 'ignore',
  // The static site in dist/, the server-rendered pages' module outside it (decision 0020).
  build: { format: 'directory', client: './', server: '../build/astro/' },
  adapter: pageRendererAdapter(),
  integrations: [react(), cspHashes],
  devToolbar: { enabled: false },
  // No image processing: pictures are uploads served as they are.
  image: { service: { entrypoint: 'astro/assets/services/noop' } },
  server: { port: Number(process.env.PORT ?? 4321) },
  vite: {
    server: {
      proxy: {
        '/api': `http://127.0.0.1:${apiPort}`,
        '/uploads': `http://127.0.0.1:${apiPort}`,
      },
    },
  },
});
