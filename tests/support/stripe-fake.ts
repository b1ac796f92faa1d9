import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's API (Stripe is not reachable from these machines): a node:http
 * server on port 0 that records every request the SDK makes and answers checkout session
 * create/expire, refund create and Connect's account create/retrieve, account link and transfer
 * create with Stripe-shaped JSON. The app's Stripe provider is pointed
 * at it with STRIPE_API_BASE (the SDK's host/port/protocol options).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The form-encoded body, decoded (Stripe's `a[b][0][c]=…` keys kept flat). */
  form: Record<string, string>;
}

export interface StripeFake {
  url: string;
  requests: RecordedRequest[];
  /** Makes the next calls answer this status with a Stripe error body. */
  failNext(status: number, count?: number): void;
  /** Connect's Express accounts made through the fake, by id; a test changes them as Stripe would after onboarding. */
  accounts: Map<string, FakeAccount>;
  /** Transfers made through the fake, by id. */
  transfers: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

let counter = 0;
const id = (prefix: string) => `${prefix}_fake${Date.now().toString(36)}${(counter += 1)}`;

export async function startStripeFake(): Promise<StripeFake> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const accounts = new Map<string, FakeAccount>();
  const transfers = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, unknown>();
  let failures: { status: number; left: number } | null = null;

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(body));
    const path = (req.url ?? '').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, headers: req.headers, form });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(json));
    };
    if (failures && failures.left > 0) {
      failures.left -= 1;
      return send(failures.status, { error: { type: 'api_error', message: 'The fake Stripe is failing on purpose.' } });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      let amountTotal = 0;
      for (let i = 0; form[`line_items[${i}][quantity]`]; i++) {
        amountTotal += Number(form[`line_items[${i}][quantity]`]) * Number(form[`line_items[${i}][price_data][unit_amount]`]);
      }
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amountTotal,
        currency: form['line_items[0][price_data][currency]'] ?? 'usd',
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        expires_at: Number(form.expires_at),
        metadata,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        payment_intent: null,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        livemode: false,
      };
      sessions.set(sessionId, session);
      return send(200, session);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (req.method === 'POST' && expire) {
      const session = sessions.get(expire[1]!);
      if (!session) return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      if (session.status !== 'open') return send(400, { error: { type: 'invalid_request_error', message: 'Only open sessions can be expired.' } });
      session.status = 'expired';
      return send(200, session);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      return send(200, { id: id('re'), object: 'refund', amount: Number(form.amount), payment_intent: form.payment_intent, status: 'succeeded', currency: 'usd', metadata });
    }
    // Connect (Express accounts, onboarding links, transfers). A repeated Idempotency-Key answers
    // the first answer again, as Stripe does.
    const key = typeof req.headers['idempotency-key'] === 'string' ? `${path} ${req.headers['idempotency-key']}` : null;
    const replay = key ? idempotent.get(key) : undefined;
    if (req.method === 'POST' && replay) return send(200, replay);
    const remember = (json: unknown) => {
      if (key && req.method === 'POST') idempotent.set(key, json);
      return send(200, json);
    };
    if (req.method === 'POST' && path === '/v1/accounts') {
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const account: FakeAccount = {
        id: id('acct'),
        object: 'account',
        type: form.type ?? 'standard',
        email: form.email ?? null,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata,
      };
      accounts.set(account.id, account);
      return remember(account);
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && accountPath) {
      const account = accounts.get(accountPath[1]!);
      if (!account) return send(404, { error: { type: 'invalid_request_error', message: 'No such account' } });
      return send(200, account);
    }
    if (req.method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(form.account ?? '')) return send(400, { error: { type: 'invalid_request_error', message: 'No such account' } });
      return remember({
        object: 'account_link',
        created: Math.floor(Date.now() / 1000),
        expires_at: Math.floor(Date.now() / 1000) + 300,
        url: `https://connect.stripe.test/setup/e/${form.account}/${id('link')}`,
      });
    }
    if (req.method === 'POST' && path === '/v1/transfers') {
      const account = accounts.get(form.destination ?? '');
      if (!account) return send(400, { error: { type: 'invalid_request_error', message: 'No such destination' } });
      if (!account.payouts_enabled) return send(400, { error: { type: 'invalid_request_error', message: 'The destination account cannot receive transfers.' } });
      const transfer = { id: id('tr'), object: 'transfer', amount: Number(form.amount), currency: form.currency, destination: form.destination, metadata: {} };
      transfers.set(transfer.id, transfer);
      return remember(transfer);
    }
    return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    accounts,
    transfers,
    failNext(status, count = 1) {
      failures = { status, left: count };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
