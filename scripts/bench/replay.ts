import { get, createServer, type OutgoingHttpHeaders } from 'node:http';

/**
 * The bench's ceiling for a cached answer: a bare node:http server that answers each path with the
 * exact bytes the app answered it (status, every header, the compressed body), taken once at start
 * from the app. What it reaches against the hello-world is the most any server in Node can reach
 * for those bytes with this client on this machine (scripts/bench.ts, BENCH_ONLY=pages).
 * Usage: PORT=… SOURCE=http://127.0.0.1:4510 PATHS=/,/courses ACCEPT_ENCODING=… node scripts/bench/replay.ts
 */

interface Recorded {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function record(url: string, acceptEncoding: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(res.headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
        resolve({ status: res.statusCode ?? 500, headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

const source = process.env.SOURCE ?? 'http://127.0.0.1:4510';
const acceptEncoding = process.env.ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const answers = new Map<string, Recorded>();
for (const path of (process.env.PATHS ?? '/').split(',')) answers.set(path, await record(`${source}${path}`, acceptEncoding));

createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}).listen(Number(process.env.PORT ?? 4512), '127.0.0.1', () => console.log('replay listening'));
