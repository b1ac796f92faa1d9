import { atom, computed } from 'nanostores';
import type { TemplateListItem } from '../../../shared/certificate-templates.ts';
import type { CertificateSummary, RenderedTemplate } from '../../../shared/certificates.ts';
import { ApiError, type ValidationErrors } from '../lib/api.ts';
import { api, call, keyOf } from '../lib/api-client.ts';
import type { InferRequestType } from 'hono/client';
import { errorMessage, unwrapList } from './course-admin.ts';
import { exportHref } from './csv-export.ts';
import { bind, debounced, invalidate, keys, loaded, startingWith, toLoadable, type Loadable } from './query.ts';
import { toast } from './toasts.ts';

/** /admin/certificates (list, search, revoke) and /certificate-templates (design templates). */

export type { CertificateSummary, RenderedTemplate, TemplateListItem };

export { canDesignTemplates } from '../../../worker/src/domain/certificates.ts';

export type Result<T> = { ok: true; data: T } | { ok: false; message: string; validationErrors?: ValidationErrors };

function failed<T>(title: string, error: unknown): Result<T> {
  const message = errorMessage(error);
  toast({ title, description: message, variant: 'destructive' });
  return { ok: false, message, validationErrors: error instanceof ApiError ? error.validationErrors : undefined };
}

// ---------------------------------------------------------------------------------------------
// Admin certificates

export const $certificateQuery = atom('');
export const $adminCertificates = atom<Loadable<CertificateSummary[]>>({ status: 'idle' });
/** The CSV export of every certificate the search selects (the list shows the newest 200). */
export const $certificatesExportHref = computed($certificateQuery, (q) => exportHref('/api/admin/certificates/export.csv', { q }));

const SEARCH_DEBOUNCE_MS = 300;
const search = debounced(SEARCH_DEBOUNCE_MS);

function writeQuery(q: string): void {
  const url = new URL(location.href);
  if (q) url.searchParams.set('q', q);
  else url.searchParams.delete('q');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}

export async function loadAdminCertificates(): Promise<void> {
  const q = $certificateQuery.get().trim();
  const shown = loaded($adminCertificates.get());
  await bind<unknown, Loadable<CertificateSummary[]>>($adminCertificates, keyOf(api.admin.certificates, { query: { q: q || undefined } }), (v) => {
    const next = toLoadable(v, (raw) => unwrapList<CertificateSummary>(raw), errorMessage);
    // a new search keeps the previous results on screen while it runs
    return next.status === 'loading' && !next.data && shown ? { status: 'loading', data: shown } : next;
  });
}

/** Starts from the address (?q=). */
export function initAdminCertificates(): void {
  $certificateQuery.set(new URLSearchParams(location.search).get('q') ?? '');
  void loadAdminCertificates();
}

export function setCertificateQuery(q: string): void {
  $certificateQuery.set(q);
  search.run(() => {
    writeQuery(q.trim());
    void loadAdminCertificates();
  });
}

/** POST /api/certificates/{id}/revoke {reason}: a revoked certificate fails verification. */
export async function revokeCertificate(id: number, reason: string): Promise<Result<CertificateSummary>> {
  try {
    const cert = await call(api.certificates[':id'].revoke.$post({ param: { id: String(id) }, json: { reason } }));
    toast({ title: 'Certificate revoked', description: `Certificate ${cert.code} no longer verifies.` });
    const state = $adminCertificates.get();
    if (state.status === 'ready') $adminCertificates.set({ status: 'ready', data: state.data.map((c) => (c.id === id ? cert : c)) });
    // every list and view of certificates, and the verification of its code
    invalidate(startingWith('/api/admin/certificates', '/api/instructor/certificates', keys.myCertificates));
    return { ok: true, data: cert };
  } catch (error) {
    return failed('Failed to revoke certificate', error);
  }
}

// ---------------------------------------------------------------------------------------------
// Templates

export const TEMPLATES_KEY = keyOf(api['certificate-templates']);
export const $templateList = atom<Loadable<TemplateListItem[]>>({ status: 'idle' });
/** The template being edited: an id, 'new', or null for none. */
export const $templateSelection = atom<number | 'new' | null>(null);

export async function loadTemplateList(): Promise<void> {
  const answer = await bind<unknown, Loadable<TemplateListItem[]>>($templateList, TEMPLATES_KEY, (v) =>
    toLoadable(v, (raw) => unwrapList<TemplateListItem>(raw), errorMessage),
  );
  if (!answer.ok) return;
  const list = unwrapList<TemplateListItem>(answer.data);
  const selected = $templateSelection.get();
  if (selected === null || (selected !== 'new' && !list.some((t) => t.id === selected))) {
    $templateSelection.set(list[0]?.id ?? 'new');
  }
}

/** After a template write: every template list is read again. */
function reloadTemplateList(): Promise<void> {
  invalidate(startingWith(TEMPLATES_KEY));
  return loadTemplateList();
}

export function selectTemplate(id: number | 'new'): void {
  $templateSelection.set(id);
}

/** A template's fields, as POST /api/certificate-templates takes them. */
export type TemplateInput = InferRequestType<typeof api['certificate-templates']['$post']>['json'];

export async function saveTemplate(id: number | null, input: TemplateInput): Promise<Result<TemplateListItem>> {
  try {
    const saved =
      id == null
        ? await call(api['certificate-templates'].$post({ json: input }))
        : await call(api['certificate-templates'][':id'].$patch({ param: { id: String(id) }, json: input }));
    toast({ title: 'Success', description: id == null ? 'Template created successfully' : 'Template updated successfully' });
    $templateSelection.set(saved.id);
    await reloadTemplateList();
    return { ok: true, data: saved };
  } catch (error) {
    return failed(id == null ? 'Failed to create template' : 'Failed to update template', error);
  }
}

export async function deleteTemplate(id: number): Promise<boolean> {
  try {
    await call(api['certificate-templates'][':id'].$delete({ param: { id: String(id) } }));
    toast({ title: 'Success', description: 'Template deleted successfully' });
    $templateSelection.set(null);
    await reloadTemplateList();
    return true;
  } catch (error) {
    failed('Failed to delete template', error);
    return false;
  }
}
