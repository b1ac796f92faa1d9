import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { DEMO_PASSWORD, existingDemoAccounts } from '../../db/seed.ts';
import { createApp } from './app.ts';
import { nodeAnswerStore, publicCacheListener } from './http/public-cache-node.ts';
import { writesInTurn } from './http/writes-in-turn.ts';
import { parseEnv } from './platform/env.ts';
import { createNodePlatform } from './platform/node-platform.ts';
import { sweepBookings } from './services/bookings/sweep.ts';

// The embedded runtime: one Node process serves the built site and /api on one port.
const env = parseEnv(process.env);
const platform = await createNodePlatform(env);
// Public answers kept in memory with their gzip and brotli bodies (decision 0021).
const app = createApp({ publicCache: { store: nodeAnswerStore() } });

const appListener = getRequestListener((request, nodeBindings) => app.fetch(request, { ...nodeBindings, platform }), { hostname: env.HOST });
// A fresh public answer is written from memory before @hono/node-server makes a Request of it;
// writes start in the order they came, one per turn of the loop (decision 0034).
const server = createServer(publicCacheListener(app.publicCache, platform, writesInTurn(appListener)));
// Idle keep-alive connections stay open longer than clients and proxies keep theirs (Node's 5 s
// default closes a socket just as a client reuses it: the client sees ECONNRESET).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : env.PORT}`;
  console.log(`DRX is running at ${url}`);
  void existingDemoAccounts(platform.db).then((accounts) => {
    if (accounts.length === 0) return;
    console.warn(
      'Warning: these demo accounts and their password are public (README). Never expose this server; for a real deployment set DRX_ADMIN_USERNAME and DRX_ADMIN_PASSWORD (no demo logins are made then).',
    );
    console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of accounts) console.log(`  ${a.username.padEnd(18)} ${a.roles.join(', ').padEnd(28)} ${a.description}`);
  }, (err: unknown) => console.error('Could not list the demo accounts', err));
  console.log(`Data folder: ${env.DATA_DIR}`);
});

// The bookings' clock (decision 0032): holds and waitlist offers run out, reminders go, every minute.
let sweeping = false;
const sweepTimer = setInterval(() => {
  if (sweeping) return;
  sweeping = true;
  sweepBookings(platform)
    .catch((err: unknown) => console.error('The bookings sweep failed', err instanceof Error ? err.message : err))
    .finally(() => {
      sweeping = false;
    });
}, 60_000);
sweepTimer.unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    clearInterval(sweepTimer);
    server.close();
    platform.close();
    process.exit(0);
  });
}
