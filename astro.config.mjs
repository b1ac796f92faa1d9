// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

const apiPort = process.env.API_PORT ?? '8788';

// Every page is pre-rendered; the Hono server (Node or Workers) serves the files, the
// redirects of the route table and the API. Dynamic routes are static shells whose islands
// read the id from the URL; the server maps each pattern to its shell (site/src/routes.ts).
export default defineConfig({
  root: '.',
  srcDir: './site/src',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  devToolbar: { enabled: false },
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
