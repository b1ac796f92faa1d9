import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { parseEnv } from './platform/env.ts';
import { createNodePlatform } from './platform/node-platform.ts';

// The embedded runtime: one Node process serves the built site and /api on one port.
const env = parseEnv(process.env);
const platform = await createNodePlatform(env);
const app = createApp();

const server = serve({ fetch: (request, nodeBindings) => app.fetch(request, { ...nodeBindings, platform }), port: env.PORT, hostname: env.HOST }, (info) => {
  const url = `http://localhost:${info.port}`;
  console.log(`DRX is running at ${url}`);
  console.log(`Data folder: ${env.DATA_DIR}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    platform.close();
    process.exit(0);
  });
}
