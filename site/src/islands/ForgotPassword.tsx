import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPasswordFormSchema, type ForgotPasswordFormValues } from '../../../worker/src/schemas/account.ts';
import FormField from '../components/FormField.tsx';
import { describeError } from '../lib/api.ts';
import { requestPasswordReset } from '../stores/account.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';

/** /forgot-password: asks for a reset link; the answer never says whether the account exists. */
function ForgotPassword() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordFormValues>({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { identifier: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      setSent(await requestPasswordReset(values.identifier));
    } catch (err) {
      setFailure(describeError(err));
    }
  });

  if (sent) {
    return (
      <div className="stack" role="status">
        <div className="alert alert-success">
          <p className="alert-title">Check your email</p>
          <p className="alert-message">{sent}</p>
        </div>
        <p className="center text-sm">
          <a href="/auth">Back to sign in</a>
        </p>
      </div>
    );
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="Reset your password">
      {failure && (
        <div className="alert alert-error" role="alert">
          <p className="alert-title">{failure.title}</p>
          <p className="alert-message">{failure.message}</p>
        </div>
      )}
      <FormField label="Email or username" error={errors.identifier?.message} hint="We will send a link to the email address of your account." required>
        <input type="text" autoComplete="email" autoCapitalize="none" spellCheck={false} {...register('identifier')} />
      </FormField>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send reset link'}
      </button>
      <p className="center text-sm muted">
        Remembered it? <a href="/auth">Sign in</a>
      </p>
    </form>
  );
}

export default withErrorBoundary(ForgotPassword);
