import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, hydrated, test } from './fixtures.ts';
import { settled, watchErrors, watchViolations } from './page-checks.ts';
import type { Account } from './route-fixtures.ts';

// Every page's console is watched by the route walk (routes.spec.ts), in a browser west of UTC.
// Here: each kind of dialog the site has, opened by the person it is for in that zone — no console
// error, no uncaught error, no policy violation when it opens. One test per person, so each signs
// in once; every finding is listed at once.

test.use({ timezoneId: 'America/Los_Angeles' });

/** A dialog to open on a page: the button that opens it, and the dialog's own name. */
interface DialogProbe {
  path: string;
  as: Account;
  button: RegExp;
}

/** One of each kind of dialog the site has: native <dialog> (ModalDialog, ReasonDialog, UpgradeDialog) and Radix's. */
const DIALOGS: DialogProbe[] = [
  // ModalDialog (the seller's subscription)
  { path: '/profile/manage', as: ACCOUNTS.seller, button: /^Cancel subscription$/ },
  // ReasonDialog (a ModalDialog with a reason)
  { path: '/admin/instructors', as: ACCOUNTS.admin, button: /^Suspend / },
  // Radix AlertDialog (AdminStates ConfirmDialog)
  { path: '/admin/resource-categories', as: ACCOUNTS.curriculumAdmin, button: /^Delete / },
  // Radix Dialog (the resource review)
  { path: '/admin/resources', as: ACCOUNTS.curriculumAdmin, button: /^View / },
  // Radix Dialog (the store's ReasonDialog)
  { path: '/admin/sellers', as: ACCOUNTS.curriculumAdmin, button: /^Suspend / },
  // Radix Dialog (the course screens' DialogFrame)
  { path: '/admin/courses', as: ACCOUNTS.instructorAdmin, button: /^Create Course$/ },
  // ModalDialog of the instructor's offers
  { path: '/connect/profile', as: ACCOUNTS.instructorAdmin, button: /^Remove (?!photo)/ },
  // UpgradeDialog (the seller's Educator plan changes up)
  { path: '/profile/manage', as: ACCOUNTS.seller, button: /^Change plan$/ },
];

/** A policy violation's console line: reported once, with the violations. */
const POLICY = /Content[ -]Security[ -]Policy/i;

/** The people of the dialogs, each with theirs. */
function dialogsBy(): Map<Account, DialogProbe[]> {
  const by = new Map<Account, DialogProbe[]>();
  for (const probe of DIALOGS) by.set(probe.as, [...(by.get(probe.as) ?? []), probe]);
  return by;
}

async function visit(page: Page, path: string, found: string[], quiet: () => Promise<void>, errors: () => string[], violations: () => Promise<string[]>) {
  const before = errors().length;
  const seenViolations = (await violations()).length;
  await page.goto(path);
  await hydrated(page);
  await quiet();
  for (const e of errors().slice(before)) if (!POLICY.test(e)) found.push(`${path}: ${e}`);
  for (const v of (await violations()).slice(seenViolations)) found.push(`${path}: policy: ${v}`);
}

test.describe('no console error when a dialog opens, in a browser west of UTC', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const [account, probes] of dialogsBy()) {
    test.describe(`as ${account ?? 'a visitor'}`, () => {
      test.use({ signedInAs: account });

      test(`${probes.length} dialogs`, async ({ page }) => {
        const violations = await watchViolations(page);
        const errors = watchErrors(page);
        const quiet = settled(page);
        const found: string[] = [];
        for (const probe of probes) {
          await visit(page, probe.path, found, quiet, errors, violations);
          const before = errors().length;
          const seenViolations = (await violations()).length;
          const opener = page.getByRole('button', { name: probe.button, disabled: false }).first();
          await expect(opener, `${probe.path} has a button ${String(probe.button)}`).toBeVisible();
          await opener.click();
          const dialog = page.locator('dialog[open], [role="dialog"], [role="alertdialog"]').filter({ visible: true }).first();
          await expect(dialog, `${probe.path}: ${String(probe.button)} opens a dialog`).toBeVisible();
          await quiet();
          await page.keyboard.press('Escape');
          await expect(dialog, `${probe.path}: Escape closes the dialog`).toBeHidden();
          for (const e of errors().slice(before)) if (!POLICY.test(e)) found.push(`${probe.path} (dialog ${String(probe.button)}): ${e}`);
          for (const v of (await violations()).slice(seenViolations)) found.push(`${probe.path} (dialog ${String(probe.button)}): policy: ${v}`);
        }
        expect(found, `console errors, uncaught errors and policy violations as ${account ?? 'a visitor'}`).toEqual([]);
      });
    });
  }
});

/** The plain words (letters only) of the page's table cells that the layout split over two lines. */
function splitWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const split: string[] = [];
    for (const cell of Array.from(document.querySelectorAll('td, th'))) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        // Words between spaces and hyphens (a line may break after a hyphen). A long token with
        // other characters (an email, an id, a link) may break inside; a word may not.
        for (const token of node.data.matchAll(/\S+/g)) {
          if (/[@/_\d]/.test(token[0])) continue;
          for (const word of token[0].matchAll(/[A-Za-z'’]{2,}/g)) {
            const start = token.index + word.index;
            const range = document.createRange();
            range.setStart(node, start);
            range.setEnd(node, start + word[0].length);
            const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
            if (lines.size > 1) split.push(word[0]);
          }
        }
      }
    }
    return split;
  });
}

test.describe('tap targets and table words', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test.describe('signed in, on a phone', () => {
    test.use({ signedInAs: ACCOUNTS.student });

    test('the header icons and the footer links are at least 44×44 px', async ({ page }) => {
      await page.goto('/');
      await hydrated(page);
      await expect(page.getByRole('link', { name: /^Notifications/ })).toBeVisible();
      const targets = [
        page.getByRole('button', { name: /^Shopping cart/ }),
        page.getByRole('link', { name: /^Notifications/ }),
        page.getByRole('button', { name: /^Account menu/ }),
        page.getByRole('button', { name: 'Menu', exact: true }),
        ...(await page.getByRole('navigation', { name: 'Footer' }).getByRole('link').all()),
      ];
      const small: string[] = [];
      for (const target of targets) {
        const box = (await target.boundingBox())!;
        const name = (await target.getAttribute('aria-label')) ?? (await target.textContent())!.trim();
        if (box.width < 44 || box.height < 44) small.push(`${name}: ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      expect(targets.length).toBeGreaterThan(6);
      expect(small, 'tap targets under 44×44 px').toEqual([]);
    });
  });

  test.describe('an admin table', () => {
    test.use({ signedInAs: ACCOUNTS.curriculumAdmin });

    test('keeps every word of its cells whole, in columns and in stacked cards', async ({ page }) => {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto('/admin/resources?status=all');
        await hydrated(page);
        // The names the columns used to split ("Contemporar-y", "Curriculu-m").
        await expect(page.getByRole('table').getByText('Contemporary').first()).toBeVisible();
        expect(await splitWords(page), `words split over two lines at ${width} px`).toEqual([]);
      }
    });
  });
});
