import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.ts';

// The app as `npm start` runs it (built site, migrations, demo seed), on a scratch data folder.
const root = resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '4400';
// One data folder per port, so runs on different ports never share (or wipe) each other's data.
const dataDir = resolve(root, 'tests/.tmp', `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });

const server = resolve(root, 'build/server/index.mjs');
if (!existsSync(server)) {
  console.error('build/server/index.mjs is missing: run `npm run build` first.');
  process.exit(1);
}
// Started as `npm run serve` starts it (package.json, scripts/server-flags.ts).
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, server], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...SERVER_ENV,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DRX_SEED: 'demo',
    APP_ENV: 'test',
    // The suite signs up many users from 127.0.0.1: scale the per-address limits up (never in production).
    RATE_LIMIT_MULTIPLIER: '1000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
