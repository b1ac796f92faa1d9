import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/**
 * Dismisses the toasts on screen, so axe checks the page alone: a toast caught in its entrance
 * animation is half transparent and fails the contrast rule. One may leave by itself meanwhile.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await dismiss.count()) > 0) {
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(dismiss).toHaveCount(0);
}
