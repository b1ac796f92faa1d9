import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../db/schema/index.ts';
import { createAdmin, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, read, type TestApp } from '../../../tests/support/test-app.ts';
import type { MailMessage } from '../platform/mailer.ts';
import { sendEmail } from './outbox.ts';
import { type OutboxMessageView } from '../../../shared/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('outbox attachments (a booking\'s ICS, decision 0032)', () => {
  it('keeps them as JSON, hands them to the mailer, and the admin list names them', async () => {
    const sent: MailMessage[] = [];
    const platform = { ...t.platform, mailer: async (m: MailMessage) => void sent.push(m) };
    const attachments = [{ filename: 'BK-TEST2345.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }];
    const { id, delivered } = await sendEmail(platform, { to: 'lee@example.test', subject: 'Booked', text: 'See you', kind: 'booking_confirmed', attachments });
    await delivered;
    expect(sent).toEqual([{ to: 'lee@example.test', subject: 'Booked', text: 'See you', attachments }]);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe('sent');
    expect(JSON.parse(row!.attachments!)).toEqual(attachments);
    // Without attachments nothing is stored or sent for them.
    const plain = await sendEmail(platform, { to: 'lee@example.test', subject: 'Plain', text: 'x', kind: 'test' });
    await plain.delivered;
    expect(sent[1]).toEqual({ to: 'lee@example.test', subject: 'Plain', text: 'x' });
    const admin = await createAdmin(t.db);
    const page = await read<{ data: OutboxMessageView[] }>(await t.json('GET', '/api/admin/outbox', undefined, await signIn(t.db, admin.id)));
    expect(page.data.find((m) => m.id === id)!.attachment_names).toEqual(['BK-TEST2345.ics']);
    expect(page.data.find((m) => m.id === plain.id)!.attachment_names).toEqual([]);
  });
});
