import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Engine } from './engine.ts';
import { HttpError, encodeStmtResult, errorOf, parseCursorBody, parsePipelineBody } from './protocol.ts';

/**
 * A small libSQL server for tests and development: Hrana over HTTP (versions 2 and 3, JSON) on
 * top of a local libSQL file, enough for `@libsql/client` and `@libsql/client/web` (the worker's
 * driver) and for drizzle-kit. Not for production: a deployment uses Turso or sqld
 * (decision 0022).
 *
 *   node scripts/hrana/server.ts --db data/drx.db --port 8080 [--host 127.0.0.1] [--auth-token T]
 */

export interface HranaServerOptions {
  /** The libSQL/SQLite database file (created when missing). */
  file: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** When set, every request but /health must carry `Authorization: Bearer <token>`. */
  authToken?: string;
  /** How long an unused stream lives, in ms. */
  idleMs?: number;
  /** Prints every statement with its stream (development). */
  logStatements?: boolean;
}

export interface HranaServer {
  /** `http://host:port`, for LIBSQL_URL. */
  url: string;
  port: number;
  engine: Engine;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 32 * 1024 * 1024;

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  // The client compares the content type exactly to decide whether the body is JSON.
  send(res, status, JSON.stringify(body), 'application/json');
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large', 'PROTOCOL_ERROR');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'Request body is not JSON', 'PROTOCOL_ERROR');
  }
}

function authorized(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(req.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

async function pipeline(engine: Engine, req: IncomingMessage, res: ServerResponse, version: 2 | 3): Promise<void> {
  const body = parsePipelineBody(await readJson(req));
  const stream = engine.open(body.baton);
  try {
    await engine.turn(stream);
    // From here to the answer nothing waits: the whole pipeline runs before any other request.
    const results = body.requests.map((request) => {
      try {
        return { type: 'ok', response: engine.handle(stream, request, version) };
      } catch (err) {
        if (err instanceof HttpError) throw err;
        return { type: 'error', error: errorOf(err) };
      }
    });
    sendJson(res, 200, { baton: engine.finish(stream), base_url: null, results });
  } catch (err) {
    // A request the protocol refuses ends the stream, as the client then gives it up.
    engine.close(stream);
    throw err;
  }
}

async function cursor(engine: Engine, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = parseCursorBody(await readJson(req));
  const stream = engine.open(body.baton);
  try {
    await engine.turn(stream);
    const entries: unknown[] = [];
    engine.runSteps(stream, body.steps, {
      ok: (step, outcome) => {
        const result = encodeStmtResult(outcome);
        entries.push({ type: 'step_begin', step, cols: result.cols });
        for (const row of result.rows) entries.push({ type: 'row', row });
        entries.push({ type: 'step_end', affected_row_count: result.affected_row_count, last_insert_rowid: result.last_insert_rowid });
      },
      error: (step, error) => entries.push({ type: 'step_error', step, error }),
      skipped: () => {},
    });
    const baton = engine.finish(stream);
    const lines = [{ baton, base_url: null }, ...entries].map((entry) => JSON.stringify(entry) + '\n');
    send(res, 200, lines.join(''));
  } catch (err) {
    engine.close(stream);
    throw err;
  }
}

/** Starts the server; resolves once it listens. */
export function startHranaServer(options: HranaServerOptions): Promise<HranaServer> {
  const engine = new Engine({
    file: options.file,
    idleMs: options.idleMs,
    onStatement: options.logStatements ? (sql, stream) => console.log(`[hrana ${stream}] ${sql.replace(/\s+/g, ' ').slice(0, 300)}`) : undefined,
  });
  const host = options.host ?? '127.0.0.1';

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://hrana').pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const answer = async () => {
      if (path === '/health') return send(res, 200, 'ok\n');
      if (!authorized(req, options.authToken)) return send(res, 401, 'Unauthorized: a valid Bearer token is required\n');
      if (method === 'GET') {
        if (path === '/') return send(res, 200, 'DRX local Hrana server (Hrana 2 and 3 over HTTP, JSON), for tests and development\n');
        if (path === '/version') return send(res, 200, 'drx-hrana 1\n');
        // Version probes: JSON only; a 404 for Protobuf makes clients fall back to JSON.
        if (path === '/v2' || path === '/v3') return send(res, 200, `Hrana ${path.slice(2)} over HTTP (JSON)\n`);
        return send(res, 404, 'Not found\n');
      }
      if (method !== 'POST') return send(res, 405, 'Method not allowed\n');
      if (path === '/v2/pipeline') return pipeline(engine, req, res, 2);
      if (path === '/v3/pipeline') return pipeline(engine, req, res, 3);
      if (path === '/v3/cursor') return cursor(engine, req, res);
      return send(res, 404, 'Not found\n');
    };
    answer().catch((err: unknown) => {
      if (res.headersSent) return res.destroy();
      if (err instanceof HttpError) return sendJson(res, err.status, { message: err.message, code: err.code });
      console.error('hrana server:', err);
      sendJson(res, 500, errorOf(err));
    });
  });
  server.keepAliveTimeout = 60_000;

  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', fail);
      const { port } = server.address() as AddressInfo;
      const urlHost = host.includes(':') ? `[${host}]` : host;
      done({
        url: `http://${urlHost}:${port}`,
        port,
        engine,
        close: () =>
          new Promise<void>((closed) => {
            server.closeAllConnections();
            server.close(() => {
              engine.shutdown();
              closed();
            });
          }),
      });
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      'auth-token': { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  if (!values.db) {
    console.error('Usage: node scripts/hrana/server.ts --db <file> [--port 8080] [--host 127.0.0.1] [--auth-token <token>] [--verbose]');
    process.exit(2);
  }
  const server = await startHranaServer({
    file: resolve(values.db),
    port: Number(values.port),
    host: values.host,
    authToken: values['auth-token'] ?? process.env.HRANA_AUTH_TOKEN,
    logStatements: values.verbose,
  });
  console.log(`Hrana server (tests and development only) on ${server.url}, database ${resolve(values.db)}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
