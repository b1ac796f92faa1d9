import { ApiError, describeError } from '../lib/api.ts';
import { requestPasswordReset, resetPassword } from '../stores/password-reset.ts';
import { mountWhenIdle } from './dom.ts';
import { enhanceForm, firstMessages } from './forms.ts';

/**
 * /forgot-password and /reset-password (decision 0016): server-rendered forms (their pages)
 * made to work by forms.ts, whose zod schemas load on the first submit, so these public pages
 * cost a few kilobytes instead of React's.
 */

const schemas = () => import('../../../worker/src/schemas/account.ts');

/** Asks for a reset link; the answer never says whether the account exists. */
function mountForgotPassword(root: HTMLElement): void {
  const form = root.querySelector('form')!;
  const sent = root.querySelector<HTMLElement>('[data-sent]')!;
  enhanceForm(
    form,
    () => schemas().then((m) => m.forgotPasswordFormSchema),
    async (values, ui) => {
      try {
        sent.querySelector('[data-sent-message]')!.textContent = await requestPasswordReset(values.identifier);
        form.hidden = true;
        sent.hidden = false;
        sent.focus();
      } catch (err) {
        const described = describeError(err);
        ui.showAlert(described.title, described.message);
      }
    },
  );
}

/** Reads the token once and takes it out of the address bar (and so out of the history). */
function takeResetToken(): string | null {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (token) {
    url.searchParams.delete('token');
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  }
  return token || null;
}

/** A new password from a reset link: the form, or what to do when the link has no token. */
function mountResetPassword(root: HTMLElement): void {
  const token = takeResetToken();
  const form = root.querySelector('form')!;
  const done = root.querySelector<HTMLElement>('[data-done]')!;
  const linkDead = root.querySelector<HTMLElement>('[data-link-dead]')!;
  if (!token) {
    form.hidden = true;
    root.querySelector<HTMLElement>('[data-no-token]')!.hidden = false;
    return;
  }
  enhanceForm(
    form,
    () => schemas().then((m) => m.resetPasswordFormSchema),
    async (values, ui) => {
      linkDead.hidden = true;
      try {
        done.querySelector('[data-done-message]')!.textContent = await resetPassword(token, values.newPassword);
        form.hidden = true;
        done.hidden = false;
        done.focus();
      } catch (err) {
        const tokenProblem = err instanceof ApiError && Boolean(err.validationErrors?.token);
        if (err instanceof ApiError && err.validationErrors?.newPassword) ui.showFieldErrors({ newPassword: firstMessages(err.validationErrors).newPassword });
        const described = describeError(err);
        ui.showAlert(tokenProblem ? 'This link cannot be used' : described.title, tokenProblem ? (err as ApiError).message : described.message);
        linkDead.hidden = !tokenProblem;
      }
    },
  );
}

mountWhenIdle('[data-island="forgot-password"]', mountForgotPassword);
// The token leaves the address bar as soon as the page has parsed, not when the browser is idle.
for (const root of document.querySelectorAll<HTMLElement>('[data-island="reset-password"]')) mountResetPassword(root);
