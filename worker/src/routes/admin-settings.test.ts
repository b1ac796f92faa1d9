import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appSettings, auditLog, emailOutbox, instructorProfiles } from '../../../db/schema/index.ts';
import { createAdminTestApp, expectAdminOnly } from '../../../tests/support/admin-test-app.ts';
import { createInstructor } from '../../../tests/support/booking-factories.ts';
import { createAdmin, createSignedInUser, signIn, uniqueUsername } from '../../../tests/support/factories.ts';
import { buildCourse } from '../../../tests/support/learning-factories.ts';
import { read, type ErrorBody, type TestApp } from '../../../tests/support/test-app.ts';
import { addDays, todayIn } from '../domain/booking-slots.ts';
import { PERMISSION_DENIED } from '../domain/permissions.ts';
import { SETTINGS, SETTING_KEYS, type FeatureSwitch } from '../domain/settings.ts';
import type { MailMessage } from '../platform/mailer.ts';
import { sendEmail } from '../services/outbox.ts';
import { NO_ADMIN_EMAIL, TEST_EMAIL_KIND } from '../services/settings-mail.ts';
import { type PublicSiteSettings } from '../../../shared/settings-mail.ts';
import type { SettingsView } from '../../../shared/settings.ts';
import { platformFeePercent } from '../services/store/store-settings.ts';

let t: TestApp;
let adminToken: string;
let studentToken: string;
let curriculumToken: string;

beforeAll(async () => {
  ({ t, adminToken, studentToken } = await createAdminTestApp());
  curriculumToken = (await createSignedInUser(t.db, { roles: ['CURRICULUM_ADMIN'] })).token;
});
afterAll(() => t.close());
// Every test starts from the defaults (no stored settings) and no mailer.
let auditSeen = 0;
beforeEach(async () => {
  await t.db.delete(appSettings);
  delete t.platform.mailer;
  auditSeen = (await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;
});

type View = SettingsView & { mail_transport: { transport: string; from: string; reply_to: string | null } | null };
const getSettings = async (token: string) => t.json('GET', '/api/admin/settings', undefined, token);
const patch = (body: unknown, token = adminToken) => t.json('PATCH', '/api/admin/settings', body, token);
const valueOf = (view: View, key: string) => view.sections.flatMap((s) => s.fields).find((f) => f.key === key)?.value;
const stored = async () => Object.fromEntries((await t.db.select().from(appSettings)).map((r) => [r.key, JSON.parse(r.value) as unknown]));
const settingsAudit = () => t.db.select().from(auditLog).where(and(eq(auditLog.action, 'settings.update'), gt(auditLog.id, auditSeen))).orderBy(auditLog.id);

describe('GET /api/admin/settings', () => {
  it('answers 401 signed out and 403 to roles that manage no section', async () => {
    await expectAdminOnly(t, 'GET', '/api/admin/settings', undefined, studentToken, [(await createSignedInUser(t.db, { roles: ['INSTRUCTOR_ADMIN'] })).token]);
  });

  it('shows the admin every section, each field at its default with its bounds, and how mail leaves', async () => {
    const res = await getSettings(adminToken);
    expect(res.status).toBe(200);
    const view = await read<View>(res);
    expect(view.sections.map((s) => s.key)).toEqual(['site', 'store', 'booking', 'mail', 'features']);
    expect(view.sections.flatMap((s) => s.fields.map((f) => f.key)).sort()).toEqual([...SETTING_KEYS].sort());
    for (const field of view.sections.flatMap((s) => s.fields)) {
      expect(field.value, field.key).toEqual(SETTINGS[field.key].default);
      expect(field.updated_at).toBeNull();
    }
    expect(view.sections[2]!.fields.find((f) => f.key === 'booking_horizon_days')).toMatchObject({ min: 1, max: 365, kind: 'integer' });
    expect(view.mail_transport).toMatchObject({ transport: 'console', from: 'DRX <no-reply@drx.local>', reply_to: null });
  });

  it('shows a curriculum admin the store section only, without the mail facts', async () => {
    const view = await read<View>(await getSettings(curriculumToken));
    expect(view.sections.map((s) => s.key)).toEqual(['store']);
    expect(view.mail_transport).toBeNull();
  });

  it('never shows SMTP credentials, only the host', async () => {
    const original = t.platform.env;
    t.platform.env = { ...original, SMTP_URL: 'smtp://mailer:s3cret-pass@smtp.example.test:587' };
    try {
      const text = await (await getSettings(adminToken)).text();
      expect(text).toContain('smtp.example.test:587');
      expect(text).not.toContain('s3cret-pass');
      expect(text).not.toContain('mailer:');
    } finally {
      t.platform.env = original;
    }
  });
});

describe('PATCH /api/admin/settings', () => {
  it('saves each key, answers the new view, and audits each change in its batch', async () => {
    const res = await patch({ site_name: '  Studio Rivera  ', contact_email: 'desk@studio.example', registrations_open: false });
    expect(res.status).toBe(200);
    const view = await read<View & { changed: string[] }>(res);
    expect(view.changed.sort()).toEqual(['contact_email', 'registrations_open', 'site_name']);
    expect(valueOf(view, 'site_name')).toBe('Studio Rivera');
    expect(valueOf(view, 'registrations_open')).toBe(false);
    expect(await stored()).toEqual({ site_name: 'Studio Rivera', contact_email: 'desk@studio.example', registrations_open: false });
    const entries = await settingsAudit();
    expect(entries.map((e) => e.entityId).sort()).toEqual(['contact_email', 'registrations_open', 'site_name']);
    const site = entries.find((e) => e.entityId === 'site_name')!;
    expect(site).toMatchObject({ entity: 'app_settings', before: null, summary: 'Site name: "DRX" → "Studio Rivera"' });
    expect(JSON.parse(site.after!)).toMatchObject({ key: 'site_name', value: '"Studio Rivera"' });

    // A second change has the first as its before; an unchanged value writes nothing.
    await patch({ site_name: 'Studio Two', contact_email: 'desk@studio.example' });
    const again = (await settingsAudit()).filter((e) => e.entityId === 'site_name');
    expect(again).toHaveLength(2);
    expect(JSON.parse(again[1]!.before!)).toMatchObject({ value: '"Studio Rivera"' });
    expect((await settingsAudit()).filter((e) => e.entityId === 'contact_email')).toHaveLength(1);
  });

  it.each([
    ['an empty site name', { site_name: '   ' }, 'site_name'],
    ['a site name too long', { site_name: 'x'.repeat(81) }, 'site_name'],
    ['a contact email that is not one', { contact_email: 'not-an-email' }, 'contact_email'],
    ['a phone with letters', { contact_phone: 'call me' }, 'contact_phone'],
    ['a fee above 50', { platform_fee_percent: 51 }, 'platform_fee_percent'],
    ['a fraction of a percent', { platform_fee_percent: 2.5 }, 'platform_fee_percent'],
    ['a horizon of 0 days', { booking_horizon_days: 0 }, 'booking_horizon_days'],
    ['a horizon over a year', { booking_horizon_days: 366 }, 'booking_horizon_days'],
    ['a buffer over 240 minutes', { booking_buffer_minutes: 241 }, 'booking_buffer_minutes'],
    ['a cancellation notice over 720 hours', { booking_cancellation_hours: 721 }, 'booking_cancellation_hours'],
    ['a negative notice', { booking_min_notice_minutes: -1 }, 'booking_min_notice_minutes'],
    ['a notice as text', { booking_min_notice_minutes: '60' }, 'booking_min_notice_minutes'],
    ['a sender name with brackets', { mail_sender_name: 'DRX <x>' }, 'mail_sender_name'],
    ['a reply-to that is not an address', { mail_reply_to: 'nobody' }, 'mail_reply_to'],
    ['a switch as text', { bookings_open: 'no' }, 'bookings_open'],
  ])('400s %s, changing nothing (not even the valid keys beside it)', async (_, body, field) => {
    const res = await patch({ site_name: 'Would change', ...body });
    expect(res.status).toBe(400);
    const error = await read<ErrorBody>(res);
    expect(Object.keys(error.validationErrors ?? {})).toContain(field);
    expect(await stored()).toEqual({});
    expect(await settingsAudit()).toHaveLength(0);
  });

  it('400s an unknown key and an empty body', async () => {
    const unknown = await patch({ site_title: 'x' });
    expect(unknown.status).toBe(400);
    expect((await read<ErrorBody>(unknown)).message).toBe('Unknown setting: site_title');
    expect((await patch({})).status).toBe(400);
    expect((await patch([1])).status).toBe(400);
  });

  it('lets a curriculum admin change the store section only: another key is 403 and changes nothing', async () => {
    const refused = await patch({ platform_fee_percent: 12, site_name: 'Mine now' }, curriculumToken);
    expect(refused.status).toBe(403);
    expect((await read<ErrorBody>(refused)).message).toBe('You do not have permission to change Site name.');
    expect(await stored()).toEqual({});
    const res = await patch({ platform_fee_percent: 12 }, curriculumToken);
    expect(res.status).toBe(200);
    expect(await platformFeePercent(t.db)).toBe(12);
  });

  it('refuses students and other sub-admins', async () => {
    await expectAdminOnly(t, 'PATCH', '/api/admin/settings', { site_name: 'x' }, studentToken, [(await createSignedInUser(t.db, { roles: ['COURSE_CREATOR_ADMIN'] })).token]);
    expect(await stored()).toEqual({});
  });

  it('keeps PATCH /api/admin/store-settings working, now audited like the rest', async () => {
    const res = await t.json('PATCH', '/api/admin/store-settings', { platform_fee_percent: 15 }, curriculumToken);
    expect(res.status).toBe(200);
    expect(await read<{ platform_fee_percent: number }>(res)).toMatchObject({ platform_fee_percent: 15 });
    expect((await settingsAudit()).map((e) => e.entityId)).toEqual(['platform_fee_percent']);
    const view = await read<View>(await getSettings(adminToken));
    expect(valueOf(view, 'platform_fee_percent')).toBe(15);
  });
});

describe('feature switches', () => {
  const turn = async (key: FeatureSwitch, on: boolean) => expect((await patch({ [key]: on })).status).toBe(200);
  const expectOff = async (res: Response, key: FeatureSwitch) => {
    expect(res.status).toBe(403);
    expect(await read<ErrorBody & { setting?: string }>(res)).toEqual({ message: SETTINGS[key].closedMessage, setting: key });
  };

  it('registrations_open: POST /api/register refuses while off, registers once on', async () => {
    const body = () => ({ username: uniqueUsername('reg'), password: 'a-good-password', email: `${uniqueUsername('r')}@example.com` });
    await turn('registrations_open', false);
    await expectOff(await t.json('POST', '/api/register', body()), 'registrations_open');
    await turn('registrations_open', true);
    expect((await t.json('POST', '/api/register', body())).status).toBe(201);
  });

  it('guest_checkout: guest enrolment refuses while off (and while registration is closed), enrols once on', async () => {
    const course = await buildCourse(t.db);
    const guest = () => t.json('POST', '/api/enrollments/guest', { courseId: course.id, first_name: 'Ana', last_name: 'Lima', email: `${uniqueUsername('g')}@example.com`, password: 'guest-password-1' });
    await turn('guest_checkout', false);
    await expectOff(await guest(), 'guest_checkout');
    await turn('guest_checkout', true);
    await turn('registrations_open', false);
    await expectOff(await guest(), 'registrations_open');
    await turn('registrations_open', true);
    expect((await guest()).status).toBe(201);
  });

  it('bookings_open: a new booking is refused while off and held once on', async () => {
    const given = await createInstructor(t.db, { timeZone: 'UTC', weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })), minNoticeMinutes: 0 });
    const { token } = await createSignedInUser(t.db);
    const startsAt = `${addDays(todayIn('UTC', new Date()), 3)}T10:00:00.000Z`;
    const hold = () => t.json('POST', '/api/bookings', { instructorId: given.user.id, lessonTypeId: given.lessonTypes[0]!.id, startsAt, timeZone: 'UTC' }, token);
    await turn('bookings_open', false);
    await expectOff(await hold(), 'bookings_open');
    await turn('bookings_open', true);
    expect((await hold()).status).toBe(201);
  });

  it('seller_applications_open: an application is refused while off and made once on', async () => {
    const { token } = await createSignedInUser(t.db);
    const apply = () => t.json('POST', '/api/sellers/apply', { store_name: `Switch Store ${uniqueUsername('s')}`, bio: 'I teach ballet to children and write my own lesson plans.' }, token);
    await turn('seller_applications_open', false);
    await expectOff(await apply(), 'seller_applications_open');
    await turn('seller_applications_open', true);
    expect((await apply()).status).toBe(201);
  });

  it('GET /api/site-settings shows the public facts and the switches to anyone', async () => {
    await patch({ site_name: 'Studio Rivera', contact_phone: '+1 (555) 010-2030', bookings_open: false });
    const res = await t.request('/api/site-settings');
    expect(res.status).toBe(200);
    expect(await read<PublicSiteSettings>(res)).toEqual({
      site_name: 'Studio Rivera',
      contact_email: 'hello@drx.local',
      contact_phone: '+1 (555) 010-2030',
      support_address: null,
      features: { registrations_open: true, guest_checkout: true, bookings_open: false, seller_applications_open: true },
      booking_defaults: { min_notice_minutes: 720, horizon_days: 60, buffer_minutes: 15, cancellation_hours: 24 },
    });
  });
});

describe('booking policy defaults', () => {
  const profile = (overrides: Record<string, unknown> = {}) => ({ headline: 'Salsa for beginners', bio: 'Ten years of teaching salsa.', offers_online: true, time_zone: 'UTC', ...overrides });

  it('a new profile starts from the defaults; one that sends its rules keeps them; an existing profile keeps its own', async () => {
    await patch({ booking_cancellation_hours: 48, booking_min_notice_minutes: 90, booking_horizon_days: 30, booking_buffer_minutes: 5 });
    const fresh = await createSignedInUser(t.db);
    expect((await t.json('PUT', '/api/connect/profile', profile(), fresh.token)).status).toBe(201);
    const [row] = await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, fresh.user.id));
    expect(row).toMatchObject({ cancellationHours: 48, minNoticeMinutes: 90, horizonDays: 30, bufferMinutes: 5 });

    const own = await createSignedInUser(t.db);
    expect((await t.json('PUT', '/api/connect/profile', profile({ cancellation_hours: 12, horizon_days: 90 }), own.token)).status).toBe(201);
    const [ownRow] = await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, own.user.id));
    expect(ownRow).toMatchObject({ cancellationHours: 12, horizonDays: 90, minNoticeMinutes: 90, bufferMinutes: 5 });

    // Later defaults do not move an existing profile, whose PUT without rules keeps its own.
    await patch({ booking_cancellation_hours: 2, booking_horizon_days: 200 });
    expect((await t.json('PUT', '/api/connect/profile', profile({ headline: 'Salsa, edited' }), fresh.token)).status).toBe(200);
    const [kept] = await t.db.select().from(instructorProfiles).where(eq(instructorProfiles.userId, fresh.user.id));
    expect(kept).toMatchObject({ headline: 'Salsa, edited', cancellationHours: 48, horizonDays: 30 });
  });
});

describe('mail settings', () => {
  const capture = () => {
    const sent: MailMessage[] = [];
    t.platform.mailer = async (m) => {
      sent.push(m);
    };
    return sent;
  };

  it('sends outbox email from the sender name and address with the reply-to', async () => {
    const sent = capture();
    await patch({ mail_sender_name: 'Rivera Desk', mail_sender_address: 'desk@rivera.example', mail_reply_to: 'help@rivera.example' });
    const { delivered, id } = await sendEmail(t.platform, { to: 'someone@example.com', subject: 'Hello', text: 'Body', kind: 'test' });
    await delivered;
    expect(sent).toEqual([expect.objectContaining({ to: 'someone@example.com', from: '"Rivera Desk" <desk@rivera.example>', replyTo: 'help@rivera.example' })]);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe('sent');
  });

  it("leaves the mailer's own MAIL_FROM while nothing is set; then falls back to the site name and the MAIL_FROM address", async () => {
    const sent = capture();
    await (await sendEmail(t.platform, { to: 'a@example.com', subject: 'S', text: 'T', kind: 'test' })).delivered;
    expect(sent.shift()).toEqual({ to: 'a@example.com', subject: 'S', text: 'T' });
    await patch({ site_name: 'Studio Rivera' });
    await (await sendEmail(t.platform, { to: 'a@example.com', subject: 'S', text: 'T', kind: 'test' })).delivered;
    expect(sent[0]).toMatchObject({ from: '"Studio Rivera" <no-reply@drx.local>' });
    expect(sent[0]!.replyTo).toBeUndefined();
  });

  it('POST /api/admin/settings/test-email sends to the admin through the outbox', async () => {
    const admin = await createAdmin(t.db, { email: 'boss@rivera.example' });
    const token = await signIn(t.db, admin.id);
    // Without a mailer the message stays in the outbox as logged.
    const logged = await t.json('POST', '/api/admin/settings/test-email', undefined, token);
    expect(logged.status).toBe(200);
    expect(await read<{ status: string; to: string }>(logged)).toMatchObject({ status: 'logged', to: 'boss@rivera.example' });
    const sent = capture();
    const res = await t.json('POST', '/api/admin/settings/test-email', undefined, token);
    expect(await read<{ status: string }>(res)).toMatchObject({ status: 'sent' });
    expect(sent[0]).toMatchObject({ to: 'boss@rivera.example', subject: 'DRX: test email' });
    const rows = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, TEST_EMAIL_KIND), eq(emailOutbox.toAddress, 'boss@rivera.example')));
    expect(rows.map((r) => r.status)).toEqual(['logged', 'sent']);
  });

  it('a failed delivery is reported as failed, not a 500', async () => {
    const admin = await createAdmin(t.db, { email: 'fails@rivera.example' });
    t.platform.mailer = async () => {
      throw new Error('Connection refused');
    };
    const res = await t.json('POST', '/api/admin/settings/test-email', undefined, await signIn(t.db, admin.id));
    expect(res.status).toBe(200);
    expect(await read<{ status: string; error: string }>(res)).toMatchObject({ status: 'failed', error: 'Connection refused' });
  });

  it('409s an admin without an email; 403s everyone but settings.manage', async () => {
    const admin = await createAdmin(t.db, { email: null });
    const res = await t.json('POST', '/api/admin/settings/test-email', undefined, await signIn(t.db, admin.id));
    expect(res.status).toBe(409);
    expect((await read<ErrorBody>(res)).message).toBe(NO_ADMIN_EMAIL);
    const refused = await t.json('POST', '/api/admin/settings/test-email', undefined, curriculumToken);
    expect(refused.status).toBe(403);
    expect(await read<ErrorBody>(refused)).toEqual({ message: PERMISSION_DENIED });
  });
});
