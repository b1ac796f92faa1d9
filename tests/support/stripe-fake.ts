import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Stripe's API (Stripe is not reachable from these machines): a node:http
 * server on port 0 that records every request the SDK makes and answers checkout session
 * create/expire, refund create, Connect's account create/retrieve, account link and transfer
 * create, and Billing's product/price create, subscription retrieve/update/cancel, subscription
 * schedule create/retrieve/update/release and billing portal session create with Stripe-shaped JSON. The app's Stripe provider is pointed
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
  /** Billing (decision 0031): products, prices, subscriptions and schedules made through the fake. */
  prices: Map<string, FakePrice>;
  subscriptions: Map<string, FakeSubscription>;
  /**
   * What Stripe does when the customer pays a subscription-mode session: the subscription is
   * created (trialing when the session asked for a trial) and the session completes. Answers the
   * subscription and the completed session, for the test to send as events.
   */
  completeSubscriptionSession(sessionId: string): { subscription: FakeSubscription; session: Record<string, unknown> };
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

export interface FakePrice {
  id: string;
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  active: boolean;
  recurring: { interval: string };
  metadata: Record<string, string>;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  schedule: string | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: FakePrice; quantity: number; current_period_start: number; current_period_end: number }[] };
}

/** `prefix[key]=value` fields of a form as an object. */
function bracketed(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`);
  for (const [k, v] of Object.entries(form)) {
    const m = pattern.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
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
  const prices = new Map<string, FakePrice>();
  const subscriptions = new Map<string, FakeSubscription>();
  const schedules = new Map<string, Record<string, unknown>>();
  const idempotent = new Map<string, unknown>();
  const now = () => Math.floor(Date.now() / 1000);
  const addMonths = (seconds: number, interval: string) => {
    const d = new Date(seconds * 1000);
    if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    return Math.floor(d.getTime() / 1000);
  };
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
    // The deployment check's reachability call (services/deployment-checks.ts).
    if (req.method === 'GET' && path === '/v1/balance') return send(200, { object: 'balance', livemode: false, available: [], pending: [] });
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      let amountTotal = 0;
      for (let i = 0; form[`line_items[${i}][quantity]`]; i++) {
        const price = prices.get(form[`line_items[${i}][price]`] ?? '');
        amountTotal += Number(form[`line_items[${i}][quantity]`]) * (price ? price.unit_amount : Number(form[`line_items[${i}][price_data][unit_amount]`]));
      }
      // A subscription with a trial charges nothing today.
      if (form.mode === 'subscription' && form['subscription_data[trial_period_days]']) amountTotal = 0;
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
        subscription: null as string | null,
        line_price: form['line_items[0][price]'] ?? null,
        subscription_data: { trial_period_days: form['subscription_data[trial_period_days]'] ? Number(form['subscription_data[trial_period_days]']) : null, metadata: bracketed(form, 'subscription_data[metadata]') },
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
    // Billing (decision 0031): products, prices, subscriptions, schedules, the billing portal.
    if (req.method === 'POST' && path === '/v1/products') {
      return send(200, { id: id('prod'), object: 'product', name: form.name, metadata: bracketed(form, 'metadata') });
    }
    if (req.method === 'POST' && path === '/v1/prices') {
      const price: FakePrice = {
        id: id('price'),
        object: 'price',
        product: form.product ?? '',
        unit_amount: Number(form.unit_amount),
        currency: form.currency ?? 'usd',
        active: true,
        recurring: { interval: form['recurring[interval]'] ?? 'month' },
        metadata: bracketed(form, 'metadata'),
      };
      prices.set(price.id, price);
      return send(200, price);
    }
    const pricePath = /^\/v1\/prices\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && pricePath) {
      const price = prices.get(pricePath[1]!);
      return price ? send(200, price) : send(404, { error: { type: 'invalid_request_error', message: 'No such price' } });
    }
    const subPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subPath) {
      const sub = subscriptions.get(subPath[1]!);
      if (!sub) return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (req.method === 'GET') return send(200, sub);
      if (req.method === 'DELETE') {
        sub.status = 'canceled';
        sub.canceled_at = now();
        sub.ended_at = now();
        return send(200, sub);
      }
      if (sub.ended_at) return send(400, { error: { type: 'invalid_request_error', message: 'A canceled subscription can only update its metadata.' } });
      if (form.cancel_at_period_end !== undefined) {
        sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
        sub.canceled_at = sub.cancel_at_period_end ? now() : null;
      }
      const newPrice = form['items[0][price]'];
      if (newPrice) {
        const price = prices.get(newPrice);
        if (!price) return send(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
        const item = sub.items.data[0]!;
        if (price.recurring.interval !== item.price.recurring.interval) {
          item.current_period_start = now();
          item.current_period_end = addMonths(now(), price.recurring.interval);
        }
        item.price = price;
      }
      Object.assign(sub.metadata, bracketed(form, 'metadata'));
      for (const [k, v] of Object.entries(sub.metadata)) if (v === '') delete sub.metadata[k];
      return send(200, sub);
    }
    if (req.method === 'POST' && path === '/v1/subscription_schedules') {
      const sub = subscriptions.get(form.from_subscription ?? '');
      if (!sub) return send(400, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      const item = sub.items.data[0]!;
      const schedule = { id: id('sub_sched'), object: 'subscription_schedule', subscription: sub.id, status: 'active', phases: [{ start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, quantity: 1 }] }] };
      schedules.set(schedule.id, schedule);
      sub.schedule = schedule.id;
      return send(200, schedule);
    }
    const schedulePath = /^\/v1\/subscription_schedules\/([^/]+)(\/release)?$/.exec(path);
    if (schedulePath) {
      const schedule = schedules.get(schedulePath[1]!);
      if (!schedule) return send(404, { error: { type: 'invalid_request_error', message: 'No such subscription schedule' } });
      if (req.method === 'GET') return send(200, schedule);
      if (schedulePath[2]) {
        schedule.status = 'released';
        const sub = subscriptions.get(String(schedule.subscription));
        if (sub) sub.schedule = null;
        return send(200, schedule);
      }
      schedule.phases = Object.keys(form)
        .filter((k) => /^phases\[\d+\]\[items\]\[0\]\[price\]$/.test(k))
        .map((k, i) => ({ items: [{ price: form[k], quantity: 1 }], end_date: form[`phases[${i}][end_date]`] ? Number(form[`phases[${i}][end_date]`]) : null, metadata: bracketed(form, `phases[${i}][metadata]`) }));
      schedule.end_behavior = form.end_behavior;
      return send(200, schedule);
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      return send(200, { id: id('bps'), object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url: `https://billing.stripe.test/p/session/${id('bps')}` });
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
    prices,
    subscriptions,
    completeSubscriptionSession(sessionId) {
      const session = sessions.get(sessionId) as Record<string, unknown> & { subscription_data: { trial_period_days: number | null; metadata: Record<string, string> }; line_price: string | null };
      if (!session) throw new Error(`No session ${sessionId}`);
      const price = prices.get(session.line_price ?? '');
      if (!price) throw new Error('The session has no price');
      const start = now();
      const trialDays = session.subscription_data.trial_period_days;
      const trialEnd = trialDays ? start + trialDays * 86_400 : null;
      const subscription: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        customer: id('cus'),
        status: trialEnd ? 'trialing' : 'active',
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        trial_start: trialEnd ? start : null,
        trial_end: trialEnd,
        schedule: null,
        metadata: { ...session.subscription_data.metadata },
        items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', price, quantity: 1, current_period_start: start, current_period_end: trialEnd ?? addMonths(start, price.recurring.interval) }] },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: 'complete', payment_status: trialEnd ? 'no_payment_required' : 'paid', subscription: subscription.id, customer: subscription.customer });
      return { subscription: structuredClone(subscription), session: structuredClone(session) };
    },
    failNext(status, count = 1) {
      failures = { status, left: count };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
