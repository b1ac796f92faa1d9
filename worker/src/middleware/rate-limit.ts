import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import type { AppContext } from '../app-context.ts';
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
