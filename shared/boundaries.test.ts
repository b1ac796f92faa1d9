import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The folder shared by the site and the API (decision 0054): the site reads the API's shapes from
 * shared/, never from the services, and shared/ stays pure.
 */

const root = resolve(import.meta.dirname, '..');

function filesUnder(dir: string, ext: RegExp): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, ext));
    else if (ext.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every module a file names in an import or a re-export, as a path from the project root when relative. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2]);
  return specs.map((s) => (s.startsWith('.') ? relative(root, resolve(root, file, '..', s)) : s));
}

/**
 * Imports whose types belong to the money path being rewritten (subscriptions, payments, the cart's
 * purchasables, the admin orders' order view, the admin dashboard's subscription stats): they move
 * to shared/ with that rewrite. The list only shrinks.
 */
const LEFT: Record<string, string[]> = {
  'site/src/components/plans/PlanCard.astro': ['worker/src/services/subscriptions/views.ts'],
  'site/src/lib/guest-cart.test.ts': ['worker/src/services/cart.ts'],
  'site/src/lib/guest-cart.ts': ['worker/src/services/cart.ts'],
  'site/src/lib/subscription-plans.test.ts': ['worker/src/services/subscriptions/views.ts'],
  'site/src/lib/subscription-plans.ts': ['worker/src/services/subscriptions/views.ts'],
  'site/src/lib/subscription-status.ts': ['worker/src/services/subscriptions/views.ts'],
  'site/src/stores/admin-commerce.ts': ['worker/src/services/orders.ts'],
  'site/src/stores/admin-subscriptions.ts': ['worker/src/services/subscriptions/admin.ts', 'worker/src/services/subscriptions/stats.ts', 'worker/src/services/subscriptions/views.ts'],
  'site/src/stores/billing.test.ts': ['worker/src/services/subscriptions/views.ts'],
  'site/src/stores/billing.ts': ['worker/src/services/subscriptions/views.ts'],
  'site/src/stores/cart.ts': ['worker/src/services/cart.ts'],
  'site/src/stores/checkout.ts': ['worker/src/services/payments/checkout.ts'],
  'site/src/stores/dashboards.ts': ['worker/src/services/dashboards/admin.ts'],
  'site/src/stores/orders.ts': ['worker/src/services/payments/fulfilment.ts', 'worker/src/services/payments/order-view.ts'],
  'site/src/stores/subscriptions.test.ts': ['worker/src/services/subscriptions/views.ts'],
  'site/src/stores/subscriptions.ts': ['worker/src/services/subscriptions/views.ts'],
};

describe('the shared folder', () => {
  it('is where the site reads the API from: the site imports no service (but the listed leftovers)', () => {
    const found: Record<string, string[]> = {};
    for (const file of filesUnder('site/src', /\.(ts|tsx|astro)$/)) {
      const services = [...new Set(importsOf(file).filter((s) => s.startsWith('worker/src/services/')))].sort();
      if (services.length) found[file] = services;
    }
    for (const [file, allowed] of Object.entries(found)) expect(allowed.filter((s) => !(LEFT[file] ?? []).includes(s)), file).toEqual([]);
  });

  it('stays pure: no service, platform, database driver or node: module', () => {
    for (const file of filesUnder('shared', /(?<!\.test)\.ts$/)) {
      const impure = importsOf(file).filter((s) => /^worker\/src\/(services|platform|http|routes)\//.test(s) || s.startsWith('node:') || /^(drizzle-orm|@libsql)/.test(s));
      expect(impure, file).toEqual([]);
    }
  });
});
