import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { appSettings } from '../../../db/schema/index.ts';
import type { AppContext } from '../app-context.ts';
import { can } from '../domain/permissions.ts';
import { defaultSettings, parseStoredSetting, SETTING_KEYS, SETTING_SECTION_KEYS, SETTING_SECTIONS, SETTINGS, settingsOfSection, type FeatureSwitch, type SettingKey, type Settings, type SettingSection } from '../domain/settings.ts';
import { AppError } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { audited, type AuditActor } from './audit.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import type { SettingsView } from '../../../shared/settings.ts';

/**
 * The platform's settings (decision 0033): read with their defaults from the catalogue
 * (domain/settings.ts), changed by the admin at /admin/settings with an audit entry per key in
 * the change's own batch.
 */

interface StoredSettings {
  values: Settings;
  updatedAt: Partial<Record<SettingKey, string>>;
}

/** Every setting as stored, with the default for a missing or unreadable value. */
export async function readStoredSettings(db: Db): Promise<StoredSettings> {
  const rows = await db.select({ key: appSettings.key, value: appSettings.value, updatedAt: appSettings.updatedAt }).from(appSettings);
  const values = defaultSettings() as Record<SettingKey, unknown>;
  const updatedAt: Partial<Record<SettingKey, string>> = {};
  for (const row of rows) {
    if (!(SETTING_KEYS as string[]).includes(row.key)) continue;
    const key = row.key as SettingKey;
    values[key] = parseStoredSetting(key, row.value);
    updatedAt[key] = row.updatedAt;
  }
  return { values: values as Settings, updatedAt };
}

/** Every setting's value (defaults filled in). */
export async function readSettings(db: Db): Promise<Settings> {
  return (await readStoredSettings(db)).values;
}

/**
 * The settings of this request, read once however many checks ask (kept with the request, not
 * in module state: a Workers isolate serves many requests and the admin may change them any time).
 */
const perRequest = new WeakMap<Request, Promise<Settings>>();
export function requestSettings(c: Context<AppContext>): Promise<Settings> {
  let read = perRequest.get(c.req.raw);
  if (!read) {
    read = readSettings(c.get('platform').db);
    perRequest.set(c.req.raw, read);
    read.catch(() => perRequest.delete(c.req.raw));
  }
  return read;
}

/** The refusal of a switched-off feature: 403 with the switch's message and its key. */
export function featureSwitchedOff(key: FeatureSwitch): AppError {
  return new AppError(403, SETTINGS[key].closedMessage ?? 'This feature is switched off.', { details: { setting: key } });
}

/** Throws 403 when the feature switch is off. */
export async function assertSwitchOn(c: Context<AppContext>, key: FeatureSwitch): Promise<void> {
  if (!(await requestSettings(c))[key]) throw featureSwitchedOff(key);
}

/** The sections a caller's roles may see and change. */
export function sectionsFor(roles: readonly string[]): SettingSection[] {
  return SETTING_SECTION_KEYS.filter((s) => can(roles, SETTING_SECTIONS[s].permission));
}

/** GET /api/admin/settings: the sections the caller may manage, each field with its value. */
export async function settingsView(db: Db, roles: readonly string[]): Promise<SettingsView> {
  const stored = await readStoredSettings(db);
  return {
    sections: sectionsFor(roles).map((section) => ({
      key: section,
      title: SETTING_SECTIONS[section].title,
      description: SETTING_SECTIONS[section].description,
      fields: settingsOfSection(section).map((key) => {
        const d = SETTINGS[key] as (typeof SETTINGS)[SettingKey] & { min?: number; max?: number };
        return {
          key,
          label: d.label,
          hint: d.hint,
          kind: d.kind,
          value: stored.values[key],
          default: d.default,
          ...(d.min !== undefined ? { min: d.min } : {}),
          ...(d.max !== undefined ? { max: d.max } : {}),
          updated_at: stored.updatedAt[key] ?? null,
        };
      }),
    })),
  };
}

/** The upsert of one setting (its value as JSON), kept as a statement for a batch. */
function upsert(db: Db, key: SettingKey, value: unknown, actorId: number) {
  const json = JSON.stringify(value);
  return db
    .insert(appSettings)
    .values({ key, value: json, updatedBy: actorId })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: json, updatedBy: actorId, updatedAt: sqlNow } });
}

const shown = (value: unknown) => (typeof value === 'boolean' ? (value ? 'on' : 'off') : JSON.stringify(value));

/**
 * PATCH /api/admin/settings (already validated by the catalogue's schemas): every key must be in a
 * section the caller may manage (else 403, nothing changed). The keys whose value differs are
 * written in one batch, each with its `settings.update` audit entry.
 */
export async function updateSettings(db: Db, actor: AuditActor, changes: Partial<Settings>): Promise<{ changed: SettingKey[] }> {
  const allowed = new Set(sectionsFor(actor.roles));
  const keys = (Object.keys(changes) as SettingKey[]).filter((k) => changes[k] !== undefined);
  const refused = keys.filter((k) => !allowed.has(SETTINGS[k].section));
  if (refused.length) throw new AppError(403, `You do not have permission to change ${refused.map((k) => SETTINGS[k].label).join(', ')}.`);
  const current = await readSettings(db);
  const changed = keys.filter((k) => changes[k] !== current[k]);
  const statements = changed.flatMap((key) =>
    audited(db, actor, { action: 'settings.update', table: appSettings, id: key, idColumn: appSettings.key, summary: `${SETTINGS[key].label}: ${shown(current[key])} → ${shown(changes[key])}` }, [
      upsert(db, key, changes[key], actor.id),
    ]),
  );
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
  return { changed };
}

/** One setting's value straight from the database (for code without a request: profile creation, mail). */
export async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<Settings[K]> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return parseStoredSetting(key, row?.value);
}

/** A route of a feature switch: 403 with the switch's message while it is off (before anything else is read). */
export function switchedOn(key: FeatureSwitch) {
  return createMiddleware<AppContext>(async (c, next) => {
    await assertSwitchOn(c, key);
    await next();
  });
}
