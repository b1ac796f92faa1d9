import { createServer, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { DEMO_PASSWORD, existingDemoAccounts } from '../../db/seed.ts';
import { createApp } from './app.ts';
import { nodeAnswerStore, publicCacheListener } from './http/public-cache-node.ts';
import { writesInTurn } from './http/writes-in-turn.ts';
import { parseEnv } from './platform/env.ts';
import { createNodePlatform } from './platform/node-platform.ts';
import { sweepBookings } from './services/bookings/sweep.ts';
import { sweepTakeFiles } from './services/practice/retention.ts';
import { sendCommunityDigests } from './services/community/digest.ts';
import { paymentConfigurationProblem } from './services/payments/provider.ts';

// The embedded runtime: one Node process serves the built site and /api on one port.
const env = parseEnv(process.env);
// Payments fail closed (decision 0060): a half-set Stripe, or the test provider on a deployment, stops here.
const paymentsProblem = paymentConfigurationProblem(env);
if (paymentsProblem) {
  console.error(`DRX refuses to start: ${paymentsProblem}.`);
  process.exit(1);
}
const platform = await createNodePlatform(env);
// Public answers kept in memory with their gzip and brotli bodies (decision 0021).
const app = createApp({ publicCache: { store: nodeAnswerStore() } });

const appListener = getRequestListener((request, nodeBindings) => app.fetch(request, { ...nodeBindings, platform }), { hostname: env.HOST });
const server = createServer();
// A graceful stop keeps no list of the requests under way (an entry and a listener per request
// were garbage on the hottest path): once it has begun, every answer says `connection: close`
// and the connections whose answers are done are closed as they go idle.
let stopping = false;
server.on('request', (_request, response: ServerResponse) => {
  if (stopping) response.setHeader('connection', 'close');
});
// A fresh public answer is written from memory before @hono/node-server makes a Request of it;
// writes start in the order they came, one per turn of the loop (decision 0034).
server.on('request', publicCacheListener(app.publicCache, platform, writesInTurn(appListener)));
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
let sweeping: Promise<void> | undefined;
const sweepTimer = setInterval(() => {
  if (sweeping) return;
  sweeping = Promise.all([
    sweepBookings(platform).catch((err: unknown) => console.error('The bookings sweep failed', err instanceof Error ? err.message : err)),
    // The practice room's files whose time has come (decision 0070).
    sweepTakeFiles(platform).catch((err: unknown) => console.error('The take files sweep failed', err instanceof Error ? err.message : err)),
    // The community's daily digests that are due (decision 0075).
    sendCommunityDigests(platform).catch((err: unknown) => console.error('The community digest sweep failed', err instanceof Error ? err.message : err)),
  ])
    .then(() => undefined)
    .finally(() => {
      sweeping = undefined;
    });
}, 60_000);
sweepTimer.unref();

/** How long a graceful stop waits for the requests under way before it closes their connections. */
const DRAIN_MS = 10_000;

/**
 * A graceful stop (decision 0057): no new connection is accepted, the requests under way finish
 * (for at most DRAIN_MS, then their connections are closed), the WAL is checkpointed into the
 * database file and emptied, and the process exits 0. A second signal stops the waiting.
 */
async function stop(signal: string): Promise<void> {
  stopping = true;
  clearInterval(sweepTimer);
  const open = await new Promise<number>((resolve) => server.getConnections((_err, count) => resolve(count ?? 0)));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  console.log(`${signal}: no new connections; finishing the requests under way on ${open} connection(s), then stopping`);
  // A connection whose answer is done goes at once (server.close() closed the idle ones): a
  // kept-alive client must not hold the stop up.
  const idleCloser = setInterval(() => server.closeIdleConnections(), 50);
  const cutOff = setTimeout(() => {
    console.warn(`Requests still under way after ${DRAIN_MS / 1000} s: their connections are closed`);
    server.closeAllConnections();
  }, DRAIN_MS);
  await closed;
  clearTimeout(cutOff);
  clearInterval(idleCloser);
  await sweeping;
  await platform.close();
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      server.closeAllConnections();
      return;
    }
    stop(signal).catch((err: unknown) => {
      console.error('The graceful stop failed', err);
      process.exit(1);
    });
  });
}
