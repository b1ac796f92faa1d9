import { describe, expect, it } from 'vitest';
import type { Platform } from '../../platform/context.ts';
import { parseEnv } from '../../platform/env.ts';
import { getPaymentProvider, PAYMENTS_NOT_CONFIGURED } from './index.ts';
import { deploymentSignsOf, paymentConfigurationProblem } from './provider.ts';

// Payments fail closed (decision 0060): which configurations run which provider, and which refuse.

const env = (variables: Record<string, string> = {}) => parseEnv({ APP_ENV: 'test', DATA_DIR: 'data', ...variables });
const KEY = { STRIPE_SECRET_KEY: 'sk_test_x' };
const SECRET = { STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const HALF_KEY = 'STRIPE_WEBHOOK_SECRET is not set: set it beside STRIPE_SECRET_KEY, or unset both to use the test provider on a local demo';
const HALF_SECRET = 'STRIPE_SECRET_KEY is not set: set it beside STRIPE_WEBHOOK_SECRET, or unset both to use the test provider on a local demo';
const DEPLOYMENTS: [string, Record<string, string>][] = [
  ['an admin username', { DRX_ADMIN_USERNAME: 'owner' }],
  ['an admin password', { DRX_ADMIN_PASSWORD: 'a-real-secret-42' }],
  ['a remote database', { LIBSQL_URL: 'libsql://drx.example.io' }],
  ['a public address', { PUBLIC_URL: 'https://drx.example' }],
];

describe('the payment configuration', () => {
  it('runs the test provider on a local demo (no Stripe variable, nothing of a deployment)', () => {
    expect(paymentConfigurationProblem(env())).toBeNull();
    expect(paymentConfigurationProblem(env({ PUBLIC_URL: 'http://localhost:3000' }))).toBeNull();
    expect(paymentConfigurationProblem(env({ PUBLIC_URL: 'http://127.0.0.1:4321' }))).toBeNull();
    expect(paymentConfigurationProblem(env({ PUBLIC_URL: 'http://drx.localhost' }))).toBeNull();
    expect(paymentConfigurationProblem(env({ PAYMENTS: 'test' }))).toBeNull();
  });

  it('runs Stripe with both of its variables, on a demo or a deployment', () => {
    expect(paymentConfigurationProblem(env({ ...KEY, ...SECRET }))).toBeNull();
    for (const [, variables] of DEPLOYMENTS) expect(paymentConfigurationProblem(env({ ...KEY, ...SECRET, ...variables }))).toBeNull();
  });

  it('refuses one Stripe variable without the other, naming the missing one', () => {
    expect(paymentConfigurationProblem(env(KEY))).toBe(HALF_KEY);
    expect(paymentConfigurationProblem(env(SECRET))).toBe(HALF_SECRET);
    for (const [, variables] of DEPLOYMENTS) {
      expect(paymentConfigurationProblem(env({ ...KEY, ...variables }))).toBe(HALF_KEY);
      expect(paymentConfigurationProblem(env({ ...SECRET, ...variables }))).toBe(HALF_SECRET);
    }
  });

  it.each(DEPLOYMENTS)('refuses the test provider on a deployment (%s) unless PAYMENTS=test says so', (_, variables) => {
    const problem = paymentConfigurationProblem(env(variables));
    expect(problem).toMatch(/^STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set on a deployment \(.+\): set both, or set PAYMENTS=test to use the test provider on purpose$/);
    expect(problem).toContain(deploymentSignsOf(env(variables))[0]);
    expect(paymentConfigurationProblem(env({ ...variables, PAYMENTS: 'test' }))).toBeNull();
  });

  it('names every sign of a deployment', () => {
    expect(deploymentSignsOf(env())).toEqual([]);
    expect(deploymentSignsOf(env({ DRX_ADMIN_USERNAME: 'owner', DRX_ADMIN_PASSWORD: 'pw', LIBSQL_URL: 'libsql://x.example.io', PUBLIC_URL: 'https://drx.example' }))).toEqual([
      'DRX_ADMIN_USERNAME is set',
      'DRX_ADMIN_PASSWORD is set',
      'LIBSQL_URL is set',
      'PUBLIC_URL is not local',
    ]);
  });

  it('refuses PAYMENTS=test beside a Stripe variable', () => {
    expect(paymentConfigurationProblem(env({ ...KEY, ...SECRET, PAYMENTS: 'test' }))).toMatch(/^PAYMENTS=test is set beside STRIPE_SECRET_KEY: /);
    expect(paymentConfigurationProblem(env({ ...SECRET, PAYMENTS: 'test' }))).toMatch(/^PAYMENTS=test is set beside STRIPE_WEBHOOK_SECRET: /);
  });

  it('accepts only `test` as PAYMENTS', () => {
    expect(() => env({ PAYMENTS: 'free' })).toThrow(/Invalid configuration: PAYMENTS/);
  });

  it('gives no provider to a configuration with a problem: payments fail closed', () => {
    expect(() => getPaymentProvider({ env: env(KEY) } as Platform)).toThrow(PAYMENTS_NOT_CONFIGURED);
    expect(() => getPaymentProvider({ env: env({ PUBLIC_URL: 'https://drx.example' }) } as Platform)).toThrow(PAYMENTS_NOT_CONFIGURED);
    expect(getPaymentProvider({ env: env({ PUBLIC_URL: 'https://drx.example', PAYMENTS: 'test' }) } as Platform).name).toBe('test');
    expect(getPaymentProvider({ env: env() } as Platform).name).toBe('test');
  });
});
