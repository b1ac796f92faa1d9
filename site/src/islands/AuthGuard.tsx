import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { guardRedirect } from '../lib/auth-flow.ts';
import type { Guard } from '../routes.ts';
import { $auth, $signingOut, loadUser } from '../stores/auth.ts';

export const VERIFYING_MESSAGE = 'Verifying authentication...';

/**
 * Wraps the content of a signed-in or admin page (BaseLayout's `guard` prop). It shows
 * 'Verifying authentication...' until the user is known, then either renders its children
 * (static HTML and the islands inside it) or leaves for /auth or /.
 */
export default function AuthGuard({ guard, children }: { guard: Guard; children?: ReactNode }) {
  const auth = useStore($auth);
  const signingOut = useStore($signingOut);
  const [mounted, setMounted] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setMounted(true);
    loadUser().catch(() => setFailed(true));
  }, []);

  const user = auth.status === 'ready' ? auth.user : null;
  // Signing out, the page is left for / by the sign-out itself.
  const leaving = signingOut && !user;
  const target = mounted && auth.status === 'ready' && !signingOut ? guardRedirect(guard, user, location.pathname + location.search) : null;

  useEffect(() => {
    if (target) location.replace(target);
  }, [target]);

  if (failed && auth.status === 'loading') {
    return (
      <div className="container page">
        <div className="alert alert-error" role="alert">
          <p className="alert-title">We could not verify your sign-in.</p>
          <p>Please check your connection and try again.</p>
        </div>
        <p style={{ marginTop: 'var(--space-4)' }}>
          <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
            Refresh Page
          </button>
        </p>
      </div>
    );
  }
  if (!mounted || auth.status === 'loading' || target || leaving) {
    return (
      <div className="loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{VERIFYING_MESSAGE}</span>
      </div>
    );
  }
  return <>{children}</>;
}
