import { atom } from 'nanostores';
import { SETTINGS, type SettingKey, type SettingSection } from '../../../worker/src/domain/settings.ts';
import type { MailTransportView } from '../../../shared/settings-mail.ts';
import type { SettingFieldView, SettingSectionView, SettingsView } from '../../../shared/settings.ts';
import { ApiError, type ValidationErrors } from '../lib/api.ts';
import { api, call, keyOf, type Answer } from '../lib/api-client.ts';
import { changeMessage, loadMessage } from './admin-store.ts';
import { bindLoadable, invalidate, setCached, startingWith, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/**
 * /admin/settings: the platform's settings by section (GET/PATCH /api/admin/settings)
 * and the test email. The store's section keeps its own store (admin-store-settings.ts).
 */

export type { MailTransportView, SettingFieldView, SettingSectionView };
export type SettingsPage = SettingsView & { mail_transport: MailTransportView | null };

export const $settings = atom<Loadable<SettingsPage>>({ status: 'idle' });

const SETTINGS_KEY = keyOf(api.admin.settings);

export async function loadSettings(): Promise<void> {
  await bindLoadable($settings, SETTINGS_KEY, { failed: (error) => loadMessage(error, 'the settings') });
}

/** A field's value as the form holds it (text for inputs, a boolean for switches). */
export type FormValue = string | boolean;

export function formValueOf(field: SettingFieldView): FormValue {
  return typeof field.value === 'boolean' ? field.value : String(field.value);
}

/**
 * The form's values as the API takes them, checked with the catalogue's own schemas first: the
 * values, or the messages per field (nothing is sent then).
 */
export function parseSection(fields: readonly SettingFieldView[], values: Record<string, FormValue>): { ok: true; values: Partial<Record<SettingKey, unknown>> } | { ok: false; errors: ValidationErrors } {
  const out: Partial<Record<SettingKey, unknown>> = {};
  const errors: ValidationErrors = {};
  for (const field of fields) {
    const raw = values[field.key] ?? formValueOf(field);
    const typed = field.kind === 'integer' ? (typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN) : raw;
    const parsed = SETTINGS[field.key].schema.safeParse(typed);
    if (parsed.success) out[field.key] = parsed.data;
    else errors[field.key] = [parsed.error.issues[0]?.message ?? 'Invalid value'];
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values: out };
}

export type SaveResult = { ok: true } | { ok: false; message: string; validationErrors?: ValidationErrors };

/** Saves one section's changed values; the answer is the new page. */
export async function saveSection(section: SettingSectionView, values: Partial<Record<SettingKey, unknown>>): Promise<SaveResult> {
  const changed = Object.fromEntries(Object.entries(values).filter(([key, value]) => section.fields.find((f) => f.key === key)?.value !== value));
  if (Object.keys(changed).length === 0) {
    toast({ title: 'Nothing to save', description: `${section.title}: no value was changed.` });
    return { ok: true };
  }
  try {
    const page = await call(api.admin.settings.$patch({ json: changed }));
    // the page shown is the answer; the other reads of settings are stale
    const stale = startingWith(SETTINGS_KEY, '/api/admin/store-settings', '/api/site-settings');
    invalidate((key) => key !== SETTINGS_KEY && stale(key));
    setCached(SETTINGS_KEY, page);
    toast({ title: 'Success', description: `${section.title} saved.` });
    return { ok: true };
  } catch (error) {
    const message = changeMessage(error);
    toast({ title: 'Error', description: `Failed to save ${section.title.toLowerCase()}: ${message}`, variant: 'destructive' });
    return { ok: false, message, validationErrors: error instanceof ApiError ? error.validationErrors : undefined };
  }
}

/** The test email as POST /api/admin/settings/test-email answers it: its outbox row and how it went. */
export type TestEmailResult = Answer<typeof api.admin.settings['test-email']['$post']>;

const TEST_EMAIL_OUTCOME: Record<TestEmailResult['status'], string> = {
  sent: 'was sent',
  logged: 'is in the outbox (no mail server is configured): read it at /admin/messages',
  pending: 'waits in the outbox for delivery',
  failed: 'could not be delivered',
};

/** POST /api/admin/settings/test-email: the outcome as a toast, and returned for the page. */
export async function sendTestEmail(): Promise<TestEmailResult | null> {
  try {
    const result = await call(api.admin.settings['test-email'].$post());
    const failed = result.status === 'failed';
    toast({
      title: failed ? 'Test email failed' : 'Test email',
      description: `The test email to ${result.to} ${TEST_EMAIL_OUTCOME[result.status]}${failed && result.error ? `: ${result.error}` : '.'}`,
      variant: failed ? 'destructive' : 'default',
    });
    invalidate(startingWith('/api/admin/outbox'));
    return result;
  } catch (error) {
    toast({ title: 'Error', description: `Failed to send the test email: ${changeMessage(error)}`, variant: 'destructive' });
    return null;
  }
}

export const SECTION_IDS: Record<SettingSection, string> = {
  site: 'settings-site',
  store: 'store-settings',
  booking: 'settings-booking',
  mail: 'settings-mail',
  features: 'settings-features',
};
