import { atom } from 'nanostores';
import type { CertificateSummary, CertificateView, VerifyAnswer } from '../../../shared/certificates.ts';
import { ApiError } from '../lib/api.ts';
import { api, keyOf, type KeyAnswer } from '../lib/api-client.ts';
import { queryLayer } from './query-lazy.ts';
import type { Loadable } from './query.ts';

/** The learner's certificates, one printable certificate, and the public verification. */

export type { CertificateSummary, CertificateView, VerifyAnswer };

export const $certificates = atom<Loadable<CertificateSummary[]>>({ status: 'loading' });
export const $certificate = atom<Loadable<CertificateView>>({ status: 'loading' });

const NOT_FOUND = { status: 'error', message: 'Certificate not found', notFound: true } as const;

function listOf<T>(raw: unknown): T[] {
  if (Array.isArray(raw)) return raw as T[];
  if (raw && typeof raw === 'object' && Array.isArray((raw as { data?: unknown }).data)) return (raw as { data: T[] }).data;
  return [];
}


export async function loadMyCertificates(): Promise<void> {
  const q = await queryLayer();
  const key = keyOf(api.certificates);
  await q.bind<KeyAnswer<typeof key>, Loadable<CertificateSummary[]>>($certificates, key, (v) =>
    q.toLoad<KeyAnswer<typeof key>, Loadable<CertificateSummary[]>>(
      v,
      (raw) => ({ status: 'ready', data: listOf<CertificateSummary>(raw) }),
      () => ({ status: 'error', message: 'Your certificates could not be loaded. Please try again.' }),
      () => ({ status: 'loading' }),
    ),
  );
}

function certificateFailure(err: unknown): Loadable<CertificateView> {
  if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return NOT_FOUND;
  if (err instanceof ApiError && err.status === 403) return { status: 'error', message: err.message, forbidden: true };
  return { status: 'error', message: 'The certificate could not be loaded. Please try again.' };
}

export async function loadCertificate(id: number | null): Promise<void> {
  if (id === null) {
    $certificate.set(NOT_FOUND);
    return;
  }
  const q = await queryLayer();
  const key = keyOf(api.certificates[':id'], { param: { id: String(id) } });
  await q.bind<KeyAnswer<typeof key>, Loadable<CertificateView>>($certificate, key, (v) =>
    q.toLoad<KeyAnswer<typeof key>, Loadable<CertificateView>>(v, (data) => ({ status: 'ready', data }), certificateFailure, () => ({ status: 'loading' })),
  );
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
  const q = await queryLayer();
  const key = keyOf(api.certificates.verify[':code'], { param: { code: encodeURIComponent(trimmed) } });
  const answer = await q.settled(q.query<KeyAnswer<typeof key>>(key));
  const now = $verification.get();
  // a newer check started meanwhile
  if (now.status !== 'checking' || now.code !== trimmed) return;
  if (answer.ok) $verification.set({ status: 'done', code: trimmed, answer: answer.data });
  else if (answer.error instanceof ApiError && (answer.error.status === 404 || answer.error.status === 400)) {
    $verification.set({ status: 'done', code: trimmed, answer: { valid: false, reason: 'not_found' } });
  } else {
    $verification.set({ status: 'error', code: trimmed, message: 'The code could not be checked right now. Please try again.' });
  }
}
