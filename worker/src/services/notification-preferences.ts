import { eq } from 'drizzle-orm';
import { sqlNow } from '../platform/sql-expressions.ts';
import { notificationPreferences } from '../../../db/schema/index.ts';
import { channelOn, NOTIFICATION_GROUPS, NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS, type NotificationKind, type NotificationKindInfo } from '../domain/notification-kinds.ts';
import { can, type Action } from '../domain/permissions.ts';
import { badRequest } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import type { PreferenceGroupView, PreferenceView } from '../../../shared/notification-preferences.ts';

/**
 * A user's choices per notification kind (decision 0033): GET lists every kind the user can
 * receive, grouped, with its channels, defaults and the choice in force; PUT changes some of them
 * (all checked first, then written in one batch: a refused change writes nothing).
 */

/** Kinds only the holders of an action receive (the staff's); every other kind reaches anyone. */
const AUDIENCE: Partial<Record<NotificationKind, Action>> = {
  resource_submitted: 'resources.review',
  seller_applied: 'sellers.manage',
  feedback_requested: 'feedback.answer',
};

export function receivableKinds(roles: readonly string[]): NotificationKind[] {
  return NOTIFICATION_KIND_NAMES.filter((kind) => {
    const action = AUDIENCE[kind];
    return !action || can(roles, action);
  });
}

export async function listPreferences(db: Db, user: { id: number; roles: readonly string[] }): Promise<{ groups: PreferenceGroupView[] }> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
  const stored = new Map(rows.map((r) => [r.kind, { in_app: r.inApp, email: r.email }]));
  const kinds = receivableKinds(user.roles).map((kind): PreferenceView => {
    const info: NotificationKindInfo = NOTIFICATION_KINDS[kind];
    const choice = stored.get(kind);
    return {
      kind,
      label: info.label,
      description: info.description,
      channels: [...info.channels],
      defaults: { ...info.defaults },
      required: info.required ?? null,
      in_app: channelOn(kind, 'in_app', choice),
      email: channelOn(kind, 'email', choice),
    };
  });
  const groups = NOTIFICATION_GROUPS.map((group) => ({ group, kinds: kinds.filter((k) => NOTIFICATION_KINDS[k.kind].group === group) })).filter((g) => g.kinds.length > 0);
  return { groups };
}

export interface PreferenceChange {
  kind: string;
  in_app?: boolean;
  email?: boolean;
}

export const UNKNOWN_KIND = 'There is no such notification kind.';
export const REQUIRED_CHANNEL = 'This notification cannot be turned off.';
export const NO_SUCH_CHANNEL = 'This notification is not sent this way.';
export const PREFERENCES_INVALID = 'Some notification choices are not possible.';

/**
 * Changes the user's choices. Every change is checked before anything is written: a kind the user
 * cannot receive, a required channel turned off or a channel the kind has not turned on answers
 * 400 with the reasons by `preferences.<i>.<field>`, and nothing changes.
 */
export async function updatePreferences(db: Db, user: { id: number; roles: readonly string[] }, changes: readonly PreferenceChange[]): Promise<{ groups: PreferenceGroupView[] }> {
  const receivable = new Set<string>(receivableKinds(user.roles));
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  changes.forEach((change, i) => {
    if (!receivable.has(change.kind)) return add(`preferences.${i}.kind`, UNKNOWN_KIND);
    const info: NotificationKindInfo = NOTIFICATION_KINDS[change.kind as NotificationKind];
    for (const channel of ['in_app', 'email'] as const) {
      const value = change[channel];
      if (value === undefined) continue;
      if (info.required === channel && !value) add(`preferences.${i}.${channel}`, REQUIRED_CHANNEL);
      if (!info.channels.includes(channel) && value) add(`preferences.${i}.${channel}`, NO_SUCH_CHANNEL);
    }
  });
  if (Object.keys(errors).length > 0) throw badRequest(PREFERENCES_INVALID, errors);
  if (changes.length > 0) {
    const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
    const stored = new Map(rows.map((r) => [r.kind, { in_app: r.inApp, email: r.email }]));
    const statements = changes.map((change) => {
      const kind = change.kind as NotificationKind;
      const current = stored.get(kind) ?? { in_app: channelOn(kind, 'in_app'), email: channelOn(kind, 'email') };
      const next = { in_app: change.in_app ?? current.in_app, email: change.email ?? current.email };
      stored.set(kind, next);
      return db
        .insert(notificationPreferences)
        .values({ userId: user.id, kind, inApp: next.in_app, email: next.email })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { inApp: next.in_app, email: next.email, updatedAt: sqlNow },
        });
    });
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  }
  return listPreferences(db, user);
}
