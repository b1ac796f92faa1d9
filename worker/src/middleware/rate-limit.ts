import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import type { AppContext } from '../app-context.ts';
import { COUPON_MESSAGES } from '../domain/coupons.ts';
import { clientKey } from '../http/client-address.ts';
import { AppError } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { DbRateLimitStore } from '../services/rate-limit-store.ts';
import { waitText } from '../services/throttle.ts';

/**
 * Per-address request limits (decision 0014), counted by `hono-rate-limiter` in the database.
 * The numbers leave room for a family or a classroom behind one address; RATE_LIMIT_MULTIPLIER
 * scales them for test servers only.
 */
export interface RateLimitRule {
  /** Counter name; rules sharing a name share one counter. */
  name: string;
  limit: number;
  windowMs: number;
  message: string;
}

const HOUR = 60 * 60_000;

export const RATE_LIMITS = {
  /** Registration and guest enrolment both create accounts, so they share one counter. */
  newAccounts: { name: 'new-account', limit: 20, windowMs: HOUR, message: 'Too many new accounts from this address.' },
  contact: { name: 'contact', limit: 10, windowMs: HOUR, message: 'Too many messages from this address.' },
  uploads: { name: 'upload', limit: 120, windowMs: HOUR, message: 'Too many uploads from this address.' },
  /** Password recovery and change, on top of the per-account cap of reset links (decision 0016). */
  passwordForgot: { name: 'password-forgot', limit: 10, windowMs: HOUR, message: 'Too many password reset requests from this address.' },
  passwordReset: { name: 'password-reset', limit: 20, windowMs: HOUR, message: 'Too many password reset attempts from this address.' },
  passwordChange: { name: 'password-change', limit: 20, windowMs: HOUR, message: 'Too many password changes from this address.' },
  /** The resource page's view beacon: a view counts once a day per visitor anyway; this caps the writes. */
  resourceViews: { name: 'resource-view', limit: 600, windowMs: HOUR, message: 'Too many page views from this address.' },
} as const satisfies Record<string, RateLimitRule>;

function limiterFor(rule: RateLimitRule, db: Db): MiddlewareHandler<AppContext> {
  const store = new DbRateLimitStore(db);
  const keyOf = (c: Context<AppContext>) => `${rule.name}:${clientKey(c)}`;
  return rateLimiter<AppContext>({
    windowMs: rule.windowMs,
    limit: (c) => Math.max(1, Math.round(rule.limit * c.get('platform').env.RATE_LIMIT_MULTIPLIER)),
    keyGenerator: keyOf,
    store,
    standardHeaders: 'draft-6',
    handler: async (c) => {
      const now = Date.now();
      const resetAt = (await store.get(keyOf(c)))?.resetTime?.getTime() ?? now + rule.windowMs;
      const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
      throw new AppError(429, `${rule.message} Please try again in ${waitText(seconds)}.`, {
        headers: { 'Retry-After': String(seconds) },
      });
    },
  });
}

/** A middleware limiting a route per client address; one limiter per database (per process on Node, per isolate on Workers). */
export function rateLimit(rule: RateLimitRule): MiddlewareHandler<AppContext> {
  const limiters = new WeakMap<Db, MiddlewareHandler<AppContext>>();
  return async (c, next) => {
    const db = c.get('platform').db;
    let limiter = limiters.get(db);
    if (!limiter) {
      limiter = limiterFor(rule, db);
      limiters.set(db, limiter);
    }
    await limiter(c, next);
  };
}

/**
 * Coupon guessing (decision 0060): failed coupon codes are counted per account and per client
 * address; a code that applies does not count. Each attempt with a code takes its hit first (so
 * guesses sent together cannot slip past together) and gives it back once the answer shows the
 * code applied. RATE_LIMIT_MULTIPLIER scales the per-address limit only.
 */
export const COUPON_GUESSES = {
  name: 'coupon-guess',
  limit: 10,
  windowMs: 15 * 60_000,
  message: 'Too many coupon codes that are not valid.',
} as const satisfies RateLimitRule;

const COUPON_REFUSALS: ReadonlySet<string> = new Set(Object.values(COUPON_MESSAGES));

/** Whether the answer refused the coupon code it was given: a quote's couponError, a checkout's coupon refusal. */
async function couponRefused(res: Response): Promise<boolean> {
  if (res.status !== 200 && res.status !== 400 && res.status !== 409) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { couponError?: unknown; message?: unknown; validationErrors?: Record<string, unknown> } | null;
  if (!body) return false;
  if (res.status === 200) return typeof body.couponError === 'string';
  if (res.status === 400) return Boolean(body.validationErrors?.couponCode);
  return typeof body.message === 'string' && COUPON_REFUSALS.has(body.message);
}

/**
 * Limits the coupon codes a buyer tries (after the body's validation): a signed-in buyer's per
 * account and address, a visitor's (guest checkout) per address.
 */
export function couponGuessLimit(rule: RateLimitRule = COUPON_GUESSES): MiddlewareHandler<AppContext> {
  const stores = new WeakMap<Db, DbRateLimitStore>();
  return async (c, next) => {
    const body = (await c.req.json().catch(() => null)) as { couponCode?: unknown } | null;
    if (typeof body?.couponCode !== 'string' || !body.couponCode.trim()) return next();
    const { db, env } = c.get('platform');
    let store = stores.get(db);
    if (!store) {
      store = new DbRateLimitStore(db);
      store.init({ windowMs: rule.windowMs });
      stores.set(db, store);
    }
    const user = c.get('user');
    const counters = [
      ...(user ? [{ key: `${rule.name}:user:${user.id}`, limit: rule.limit }] : []),
      { key: `${rule.name}:${clientKey(c)}`, limit: Math.max(1, Math.round(rule.limit * env.RATE_LIMIT_MULTIPLIER)) },
    ];
    const hits = await Promise.all(counters.map((counter) => store.increment(counter.key)));
    const now = Date.now();
    const over = hits.filter((hit, i) => hit.totalHits > counters[i]!.limit);
    if (over.length) {
      const seconds = Math.max(1, ...over.map((hit) => Math.ceil(((hit.resetTime?.getTime() ?? now + rule.windowMs) - now) / 1000)));
      throw new AppError(429, `${rule.message} Please try again in ${waitText(seconds)}.`, { headers: { 'Retry-After': String(seconds) } });
    }
    await next();
    if (!(await couponRefused(c.res))) await Promise.all(counters.map((counter) => store.decrement(counter.key)));
  };
}
