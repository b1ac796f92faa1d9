import { atom } from 'nanostores';
import type { CertificateSummary, CertificateView, VerifyAnswer } from '../../../worker/src/services/certificates.ts';
import { ApiError, apiFetch } from '../lib/api.ts';

/** The learner's certificates, one printable certificate, and the public verification. */

export type { CertificateSummary, CertificateView, VerifyAnswer };

export type Load<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'not-found' }
  | { status: 'forbidden'; message: string }
  | { status: 'error'; message: string };

export const $certificates = atom<Load<CertificateSummary[]>>({ status: 'loading' });
export const $certificate = atom<Load<CertificateView>>({ status: 'loading' });

function listOf<T>(raw: unknown): T[] {
  if (Array.isArray(raw)) return raw as T[];
  if (raw && typeof raw === 'object' && Array.isArray((raw as { data?: unknown }).data)) return (raw as { data: T[] }).data;
  return [];
}

export async function loadMyCertificates(): Promise<void> {
  try {
    $certificates.set({ status: 'ready', data: listOf<CertificateSummary>(await apiFetch<unknown>('/api/certificates')) });
  } catch {
    $certificates.set({ status: 'error', message: 'Your certificates could not be loaded. Please try again.' });
  }
}

export async function loadCertificate(id: number | null): Promise<void> {
  if (id === null) {
    $certificate.set({ status: 'not-found' });
    return;
  }
  $certificate.set({ status: 'loading' });
  try {
    $certificate.set({ status: 'ready', data: await apiFetch<CertificateView>(`/api/certificates/${id}`) });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) $certificate.set({ status: 'not-found' });
    else if (err instanceof ApiError && err.status === 403) $certificate.set({ status: 'forbidden', message: err.message });
    else $certificate.set({ status: 'error', message: 'The certificate could not be loaded. Please try again.' });
  }
}

export type Verification = { status: 'idle' } | { status: 'checking'; code: string } | { status: 'done'; code: string; answer: VerifyAnswer } | { status: 'error'; code: string; message: string };

export const $verification = atom<Verification>({ status: 'idle' });

/** GET /api/certificates/verify/{code}: public; a revoked or unknown code is not valid. */
export async function verifyCertificateCode(code: string): Promise<void> {
  const trimmed = code.trim();
  if (!trimmed) {
    $verification.set({ status: 'idle' });
    return;
  }
  $verification.set({ status: 'checking', code: trimmed });
  try {
    const answer = await apiFetch<VerifyAnswer>(`/api/certificates/verify/${encodeURIComponent(trimmed)}`);
    $verification.set({ status: 'done', code: trimmed, answer });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) {
      $verification.set({ status: 'done', code: trimmed, answer: { valid: false, reason: 'not_found' } });
    } else {
      $verification.set({ status: 'error', code: trimmed, message: 'The code could not be checked right now. Please try again.' });
    }
  }
}
