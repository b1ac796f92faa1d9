import { z } from 'zod';
import { BUFFER_MINUTES_MAX, CANCELLATION_HOURS_MAX, HORIZON_DAYS_MAX, MIN_NOTICE_MAX_MINUTES } from './bookings.ts';
import type { Action } from './permissions.ts';
import { DEFAULT_PLATFORM_FEE_PERCENT, PLATFORM_FEE_MAX, PLATFORM_FEE_MIN, PLATFORM_FEE_RANGE_MESSAGE } from './store.ts';
import { multiLine, singleLine } from '../schemas/text.ts';

/**
 * The platform's run-time settings (decision 0033): one catalogue of every key with
 * its schema, default, label and section. Values live in app_settings (key → JSON); a missing or
 * unreadable row is the default, so a new key never needs a migration. Secrets (SMTP, Stripe)
 * stay in the environment. Pure data; safe to import from the site.
 */

export const SETTING_SECTIONS = {
  site: { title: 'Site', description: 'The name people see and how they reach you (shown on the Contact page).', permission: 'settings.manage' },
  store: { title: 'Curriculum store', description: 'The share of every resource sale the platform keeps.', permission: 'store.settings' },
  booking: {
    title: 'Booking policy defaults',
    description: "The booking rules a new instructor profile starts with; each instructor can change their own afterwards.",
    permission: 'settings.manage',
  },
  mail: { title: 'Mail', description: 'The sender of every email. The mail server itself is configured in the environment (SMTP_URL).', permission: 'settings.manage' },
  features: { title: 'Feature switches', description: 'Turn parts of the platform on or off at once; the API refuses what is switched off.', permission: 'settings.manage' },
} as const satisfies Record<string, { title: string; description: string; permission: Action }>;

export type SettingSection = keyof typeof SETTING_SECTIONS;
export const SETTING_SECTION_KEYS = Object.keys(SETTING_SECTIONS) as SettingSection[];

/** How the form shows a field. */
export type SettingKind = 'text' | 'email' | 'tel' | 'textarea' | 'integer' | 'boolean';

interface SettingDef<T, S extends SettingSection = SettingSection> {
  section: S;
  label: string;
  hint: string;
  kind: SettingKind;
  schema: z.ZodType<T>;
  default: T;
  min?: number;
  max?: number;
  /** Feature switches: the refusal's message when the switch is off. */
  closedMessage?: string;
}

const def = <T, S extends SettingSection>(d: SettingDef<T, S>) => d;

/** A text setting: one line unless `lines` says it may hold several (decision 0058). */
const text = (label: string, max: number, required: boolean, lines: typeof singleLine = singleLine) => {
  const base = lines(z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`));
  return required ? base.min(1, `Enter the ${label.toLowerCase()}`) : base;
};
const emailOrEmpty = (label: string) =>
  z
    .string({ error: `${label} must be an email address` })
    .trim()
    .max(254, `${label} must be at most 254 characters`)
    .refine((v) => v === '' || z.email().safeParse(v).success, `${label} must be an email address`);
const whole = (label: string, min: number, max: number, unit: string) => {
  const message = `${label} must be a whole number of ${unit} from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};
const onOff = (label: string) => z.boolean({ error: `${label} must be on or off` });

export const SETTINGS = {
  site_name: def({ section: 'site', label: 'Site name', hint: 'Shown on the Contact page and as the sender name of emails unless Mail sets one.', kind: 'text', schema: text('Site name', 80, true), default: 'DRX' }),
  contact_email: def({
    section: 'site',
    label: 'Contact email',
    hint: 'Where people can write to you; shown on the Contact page.',
    kind: 'email',
    schema: z.string({ error: 'Contact email must be an email address' }).trim().pipe(z.email('Contact email must be an email address').max(254, 'Contact email must be at most 254 characters')),
    default: 'hello@drx.local',
  }),
  contact_phone: def({
    section: 'site',
    label: 'Contact phone (optional)',
    hint: 'Digits, spaces and + ( ) - only. Leave empty to show none.',
    kind: 'tel',
    schema: text('Contact phone', 40, false).refine((v) => v === '' || /^\+?[0-9 ()\-.]{5,40}$/.test(v), 'Contact phone may hold digits, spaces and + ( ) - only'),
    default: '',
  }),
  support_address: def({ section: 'site', label: 'Support address (optional)', hint: 'A postal address shown on the Contact page. Leave empty to show none.', kind: 'textarea', schema: text('Support address', 300, false, multiLine), default: '' }),

  platform_fee_percent: def({
    section: 'store',
    label: 'Platform fee (%)',
    hint: `The share of every resource sale the platform keeps, a whole percent from ${PLATFORM_FEE_MIN} to ${PLATFORM_FEE_MAX}. A new percent applies to sales from now on.`,
    kind: 'integer',
    schema: z.number({ error: PLATFORM_FEE_RANGE_MESSAGE }).int(PLATFORM_FEE_RANGE_MESSAGE).min(PLATFORM_FEE_MIN, PLATFORM_FEE_RANGE_MESSAGE).max(PLATFORM_FEE_MAX, PLATFORM_FEE_RANGE_MESSAGE),
    default: DEFAULT_PLATFORM_FEE_PERCENT,
    min: PLATFORM_FEE_MIN,
    max: PLATFORM_FEE_MAX,
  }),

  // Bounds as instructor_profiles' CHECK (domain/bookings.ts).
  booking_cancellation_hours: def({
    section: 'booking',
    label: 'Cancellation notice (hours)',
    hint: 'A booker who cancels at least this long before the lesson is refunded in full.',
    kind: 'integer',
    schema: whole('Cancellation notice', 0, CANCELLATION_HOURS_MAX, 'hours'),
    default: 24,
    min: 0,
    max: CANCELLATION_HOURS_MAX,
  }),
  booking_min_notice_minutes: def({
    section: 'booking',
    label: 'Minimum notice (minutes)',
    hint: 'How long before a lesson it can still be booked.',
    kind: 'integer',
    schema: whole('Minimum notice', 0, MIN_NOTICE_MAX_MINUTES, 'minutes'),
    default: 720,
    min: 0,
    max: MIN_NOTICE_MAX_MINUTES,
  }),
  booking_horizon_days: def({
    section: 'booking',
    label: 'Booking horizon (days)',
    hint: 'How far ahead lessons can be booked.',
    kind: 'integer',
    schema: whole('Booking horizon', 1, HORIZON_DAYS_MAX, 'days'),
    default: 60,
    min: 1,
    max: HORIZON_DAYS_MAX,
  }),
  booking_buffer_minutes: def({
    section: 'booking',
    label: 'Buffer between lessons (minutes)',
    hint: 'Time kept free after each lesson.',
    kind: 'integer',
    schema: whole('Buffer', 0, BUFFER_MINUTES_MAX, 'minutes'),
    default: 15,
    min: 0,
    max: BUFFER_MINUTES_MAX,
  }),

  mail_sender_name: def({ section: 'mail', label: 'Sender name', hint: 'Empty: the site name.', kind: 'text', schema: text('Sender name', 80, false).refine((v) => !/[<>"\r\n]/.test(v), 'Sender name may not hold < > " or line breaks'), default: '' }),
  mail_sender_address: def({ section: 'mail', label: 'Sender address', hint: "Empty: the server's MAIL_FROM address.", kind: 'email', schema: emailOrEmpty('Sender address'), default: '' }),
  mail_reply_to: def({ section: 'mail', label: 'Reply-to address', hint: 'Where replies go. Empty: to the sender.', kind: 'email', schema: emailOrEmpty('Reply-to address'), default: '' }),

  registrations_open: def({
    section: 'features',
    label: 'New accounts can register',
    hint: 'Off: the registration form and guest enrolment refuse new accounts.',
    kind: 'boolean',
    schema: onOff('Registrations'),
    default: true,
    closedMessage: 'Registration is closed at the moment. Please try again later.',
  }),
  guest_checkout: def({
    section: 'features',
    label: 'Guest enrolment',
    hint: 'Off: visitors must register or sign in before they enrol in a course.',
    kind: 'boolean',
    schema: onOff('Guest enrolment'),
    default: true,
    closedMessage: 'Guest enrolment is switched off. Please sign in or register to enrol.',
  }),
  bookings_open: def({
    section: 'features',
    label: 'Connect & Book takes new bookings',
    hint: 'Off: no new lesson can be booked; existing bookings are kept.',
    kind: 'boolean',
    schema: onOff('Bookings'),
    default: true,
    closedMessage: 'New bookings are paused at the moment. Please try again later.',
  }),
  seller_applications_open: def({
    section: 'features',
    label: 'Seller applications',
    hint: 'Off: nobody can apply to sell in the curriculum store.',
    kind: 'boolean',
    schema: onOff('Seller applications'),
    default: true,
    closedMessage: 'Seller applications are closed at the moment. Please try again later.',
  }),
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type Settings = { [K in SettingKey]: (typeof SETTINGS)[K]['default'] };
export type FeatureSwitch = { [K in SettingKey]: (typeof SETTINGS)[K]['section'] extends 'features' ? K : never }[SettingKey];

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(SETTINGS, key);
}

export function settingsOfSection(section: SettingSection): SettingKey[] {
  return SETTING_KEYS.filter((k) => SETTINGS[k].section === section);
}

/** Every setting at its default. */
export function defaultSettings(): Settings {
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, SETTINGS[k].default])) as Settings;
}

/** A stored JSON value read through its key's schema: the default when missing or unreadable. */
export function parseStoredSetting<K extends SettingKey>(key: K, json: string | null | undefined): Settings[K] {
  const fallback = SETTINGS[key].default as Settings[K];
  if (json === null || json === undefined) return fallback;
  try {
    const parsed = (SETTINGS[key].schema as z.ZodType).safeParse(JSON.parse(json));
    return parsed.success ? (parsed.data as Settings[K]) : fallback;
  } catch {
    return fallback;
  }
}

/** The PATCH body: any of the keys, each through its own schema; unknown keys refused. */
export const settingsPatchSchema = z
  .strictObject(Object.fromEntries(SETTING_KEYS.map((k) => [k, (SETTINGS[k].schema as z.ZodType).optional()])) as { [K in SettingKey]: z.ZodOptional<z.ZodType<Settings[K]>> }, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown setting: ${issue.keys.join(', ')}` : 'Send the settings as an object'),
  })
  .refine((v) => Object.keys(v).length > 0, 'Send at least one setting to change');

/** The environment's default MAIL_FROM (platform/env.ts says the same). */
export const DEFAULT_MAIL_FROM = 'DRX <no-reply@drx.local>';

/** The address part of `Name <addr@x>` (or the whole text when it has no angle brackets). */
export function addressOf(from: string): string {
  return from.match(/<([^>]+)>/)?.[1]?.trim() ?? from.trim();
}

/**
 * The From and Reply-To of outgoing mail: the sender name (else the site name) with the sender
 * address (else the address of the server's MAIL_FROM). No From while none of the three is set:
 * the mailer's own MAIL_FROM stays as it is.
 */
export function mailSender(settings: Pick<Settings, 'site_name' | 'mail_sender_name' | 'mail_sender_address' | 'mail_reply_to'>, envFrom: string): { from?: string; replyTo?: string } {
  const replyTo = settings.mail_reply_to ? { replyTo: settings.mail_reply_to } : {};
  if (!settings.mail_sender_name && !settings.mail_sender_address && settings.site_name === SETTINGS.site_name.default) return replyTo;
  const name = (settings.mail_sender_name || settings.site_name).replace(/["\\]/g, '');
  const address = settings.mail_sender_address || addressOf(envFrom);
  return { from: name ? `"${name}" <${address}>` : address, ...replyTo };
}
