import { zodResolver } from '@hookform/resolvers/zod';
import { countLabel } from '../lib/plural.ts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '../../../worker/src/schemas/account.ts';
import FormField from '../components/FormField.tsx';
import { useHydrated } from '../components/use-hydrated.ts';
import { ApiError, describeError } from '../lib/api.ts';
import { $sessions, $sessionsPending, changePassword, loadSessions, signOutOtherSessions, signOutSession } from '../stores/account.ts';
import { type SessionView } from '../../../shared/sessions.ts';
import { $user } from '../stores/auth.ts';
import { toast } from '../stores/toasts.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import SubscriptionManage from './SubscriptionManage.tsx';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => dateTime.format(new Date(iso));

/** /profile/manage: the account's plan, its signed-in devices and the password (decision 0016). */
function ProfileManage() {
  const user = useStore($user, { ssr: 'initial' });
  const hydrated = useHydrated();
  if (!hydrated || !user) return <p className="loading">Loading your account...</p>;
  return (
    <div className="stack">
      <header className="page-header">
        <h1>Manage Account</h1>
        <p>Your plan and its invoices, the devices signed in to your account, and your password.</p>
      </header>
      <SubscriptionManage />
      <SessionsSection />
      <ChangePasswordSection />
    </div>
  );
}

function SessionsSection() {
  const state = useStore($sessions);
  const pending = useStore($sessionsPending);
  useEffect(() => {
    void loadSessions();
  }, []);
  const sessions = 'data' in state ? state.data : undefined;
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  async function endOne(session: SessionView) {
    try {
      const signedOut = await signOutSession(session.id);
      if (signedOut) {
        location.assign('/auth');
        return;
      }
      toast({ title: 'Signed out', description: `${session.device} is no longer signed in.` });
    } catch (err) {
      toast({ title: describeError(err).title, description: describeError(err).message, variant: 'destructive' });
    }
  }

  async function endOthers() {
    try {
      const n = await signOutOtherSessions();
      toast({ title: 'Signed out everywhere else', description: `${countLabel(n, 'other session')} ended.` });
    } catch (err) {
      toast({ title: describeError(err).title, description: describeError(err).message, variant: 'destructive' });
    }
  }

  return (
    <section className="card" aria-labelledby="sessions-heading">
      <div className="card-body">
        <h2 id="sessions-heading" className="card-title">
          Where you are signed in
        </h2>
        <p className="muted text-sm">
          Sessions end by themselves after 7 days without use. Sign out of any you do not recognise, then change your password.
        </p>
        {state.status === 'error' && (
          <div className="alert alert-error" role="alert">
            <p>{state.message}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void loadSessions()}>
              Try again
            </button>
          </div>
        )}
        {!sessions && state.status !== 'error' && <p className="loading">Loading sessions...</p>}
        {sessions && (
          <ul className="stack-sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Active sessions" aria-busy={state.status === 'loading'}>
            {sessions.map((s) => (
              <li
                key={s.id}
                className="cluster"
                style={{ justifyContent: 'space-between', borderTop: '1px solid var(--color-border)', paddingTop: 'var(--space-3)' }}
              >
                <div>
                  <p style={{ margin: 0 }}>
                    <strong>{s.device}</strong> {s.current && <span className="badge badge-success">This device</span>}
                  </p>
                  <p className="muted text-sm" style={{ margin: 0 }}>
                    {s.ip_address ? `${s.ip_address} · ` : ''}
                    Last active {formatWhen(s.last_seen_at)} · Signed in {formatWhen(s.created_at)}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  disabled={pending.has(s.id)}
                  aria-label={s.current ? 'Sign out of this device' : `Sign out ${s.device}`}
                  onClick={() => void endOne(s)}
                >
                  Sign out
                </button>
              </li>
            ))}
          </ul>
        )}
        {sessions && (
          <div className="cluster" style={{ marginTop: 'var(--space-4)' }}>
            <button type="button" className="btn btn-primary" disabled={others === 0 || pending.has('others')} onClick={() => void endOthers()}>
              Sign out everywhere
            </button>
            <span className="muted text-sm">Ends every other session; this device stays signed in.</span>
          </div>
        )}
      </div>
    </section>
  );
}

function ChangePasswordSection() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const message = await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      reset();
      toast({ title: 'Password changed', description: message });
    } catch (err) {
      if (err instanceof ApiError && err.validationErrors) {
        for (const [field, messages] of Object.entries(err.validationErrors)) {
          if (field === 'currentPassword' || field === 'newPassword') setError(field, { message: messages[0] });
        }
      }
      const { title, message } = describeError(err);
      toast({ title, description: message, variant: 'destructive' });
    }
  });

  return (
    <section className="card" aria-labelledby="password-heading">
      <div className="card-body">
        <h2 id="password-heading" className="card-title">
          Change password
        </h2>
        <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="password-heading">
          <FormField label="Current password" error={errors.currentPassword?.message} required>
            <input type="password" autoComplete="current-password" {...register('currentPassword')} />
          </FormField>
          <FormField label="New password" error={errors.newPassword?.message} hint="At least 8 characters." required>
            <input type="password" autoComplete="new-password" {...register('newPassword')} />
          </FormField>
          <FormField label="Confirm new password" error={errors.confirmPassword?.message} required>
            <input type="password" autoComplete="new-password" {...register('confirmPassword')} />
          </FormField>
          <p className="muted text-sm">Changing your password signs you out on every other device.</p>
          <div className="cluster">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? 'Changing...' : 'Change password'}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}

export default withErrorBoundary(ProfileManage);
