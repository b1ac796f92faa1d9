import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, DEMO_PASSWORD, expect, test } from './fixtures.ts';

// A resource's preview before buying, the store's facets narrowing with the other filters (and
// the phone's filter sheet), and a learner's certificate as a PDF with its LinkedIn and share
// links (decision 0064), on the demo seed.

interface Detail {
  id: number;
  preview: { url: string; pages: number } | null;
}

async function listReady(page: Page): Promise<void> {
  await expect(page.locator('[data-island="store-list"][data-ready]')).toHaveCount(1);
}
const field = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });
/** The label of one option of a facet ("Ballet (3)"). */
const optionText = (page: Page, select: string, value: string) => page.locator(`select[name="${select}"] option[value="${value}"]`);

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/login', { data: { username, password: DEMO_PASSWORD } });
  return ((await res.json()) as { access_token: string }).access_token;
}

test.describe('store previews and filters', () => {
  test('a resource with a PDF shows its stamped preview in the page, served inline from our origin', async ({ page, request }) => {
    const list = (await (await request.get('/api/resources?page_size=50')).json()) as { data: { id: number; file_count: number }[] };
    let withPreview: Detail | null = null;
    for (const r of list.data) {
      const detail = (await (await request.get(`/api/resources/${r.id}`)).json()) as Detail;
      if (detail.preview) {
        withPreview = detail;
        break;
      }
    }
    expect(withPreview, 'a demo resource has a PDF preview').not.toBeNull();
    const { id, preview } = withPreview!;
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`/curriculum/${id}`);
    const section = page.locator('[data-store-preview]');
    await expect(section.getByRole('heading', { name: 'Preview' })).toBeVisible();
    await expect(section).toContainText(`Preview — first ${preview!.pages === 1 ? 'page' : `${preview!.pages} pages`}`);
    const frame = section.locator('iframe');
    await expect(frame).toHaveAttribute('src', preview!.url);
    await expect(frame).toBeVisible();
    const pdf = await request.get(preview!.url);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline/);
    expect(errors.filter((e) => /Content Security Policy|Refused to frame/i.test(e))).toEqual([]);
  });

  test('picking an age group changes the style counts to that age group’s', async ({ page }) => {
    await page.goto('/curriculum');
    await listReady(page);
    const before = await optionText(page, 'style', 'ballet').textContent();
    await field(page, 'Age group').selectOption('teen-13-17');
    await expect(page).toHaveURL(/age_group=teen-13-17/);
    await expect(optionText(page, 'style', 'ballet')).not.toHaveText(before!);
    // The counts are the server's for this view: a reload shows the same.
    const narrowed = await optionText(page, 'style', 'ballet').textContent();
    await page.reload();
    await expect(optionText(page, 'style', 'ballet')).toHaveText(narrowed!);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the curriculum filters open in the filter sheet, and Apply shows the view', async ({ page }) => {
      await page.goto('/curriculum');
      await listReady(page);
      await expect(field(page, 'Dance style')).toBeHidden();
      await page.getByRole('button', { name: 'Filters' }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole('combobox', { name: 'Dance style', exact: true })).toBeVisible();
      await sheet.getByRole('combobox', { name: 'Age group', exact: true }).selectOption('teen-13-17');
      // A choice in the sheet waits for Apply.
      await expect(page).toHaveURL(/\/curriculum$/);
      await sheet.getByRole('button', { name: 'Apply' }).click();
      await expect(sheet).toBeHidden();
      await expect(page).toHaveURL(/age_group=teen-13-17/);
      await expect(page.getByRole('button', { name: /Filters\s*1 active/ })).toBeVisible();
    });
  });
});

test.describe('a learner’s certificate', () => {
  test.use({ signedInAs: ACCOUNTS.student });

  test('Download PDF saves the certificate; Add to LinkedIn points at the verification page', async ({ page, request, baseURL }) => {
    const token = await tokenOf(request, ACCOUNTS.student);
    const mine = (await (await request.get('/api/certificates', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; code: string; verify_url: string; revoked: boolean }[];
    // Another spec on this server may have issued the demo learner one and revoked it: a revoked
    // certificate offers no sharing.
    const certificate = mine.find((c) => !c.revoked);
    expect(certificate, 'the demo learner holds a live certificate').toBeDefined();
    if (!certificate) return;
    await page.goto(`/certificates/${certificate.id}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`drx-certificate-${certificate.code}.pdf`);
    const bytes = await (await import('node:fs/promises')).readFile((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const linkedIn = page.getByRole('link', { name: 'Add to LinkedIn' });
    const href = new URL((await linkedIn.getAttribute('href'))!);
    expect(href.origin + href.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(href.searchParams.get('certId')).toBe(certificate.code);
    const certUrl = new URL(href.searchParams.get('certUrl')!);
    expect(certUrl.pathname).toBe(certificate.verify_url);
    // The verification page it names confirms the certificate to anybody.
    await page.goto(new URL(certUrl.pathname, baseURL).href);
    await expect(page.getByRole('heading', { name: '✓ Valid certificate' })).toBeVisible();
  });
});
