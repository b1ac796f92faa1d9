import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../db/seed-accounts.ts';
import { afterLoginRedirect, landingRedirect, type NavUser } from '../../../worker/src/domain/navigation.ts';
import { matchRoute } from '../routes.ts';
import { afterSignInTarget } from './auth-flow.ts';

/** A path after the site's own redirects (/admin → /admin/dashboard) and the /dashboard chooser (the area of the user's roles). */
function settle(path: string, user: NavUser): string {
  for (let hops = 0; hops < 5; hops++) {
    const redirect = matchRoute(path)?.route.redirect;
    if (redirect) path = redirect;
    else if (path === '/dashboard' || path === '/my-dashboard') path = landingRedirect(user);
    else return path;
  }
  throw new Error(`redirect loop at ${path}`);
}

/** Where each demo account ends up: after signing in (the after-login rule) and from My Dashboard (/dashboard's chooser). */
const EXPECTED: Record<string, { signIn: string; dashboard: string }> = {
  student: { signIn: '/dashboard/user', dashboard: '/dashboard/user' },
  seller: { signIn: '/dashboard/user', dashboard: '/dashboard/user' },
  curriculum_seller: { signIn: '/multi-dashboard', dashboard: '/multi-dashboard' },
  // INSTRUCTOR_ADMIN counts as an admin (a role containing ADMIN), so the after-login rule sends them to the admin dashboard.
  instructor_admin: { signIn: '/admin/dashboard', dashboard: '/multi-dashboard' },
  curriculum_admin: { signIn: '/admin/dashboard', dashboard: '/multi-dashboard' },
  admin: { signIn: '/admin/dashboard', dashboard: '/admin/dashboard' },
  multirole: { signIn: '/multi-dashboard', dashboard: '/multi-dashboard' },
};

/** The README's demo account table: username → [roles, after sign-in, My Dashboard]. */
function readmeTable(): Map<string, string[]> {
  const readme = readFileSync(resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Demo accounts'));
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const m = /^\| `([a-z_]+)` \|(.*)\|\s*$/.exec(line);
    if (m) rows.set(m[1]!, m[2]!.split('|').map((c) => c.trim()));
  }
  return rows;
}

describe('where each demo account lands', () => {
  const table = readmeTable();

  for (const account of DEMO_ACCOUNTS) {
    const user: NavUser = { role: [...account.roles], subscription_tier: 'free', is_active: true };

    it(`${account.username}: by the after-login rule and from /dashboard, as the README says`, () => {
      const expected = EXPECTED[account.username]!;
      expect(settle(afterLoginRedirect(user), user)).toBe(expected.signIn);
      expect(settle(afterSignInTarget(user, ''), user)).toBe(expected.signIn);
      expect(settle('/dashboard', user)).toBe(expected.dashboard);
      expect(table.get(account.username)).toEqual([account.roles.join(', '), expected.signIn, expected.dashboard]);
    });
  }

  it('the README lists exactly the demo accounts', () => {
    expect([...table.keys()].sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());
  });
});
