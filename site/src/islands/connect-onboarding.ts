import { redirectPath } from '../../../worker/src/domain/redirect-target.ts';
import { ApiError } from '../lib/api.ts';
import { loadUser } from '../stores/auth.ts';
import { completeTestOnboarding, fetchTestOnboarding, ONBOARDING_TEST_LABEL, startPayoutSetup } from '../stores/connect-onboarding.ts';
import { type TestOnboardingView } from '../../../shared/store/connect.ts';
import { failureAlert, loadingLine, statusPanel } from './checkout-parts.ts';
import { h, mountWhenIdle } from './dom.ts';

/**
 * /seller/payments/onboarding: the test provider's stand-in for Stripe's Express onboarding. It
 * says plainly that it is a simulation, shows the account being set up, and "Complete onboarding"
 * enables payouts of the seller's simulated account, then returns to /seller/payments.
 */

function banner(): HTMLElement {
  return h('div', { className: 'hosted-banner', role: 'note' }, h('strong', null, 'TEST MODE'), h('span', null, ONBOARDING_TEST_LABEL));
}

function renderForm(root: HTMLElement, view: TestOnboardingView, state: { busy: boolean; alert: HTMLElement | null }, complete: () => void): void {
  root.replaceChildren(
    h(
      'div',
      { className: 'hosted-page' },
      banner(),
      h(
        'div',
        { className: 'hosted-grid' },
        h(
          'section',
          { className: 'stack', 'aria-labelledby': 'onboarding-store' },
          h('p', { className: 'text-sm muted' }, 'Payout account for'),
          h('p', { id: 'onboarding-store', className: 'hosted-amount' }, view.store_name),
          h(
            'dl',
            { className: 'onboarding-facts' },
            h('div', null, h('dt', null, 'Account'), h('dd', null, h('code', null, view.account_id))),
            h('div', null, h('dt', null, 'Email'), h('dd', null, view.email ?? 'No email on your account')),
            h('div', null, h('dt', null, 'Payouts'), h('dd', null, view.payouts_enabled ? 'Enabled' : 'Not enabled yet')),
          ),
          h(
            'p',
            { className: 'text-sm' },
            'With live Stripe keys this step is Stripe’s own Express onboarding, where a seller gives their identity and bank details. Here nothing is collected: completing it marks the simulated account as able to receive payouts.',
          ),
        ),
        h(
          'section',
          { className: 'panel stack', 'aria-labelledby': 'onboarding-action' },
          h('h2', { id: 'onboarding-action' }, view.payouts_enabled ? 'Payouts are enabled' : 'Finish setting up payouts'),
          state.alert,
          h(
            'button',
            { type: 'button', className: 'btn btn-primary btn-lg btn-block', disabled: state.busy, 'aria-busy': state.busy ? 'true' : null, onclick: complete },
            state.busy ? 'Completing...' : 'Complete onboarding',
          ),
          h('p', { className: 'center' }, h('a', { className: 'btn btn-ghost', href: view.return_url }, 'Return to Seller Payments')),
        ),
      ),
    ),
  );
}

async function mountOnboarding(root: HTMLElement): Promise<void> {
  root.replaceChildren(loadingLine('Loading payout setup...'));
  const user = await loadUser().catch(() => null);
  if (!user) {
    const back = encodeURIComponent(location.pathname + location.search);
    root.replaceChildren(statusPanel('Sign in to set up payouts', 'Payout setup belongs to a seller account. Sign in to continue.', [['Sign In', `/auth?redirect=${back}`]]));
    return;
  }
  let view: TestOnboardingView;
  const unavailable = (err: unknown) => {
    if (err instanceof ApiError && (err.status === 403 || err.status === 404)) {
      root.replaceChildren(statusPanel('Payout setup is not available', err.message, [['Seller Payments', '/seller/payments']]));
    } else {
      root.replaceChildren(failureAlert(err, () => void mountOnboarding(root)));
    }
  };
  try {
    view = await fetchTestOnboarding();
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) return unavailable(err);
    // No simulated account yet (arrived here directly), or Stripe's keys are set: start the setup,
    // which makes the account once and answers where onboarding happens.
    try {
      const started = await startPayoutSetup();
      if (!started.test_mode) {
        location.assign(started.url);
        return;
      }
      view = await fetchTestOnboarding();
    } catch (again) {
      return unavailable(again);
    }
  }

  let state = { busy: false, alert: null as HTMLElement | null };
  const complete = async () => {
    if (state.busy) return;
    state = { busy: true, alert: null };
    renderForm(root, view, state, () => void complete());
    try {
      const done = await completeTestOnboarding();
      // The payments page, on this site only (decision 0058).
      location.assign(redirectPath(done.redirect_url, '/seller/payments', location.origin));
    } catch (err) {
      state = { busy: false, alert: failureAlert(err) };
      renderForm(root, view, state, () => void complete());
    }
  };
  renderForm(root, view, state, () => void complete());
}

mountWhenIdle('[data-island="connect-onboarding"]', (root) => void mountOnboarding(root));
