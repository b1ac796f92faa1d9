import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The buyer's side of the commerce issue: helpers shared by purchase.spec.ts and pending-payments.spec.ts. */

export const TEST_MODE = 'Test mode — no card is charged';
export const PAYING_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

export interface PaidCourse {
  id: number;
  title: string;
  price_cents: number;
}

/** A published paid course of the demo seed, with lessons, open to every plan (a new account is never enrolled in it). */
export async function paidDemoCourse(request: APIRequestContext, skip = 0): Promise<PaidCourse> {
  const res = await request.get('/api/courses?pageSize=100');
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { data: { id: number; title: string; price_cents: number; lesson_count?: number; required_level?: number }[] };
  // A premium course (decision 0031) cannot be bought on the free plan a new account has.
  const paid = body.data.filter((c) => c.price_cents > 0 && (c.lesson_count ?? 1) > 0 && !c.required_level);
  expect(paid.length, 'the demo seed has paid courses').toBeGreaterThan(skip);
  return paid[skip]!;
}

/** Fills the test provider's card form and presses Pay. */
export async function payWithCard(page: Page, card: string, name = 'Test Dancer'): Promise<void> {
  const form = page.getByRole('form', { name: 'Card details' });
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('Name on card').fill(name);
  await form.getByRole('button', { name: /^Pay \$/ }).click();
}

/** Serious and critical axe findings on the page as it is now (WCAG 2.1 A and AA). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
