import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppContext } from '../app-context.ts';
import { can, PERMISSION_DENIED } from '../domain/permissions.ts';
import { settingsPatchSchema, type Settings } from '../domain/settings.ts';
import { AppError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, requireUser, signedInUser } from '../middleware/auth.ts';
import type { Platform } from '../platform/context.ts';
import { mailTransport, publicSiteSettings, sendTestEmail } from '../services/settings-mail.ts';
import { type MailTransportView } from '../../../shared/settings-mail.ts';
import { readSettings, settingsView, updateSettings } from '../services/settings.ts';
import { type SettingsView } from '../../../shared/settings.ts';

/** The sections the caller may manage and, for settings.manage, how mail leaves this server. */
async function fullView(platform: Platform, roles: readonly string[]): Promise<SettingsView & { mail_transport: MailTransportView | null }> {
  const view = await settingsView(platform.db, roles);
  return { ...view, mail_transport: can(roles, 'settings.manage') ? mailTransport(platform, await readSettings(platform.db)) : null };
}

/** Callers who manage any section of the settings: settings.manage (ADMIN) or store.settings (the store's section). */
const settingsStaff = createMiddleware<AppContext>(async (c, next) => {
  const user = signedInUser(c);
  if (!can(user.roles, 'settings.manage') && !can(user.roles, 'store.settings')) throw new AppError(403, PERMISSION_DENIED);
  await next();
});

/**
 * The platform's settings (decision 0033): GET answers the sections the caller may
 * manage, PATCH changes any of their keys (each through its catalogue schema; a key of another
 * section is 403), the test email goes to the admin through the outbox. GET /api/site-settings is
 * what the public pages show: the site's name and contact, and which features are switched on.
 */
export const adminSettingsRoutes = new Hono<AppContext>()
  .get('/admin/settings', requireUser, settingsStaff, async (c) => {
    return c.json(await fullView(c.get('platform'), signedInUser(c).roles), 200);
  })
  .patch('/admin/settings', requireUser, settingsStaff, validate('json', settingsPatchSchema), async (c) => {
    const user = signedInUser(c);
    const { changed } = await updateSettings(c.get('platform').db, user, c.req.valid('json') as Partial<Settings>);
    return c.json({ changed, ...(await fullView(c.get('platform'), user.roles)) }, 200);
  })
  .post('/admin/settings/test-email', requirePermission('settings.manage'), async (c) => {
    return c.json(await sendTestEmail(c.get('platform'), signedInUser(c)), 200);
  })
  .get('/site-settings', async (c) => {
    return c.json(await publicSiteSettings(c), 200);
  });
