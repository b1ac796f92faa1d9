import type { APIRequestContext } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ACCOUNTS, DEMO_PASSWORD, expect, uniqueName } from './fixtures.ts';
import { subscribeToPlan } from './plan-fixtures.ts';

/**
 * The store's data for the curriculum admin and My Resources journeys, made through the API with
 * fresh accounts: a seller's application, their resources with real PDF files, submitted.
 */

const PASSWORD = 'correct-horse-42';

export async function tokenOf(request: APIRequestContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok(), `login as ${username}`).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Applicant {
  username: string;
  password: string;
  token: string;
  id: number;
  storeName: string;
  bio: string;
  sampleUrl: string;
  note: string;
}

/** A fresh account that applied to sell: its application waits for a curriculum admin. */
export async function applicant(request: APIRequestContext, prefix = 'seller'): Promise<Applicant> {
  const username = uniqueName(prefix);
  const registered = await request.post('/api/register', { data: { username, password: PASSWORD, first_name: 'Marta', last_name: 'Lindqvist' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = await tokenOf(request, username, PASSWORD);
  // Selling needs Educator or higher (decision 0031): the new seller starts its trial.
  await subscribeToPlan(request, token);
  const suffix = username.slice(-6);
  const application = {
    store_name: `Marta's Tap Room ${suffix}`,
    bio: 'Tap teacher for twenty years; my syllabi are tested with beginners and adult classes.',
    sample_url: `https://example.com/samples/${suffix}.pdf`,
    application_note: `Sample lesson ${suffix}: a first tap class for adults.`,
  };
  const applied = await request.post('/api/sellers/apply', { data: application, headers: bearer(token) });
  expect(applied.status(), await applied.text()).toBe(201);
  const me = (await (await request.get('/api/me', { headers: bearer(token) })).json()) as { id: number };
  return { username, password: PASSWORD, token, id: me.id, storeName: application.store_name, bio: application.bio, sampleUrl: application.sample_url, note: application.application_note };
}

/** A fresh approved seller (approved by the demo curriculum admin through the API). */
export async function approvedSeller(request: APIRequestContext, prefix = 'seller'): Promise<Applicant> {
  const seller = await applicant(request, prefix);
  const admin = await tokenOf(request, ACCOUNTS.curriculumAdmin);
  const approved = await request.post(`/api/admin/sellers/${seller.id}/approve`, { headers: bearer(admin) });
  expect(approved.status(), await approved.text()).toBe(200);
  return seller;
}

/** A small real PDF whose pages say what it is. */
export async function pdfOf(title: string, pages = 2): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) pdf.addPage([420, 595]).drawText(`${title}: page ${i}`, { x: 40, y: 540, size: 14, font });
  return Buffer.from(await pdf.save());
}

export interface MadeResource {
  id: number;
  title: string;
  fileName: string;
}

/** A seller's resource with one PDF file, submitted for review unless `submit` is false. */
export async function sellerResource(
  request: APIRequestContext,
  seller: Pick<Applicant, 'token' | 'username'>,
  options: { title: string; priceCents?: number; submit?: boolean },
): Promise<MadeResource> {
  const created = await request.post('/api/resources', {
    headers: bearer(seller.token),
    data: {
      title: options.title,
      description: `${options.title}: a one-hour class plan with warm-up, drills, a short combination and a cool-down.`,
      dance_style: 'Tap',
      age_group: 'Adult (18+)',
      level: 'Beginner',
      price_cents: options.priceCents ?? 900,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const fileName = `${options.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`;
  const uploaded = await request.post(`/api/resources/${id}/files`, {
    headers: bearer(seller.token),
    multipart: { files: { name: fileName, mimeType: 'application/pdf', buffer: await pdfOf(options.title) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  if (options.submit !== false) {
    const submitted = await request.post(`/api/resources/${id}/submit`, { headers: bearer(seller.token) });
    expect(submitted.status(), await submitted.text()).toBe(200);
  }
  return { id, title: options.title, fileName };
}

/** A resource published by the demo curriculum admin through the API. */
export async function publish(request: APIRequestContext, resourceId: number): Promise<void> {
  const admin = await tokenOf(request, ACCOUNTS.curriculumAdmin);
  const approved = await request.post(`/api/resources/${resourceId}/approve`, { headers: bearer(admin) });
  expect(approved.status(), await approved.text()).toBe(200);
}

export { bearer };
