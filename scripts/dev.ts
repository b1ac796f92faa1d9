import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

// `npm run dev`: the API server in watch mode on API_PORT (8788), and `astro dev` with hot
// reload in front of it, proxying /api and /uploads (astro.config.mjs).
const root = resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '8788';
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
}

run(process.execPath, ['--watch', 'worker/src/node.ts'], {
  PORT: apiPort,
  HOST: '127.0.0.1',
  APP_ENV: 'development',
});
run(process.execPath, [resolve(root, 'node_modules/astro/bin/astro.mjs'), 'dev'], { API_PORT: apiPort });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
