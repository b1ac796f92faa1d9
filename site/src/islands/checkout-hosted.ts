import { redirectPath } from '../../../worker/src/domain/redirect-target.ts';
import { ApiError } from '../lib/api.ts';
import { formatCents } from '../lib/currency.ts';
import { loadUser } from '../stores/auth.ts';
import { fetchTestSession, formatCardNumber, formatExpiry, payTestSession, sessionIdOf, TEST_CARDS, TEST_MODE_LABEL, type CardInput, type TestSession } from '../stores/checkout.ts';
import { errorAlert, failureAlert, loadingLine, orderSummary, statusPanel } from './checkout-parts.ts';
import { h, mountWhenIdle } from './dom.ts';

/**
 * /checkout/stripe?session={id}: the built-in test provider's hosted payment page. It behaves as
 * a hosted checkout does (card fields, Pay, Cancel) and says plainly that it is a test: Stripe's
 * test card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. Paying answers where to go
 * (the success page); a decline keeps the session open so the buyer may retry or cancel.
 */

const DECLINED = 'Your card was declined.';

type Field = keyof CardInput;

const FIELDS: { name: Field; label: string; autocomplete: string; inputmode?: string; placeholder: string; format?: (v: string) => string; maxlength: number }[] = [
  { name: 'cardNumber', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234', format: formatCardNumber, maxlength: 23 },
  { name: 'expiry', label: 'Expiry (MM/YY)', autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY', format: formatExpiry, maxlength: 5 },
  { name: 'cvc', label: 'CVC', autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', maxlength: 4 },
  { name: 'name', label: 'Name on card', autocomplete: 'cc-name', placeholder: 'Full name', maxlength: 100 },
];

function field(def: (typeof FIELDS)[number], value: string, error: string | undefined): HTMLElement {
  const id = `card-${def.name}`;
  const input = h('input', {
    id,
    name: def.name,
    type: 'text',
    className: 'input',
    autocomplete: def.autocomplete,
    inputmode: def.inputmode ?? null,
    placeholder: def.placeholder,
    maxlength: def.maxlength,
    required: true,
    value,
    'aria-invalid': error ? 'true' : null,
    'aria-describedby': error ? `${id}-error` : null,
  });
  if (def.format) {
    const format = def.format;
    input.addEventListener('input', () => {
      const formatted = format(input.value);
      if (formatted !== input.value) input.value = formatted;
    });
  }
  return h(
    'div',
    { className: `field card-field card-field-${def.name}` },
    h('label', { for: id }, def.label),
    input,
    error ? h('p', { id: `${id}-error`, className: 'field-error' }, error) : null,
  );
}

function cardHint(): HTMLElement {
  return h(
    'div',
    { className: 'test-card-hint', id: 'test-card-hint' },
    h('p', { className: 'text-sm' }, h('strong', null, 'Test cards: '), 'use any future expiry date, any 3-digit CVC and any name.'),
    h(
      'ul',
      { className: 'text-sm' },
      TEST_CARDS.map((c) => h('li', null, h('code', null, c.number), ` ${c.outcome}`)),
    ),
  );
}

/** A plan's checkout starts the trial or the subscription; any other pays its total. */
function payLabel(session: TestSession): string {
  if (session.subscription) return session.subscription.trialDays ? 'Start free trial' : `Subscribe and pay ${formatCents(session.order.totalCents)}`;
  return `Pay ${formatCents(session.order.totalCents)}`;
}

interface FormState {
  values: CardInput;
  errors: Partial<Record<Field, string>>;
  alert: HTMLElement | null;
  paying: boolean;
}

function renderOpen(root: HTMLElement, session: TestSession, state: FormState, pay: (form: HTMLFormElement) => void): void {
  const { order } = session;
  const form = h(
    'form',
    {
      className: 'stack hosted-form',
      'aria-label': 'Card details',
      novalidate: true,
      onsubmit: (e: SubmitEvent) => {
        e.preventDefault();
        pay(e.currentTarget as HTMLFormElement);
      },
    },
    state.alert,
    cardHint(),
    h('div', { className: 'card-fields' }, FIELDS.map((def) => field(def, state.values[def.name], state.errors[def.name]))),
    h(
      'button',
      { type: 'submit', className: 'btn btn-primary btn-lg btn-block', disabled: state.paying, 'aria-busy': state.paying ? 'true' : null },
      state.paying ? 'Processing...' : payLabel(session),
    ),
    h('p', { className: 'center' }, h('a', { className: 'btn btn-ghost', href: session.cancelUrl }, 'Cancel and return to DRX')),
  );
  root.replaceChildren(
    h(
      'div',
      { className: 'hosted-page' },
      h(
        'div',
        { className: 'hosted-banner', role: 'note' },
        h('strong', null, 'TEST MODE'),
        h('span', null, TEST_MODE_LABEL),
      ),
      h(
        'div',
        { className: 'hosted-grid' },
        h(
          'section',
          { className: 'stack', 'aria-labelledby': 'hosted-amount' },
          h('p', { className: 'text-sm muted' }, session.subscription ? 'Subscribe to DRX' : 'Pay DRX'),
          h('p', { id: 'hosted-amount', className: 'hosted-amount' }, formatCents(order.totalCents)),
          session.subscription ? h('p', { className: 'hosted-terms', id: 'hosted-terms' }, h('strong', null, session.subscription.terms)) : null,
          session.subscription?.trialDays ? h('p', { className: 'text-sm muted' }, 'Due today: nothing. Your card is kept for the first charge when the trial ends; cancel before then and you pay nothing.') : null,
          orderSummary(order),
        ),
        h('section', { className: 'panel stack', 'aria-label': 'Payment' }, h('h2', null, 'Pay with card'), form),
      ),
    ),
  );
}

async function mountHostedCheckout(root: HTMLElement): Promise<void> {
  const sessionId = sessionIdOf(location.search);
  if (!sessionId) {
    root.replaceChildren(statusPanel('No payment to show', 'This address does not name a checkout session.', [['Go to cart', '/cart']]));
    return;
  }
  root.replaceChildren(loadingLine('Loading payment...'));
  const user = await loadUser().catch(() => null);
  if (!user) {
    const back = encodeURIComponent(location.pathname + location.search);
    root.replaceChildren(statusPanel('Sign in to pay', 'This payment belongs to an account. Sign in to continue.', [['Sign In', `/auth?redirect=${back}`]]));
    return;
  }

  let session: TestSession;
  try {
    session = await fetchTestSession(sessionId);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 403))
      root.replaceChildren(statusPanel('Payment not found', 'This checkout session does not exist or belongs to another account.', [['Go to cart', '/cart']]));
    else root.replaceChildren(failureAlert(err, () => void mountHostedCheckout(root)));
    return;
  }
  if (session.status === 'complete') {
    root.replaceChildren(statusPanel('Already paid', 'This payment is complete. No card is charged again.', [['View order', session.successUrl], ['My Purchases', '/my-purchases']]));
    return;
  }
  if (session.status === 'expired' || session.order.status === 'cancelled' || session.order.status === 'expired') {
    root.replaceChildren(
      statusPanel('This checkout has expired', 'This payment session is no longer open and nothing was charged. Start again from your cart.', [['Go to cart', '/cart'], ['My Purchases', '/my-purchases']]),
    );
    return;
  }

  let state: FormState = { values: { cardNumber: '', expiry: '', cvc: '', name: '' }, errors: {}, alert: null, paying: false };
  const update = (next: Partial<FormState>) => {
    state = { ...state, ...next };
    renderOpen(root, session, state, pay);
  };

  async function pay(form: HTMLFormElement): Promise<void> {
    if (state.paying) return;
    const data = new FormData(form);
    const values = Object.fromEntries(FIELDS.map((f) => [f.name, String(data.get(f.name) ?? '').trim()])) as unknown as CardInput;
    const errors: Partial<Record<Field, string>> = {};
    for (const f of FIELDS) if (!values[f.name]) errors[f.name] = `${f.label.replace(/ \(.*\)$/, '')} is required`;
    if (Object.keys(errors).length > 0) {
      update({ values, errors, alert: null });
      root.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    update({ values, errors: {}, alert: null, paying: true });
    try {
      const res = await payTestSession(sessionId!, values);
      // The return page, on this site only (decision 0058).
      location.assign(redirectPath(res.redirectUrl, '/', location.origin));
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) {
        update({ paying: false, alert: errorAlert('Payment declined', err.message || DECLINED), values: { ...values, cardNumber: '' } });
        root.querySelector<HTMLElement>('#card-cardNumber')?.focus();
      } else if (err instanceof ApiError && err.status === 400) {
        const fieldErrors: Partial<Record<Field, string>> = {};
        for (const [name, messages] of Object.entries(err.validationErrors ?? {})) if (FIELDS.some((f) => f.name === name)) fieldErrors[name as Field] = messages[0];
        update({ paying: false, errors: fieldErrors, alert: errorAlert('Check your card details', err.message) });
        root.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      } else if (err instanceof ApiError && err.status === 409) {
        // Paid or expired meanwhile (another tab): show where it stands.
        await mountHostedCheckout(root);
      } else {
        update({ paying: false, alert: failureAlert(err) });
      }
    }
  }
  renderOpen(root, session, state, pay);
}

mountWhenIdle('[data-island="checkout-hosted"]', (root) => void mountHostedCheckout(root));
