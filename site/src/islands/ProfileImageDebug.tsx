import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { can } from '../../../worker/src/domain/permissions.ts';
import { roleList } from '../../../worker/src/domain/roles.ts';
import ImageDisplay from '../components/ImageDisplay.tsx';
import { useHydrated } from '../components/use-hydrated.ts';
import { imageFallbackChain } from '../lib/image-fallback.ts';
import { DEFAULT_IMAGES } from '../lib/image-url.ts';
import { imageUrlSteps, type ImageUrlStep } from '../lib/image-url-steps.ts';
import { $imageCheck, loadImageCheck, type ImageDebugCheck } from '../stores/admin-landing.ts';
import { $user } from '../stores/auth.ts';
import AccessDenied from './course-admin/AccessDenied.tsx';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import './profile-image-debug.css';

function stepState(step: ImageUrlStep): { label: string; tone: string } {
  if (!step.reached) return { label: 'Not reached', tone: 'badge' };
  if (step.applied) return { label: 'Applied', tone: 'badge badge-success' };
  return { label: 'Did not apply', tone: 'badge' };
}

function Url({ value }: { value: string }) {
  return value ? <code className="imgdbg-url">{value}</code> : <span className="muted">(empty)</span>;
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`;

function storedLine(check: ImageDebugCheck): string {
  if (!check.url) return 'No address to check.';
  if (!check.upload) return 'Not one of this site’s uploads: the browser loads it from where it points.';
  if (!check.upload.stored) return `Not stored: there is no upload under ${check.upload.key}.`;
  return `Stored: ${check.upload.key}, ${kilobytes(check.upload.size ?? 0)}, ${check.upload.content_type ?? 'unknown type'}.`;
}

/** Whether the address names a stored upload (GET /api/me/profile-image-debug), read once typing pauses. */
function ServerCheck({ url }: { url: string }) {
  const state = useStore($imageCheck);
  useEffect(() => {
    const timer = window.setTimeout(() => void loadImageCheck(url), 300);
    return () => window.clearTimeout(timer);
  }, [url]);
  const data = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  return (
    <p className="muted" role="status" aria-label="On the server">
      <strong>On the server: </strong>
      {state.status === 'error' ? state.message : data && data.url === url ? storedLine(data) : 'Checking...'}
    </p>
  );
}

/**
 * /profile-image-debug (staff only: `diagnostics.read` of the permission table): the image URL helper (lib/image-url.ts) applied rule by rule to a URL (the signed-in
 * user's profile image to begin with), and the shared image display (ImageDisplay) trying the result.
 */
function ProfileImageDebug() {
  const user = useStore($user, { ssr: 'initial' });
  const hydrated = useHydrated();
  const profileImage = user?.profile_image_url ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const [useFallbackImage, setUseFallbackImage] = useState(true);
  const inputId = useId();
  const fallbackId = useId();

  // Until the person types, the field follows their profile image.
  const url = draft ?? profileImage;
  // One clock per URL, so a thumbnail's timestamp does not change on every render.
  const [clock, setClock] = useState(() => ({ url, now: Date.now() }));
  let now = clock.now;
  if (clock.url !== url) {
    now = Date.now();
    setClock({ url, now });
  }
  const trace = useMemo(() => imageUrlSteps(url, { now }), [url, now]);
  const fallbackSrc = useFallbackImage ? DEFAULT_IMAGES.profile : undefined;
  const chain = useMemo(() => imageFallbackChain(url, { now, fallbackSrc }), [url, now, fallbackSrc]);

  if (!hydrated || !user) return <p className="loading">Loading your profile image...</p>;
  if (!can(roleList(user.role), 'diagnostics.read')) return <AccessDenied message="This page is for the platform's staff: admins and sub-admins." />;

  return (
    <div className="stack imgdbg">
      <section className="card" aria-labelledby="imgdbg-input-heading">
        <div className="card-body stack">
          <h2 id="imgdbg-input-heading">Image URL</h2>
          <p className="muted">
            Your profile image is{' '}
            {profileImage ? <Url value={profileImage} /> : <strong>not set</strong>}. Change the address below to see how any stored image URL
            becomes the address the browser loads.
          </p>
          <div className="field">
            <label htmlFor={inputId}>Image URL to check</label>
            <input
              id={inputId}
              type="text"
              inputMode="url"
              spellCheck={false}
              autoComplete="off"
              value={url}
              onChange={(e) => setDraft(e.target.value)}
            />
          </div>
          <p className="cluster">
            <button type="button" className="btn btn-secondary" onClick={() => setDraft(null)} disabled={url === profileImage}>
              Use my profile image
            </button>
            <a href="/profile/edit">Change your profile image</a>
          </p>
          <ServerCheck url={url} />
        </div>
      </section>

      <section className="card" aria-labelledby="imgdbg-steps-heading">
        <div className="card-body stack">
          <h2 id="imgdbg-steps-heading">Step by step</h2>
          <ol className="imgdbg-steps">
            {trace.steps.map((step, i) => {
              const state = stepState(step);
              return (
                <li key={step.id} className={step.reached ? 'imgdbg-step' : 'imgdbg-step imgdbg-step-skipped'} aria-labelledby={`imgdbg-step-${step.id}`}>
                  <div className="imgdbg-step-head">
                    <h3 id={`imgdbg-step-${step.id}`}>
                      {i + 1}. {step.name}
                    </h3>
                    <span className={state.tone}>{state.label}</span>
                  </div>
                  <p className="muted">{step.rule}</p>
                  {step.reached && (
                    <p className="imgdbg-change">
                      <Url value={step.before} /> <span aria-hidden="true">→</span>
                      <span className="visually-hidden"> becomes </span> <Url value={step.after} />
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          <div className="alert alert-info" role="status" aria-label="Final URL">
            <p className="alert-title">Final URL</p>
            <p>
              <Url value={trace.result} />
            </p>
          </div>
        </div>
      </section>

      <section className="card" aria-labelledby="imgdbg-preview-heading">
        <div className="card-body stack">
          <h2 id="imgdbg-preview-heading">Preview</h2>
          <p className="muted">
            The image display shows a spinner while the image loads. When an address fails it tries the next one below, then the fallback image
            if there is one, and otherwise shows nothing.
          </p>
          <label className="cluster imgdbg-check" htmlFor={fallbackId}>
            <input id={fallbackId} type="checkbox" checked={useFallbackImage} onChange={(e) => setUseFallbackImage(e.target.checked)} />
            Fall back to the default profile image
          </label>
          <h3>Addresses the display tries</h3>
          {chain.length ? (
            <ol className="imgdbg-chain" aria-label="Addresses the display tries">
              {chain.map((src) => (
                <li key={src}>
                  <Url value={src} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">None: there is no image and no fallback.</p>
          )}
          <div className="imgdbg-preview">
            <ImageDisplay
              key={`${url}|${fallbackSrc ?? ''}`}
              src={url}
              alt="Preview of the image URL"
              fallbackSrc={fallbackSrc}
              fallback={<p className="muted">No image: every address failed.</p>}
            />
          </div>
        </div>
      </section>
    </div>
  );
}

export default withErrorBoundary(ProfileImageDebug);
