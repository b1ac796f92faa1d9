import { ApiError } from '../lib/api.ts';
import { afterRegisterTarget, afterSignInTarget, loginErrorMessage, registrationErrorMessage } from '../lib/auth-flow.ts';
import { loadUser, login, register } from '../stores/auth.ts';
import { mountWhenIdle } from './dom.ts';
import { enhanceForm, firstMessages } from './forms.ts';

type Mode = 'signin' | 'signup';

/**
 * /auth (Sign In and Sign Up tabs; ?mode=signup opens Sign Up) and /register (data-only="signup").
 * The markup is server-rendered by components/AuthForms.astro; this makes it work.
 */
function mountAuthForms(root: HTMLElement): void {
  const only = root.dataset.only === 'signup';
  const tabs = Array.from(root.querySelectorAll<HTMLButtonElement>('[role="tab"]'));

  const choose = (mode: Mode, focus = false) => {
    for (const tab of tabs) {
      const selected = tab.dataset.mode === mode;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      document.getElementById(tab.getAttribute('aria-controls')!)!.hidden = !selected;
      if (selected && focus) tab.focus();
    }
    const url = new URL(location.href);
    if (mode === 'signup') url.searchParams.set('mode', 'signup');
    else url.searchParams.delete('mode');
    history.replaceState(history.state, '', url);
  };
  for (const tab of tabs) {
    tab.addEventListener('click', () => choose(tab.dataset.mode as Mode));
    tab.addEventListener('keydown', (e) => {
      const current = tab.dataset.mode as Mode;
      const next: Mode | null =
        e.key === 'Home' ? 'signin' : e.key === 'End' ? 'signup' : e.key === 'ArrowLeft' || e.key === 'ArrowRight' ? (current === 'signin' ? 'signup' : 'signin') : null;
      if (next) {
        e.preventDefault();
        choose(next, true);
      }
    });
  }
  for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-switch]')) {
    link.addEventListener('click', (e) => {
      if (!tabs.length) return;
      e.preventDefault();
      choose(link.dataset.switch as Mode, true);
    });
  }
  if (!only && new URLSearchParams(location.search).get('mode') === 'signup') choose('signup');

  const signIn = root.querySelector<HTMLFormElement>('form[data-form="signin"]');
  if (signIn) {
    enhanceForm(
      signIn,
      () => import('../../../worker/src/schemas/auth.ts').then((m) => m.loginSchema),
      async (values, ui) => {
        try {
          const user = await login(values.username, values.password);
          await mergeGuestCart();
          location.assign(afterSignInTarget(user, location.search));
          return true;
        } catch (err) {
          ui.showAlert('Login failed', loginErrorMessage(err));
        }
      },
    );
  }

  const signUp = root.querySelector<HTMLFormElement>('form[data-form="signup"]');
  if (signUp) {
    enhanceForm(
      signUp,
      () => import('./sign-up-schema.ts').then((m) => m.signUpSchema),
      async ({ confirm_password: _, ...values }, ui) => {
        try {
          await register(values);
          await mergeGuestCart();
          location.assign(afterRegisterTarget(location.search));
          return true;
        } catch (err) {
          if (err instanceof ApiError) ui.showFieldErrors(firstMessages(err.validationErrors));
          ui.showAlert('Registration failed', registrationErrorMessage(err));
        }
      },
    );
  }

  // A visitor who is already signed in is sent on as after a login (afterSignInTarget).
  loadUser()
    .then((user) => {
      if (!user) return;
      const notice = root.querySelector<HTMLElement>('[data-redirect-notice]');
      if (notice) notice.hidden = false;
      location.replace(only ? afterRegisterTarget(location.search) : afterSignInTarget(user, location.search));
    })
    .catch(() => {});
}

/**
 * A guest cart in this browser joins the new session's server cart before the page changes
 * (decision 0025); the store clears the local cart only once the server confirmed. A failure
 * keeps it for the next page, where the store tries again.
 */
function mergeGuestCart(): Promise<unknown> {
  try {
    if (!localStorage.getItem('drx_cart')) return Promise.resolve();
  } catch {
    return Promise.resolve();
  }
  return import('../stores/cart.ts').then((cart) => cart.mergeGuestCart()).catch(() => undefined);
}

mountWhenIdle('[data-island="auth-forms"]', mountAuthForms);
