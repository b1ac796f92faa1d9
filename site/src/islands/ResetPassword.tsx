import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../../../worker/src/schemas/account.ts';
import FormField from '../components/FormField.tsx';
import { useHydrated } from '../components/use-hydrated.ts';
import { ApiError, describeError } from '../lib/api.ts';
import { resetPassword } from '../stores/account.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';

/** Reads the token once and takes it out of the address bar (and so out of the history). */
function useResetToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const url = new URL(location.href);
    const value = url.searchParams.get('token');
    setToken(value || null);
    if (value) {
      url.searchParams.delete('token');
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    }
  }, []);
  return token;
}

/** /reset-password?token=...: a new password from a reset link (decision 0016). */
function ResetPassword() {
  const hydrated = useHydrated();
  const token = useResetToken();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: string; linkDead: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordFormValues>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (!token) return;
    setFailure(null);
    try {
      setDone(await resetPassword(token, values.newPassword));
    } catch (err) {
      const tokenProblem = err instanceof ApiError && Boolean(err.validationErrors?.token);
      if (err instanceof ApiError && err.validationErrors?.newPassword) setError('newPassword', { message: err.validationErrors.newPassword[0] });
      const described = describeError(err);
      setFailure({
        title: tokenProblem ? 'This link cannot be used' : described.title,
        message: tokenProblem ? (err as ApiError).message : described.message,
        linkDead: tokenProblem,
      });
    }
  });

  if (!hydrated || token === undefined) return <p className="loading">Loading...</p>;

  if (done) {
    return (
      <div className="stack" role="status">
        <div className="alert alert-success">
          <p className="alert-title">Password reset</p>
          <p className="alert-message">{done}</p>
        </div>
        <a className="btn btn-primary btn-block btn-lg" href="/auth">
          Sign in with your new password
        </a>
      </div>
    );
  }

  if (!token) {
    return (
      <div className="stack">
        <div className="alert alert-error" role="alert">
          <p className="alert-title">This link is incomplete</p>
          <p className="alert-message">Open the link from your email again, or ask for a new one.</p>
        </div>
        <a className="btn btn-primary btn-block" href="/forgot-password">
          Request a new link
        </a>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Choose a new password">
      {failure && (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">{failure.title}</p>
          <p className="alert-message">{failure.message}</p>
          {failure.linkDead && (
            <p>
              <a href="/forgot-password">Request a new link</a>
            </p>
          )}
        </div>
      )}
      <FormField label="New password" error={errors.newPassword?.message} hint="At least 8 characters." required>
        <input type="password" autoComplete="new-password" {...register('newPassword')} />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmPassword?.message} required>
        <input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Reset password'}
      </button>
    </form>
  );
}

export default withErrorBoundary(ResetPassword);
