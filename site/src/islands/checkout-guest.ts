import { ApiError, setToken } from '../lib/api.ts';
import { formatCents } from '../lib/currency.ts';
import { GUEST_CART_KEY, guestLineId, parseGuestCart } from '../lib/guest-cart.ts';
import { fetchGuestQuote, startGuestCheckout, type GuestItems, type Quote } from '../stores/checkout.ts';
import { errorAlert, testModeNote, totalsList } from './checkout-parts.ts';
import { quoteRows, renderReview, unavailableNote, type Mode } from './checkout-review-layout.ts';
import { h } from './dom.ts';

/**
 * The visitor's side of the checkout review (decision 0065), loaded only when a visitor reaches it:
 * an email and a name beside Pay (the account is made with the order, and a link to choose its
 * password is emailed), or a sign-in in the same place; the order summary beside it stays. A
 * coupon code's field loads when the visitor opens it (decision 0071).
 */

export interface GuestPanelOptions {
  /** The order as priced now (a coupon applied changes it). */
  quote: () => Quote;
  items: GuestItems;
  /** The items came from the guest cart: once they are an order they leave it. */
  clearsCart: boolean;
  onSignedIn: () => void;
}

type Errors = Record<string, string | undefined>;

function field(id: string, label: string, attrs: Record<string, unknown>, error: string | undefined, hint?: string): HTMLElement {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return h(
    'div',
    { className: 'field' },
    h('label', { for: id, className: attrs.required ? 'required' : null }, label),
    h('input', { id, className: 'input', ...attrs, 'aria-invalid': error ? 'true' : null, 'aria-describedby': described || null }),
    hint ? h('span', { id: `${id}-hint`, className: 'hint' }, hint) : null,
    error ? h('p', { id: `${id}-error`, className: 'field-error' }, error) : null,
  );
}

const firstOf = (errors: Record<string, string[]> | undefined): Errors =>
  Object.fromEntries(Object.entries(errors ?? {}).map(([k, v]) => [k, v[0]]));

/** The paid lines leave the guest cart (an item added meanwhile stays). */
function dropFromGuestCart(items: GuestItems): void {
  try {
    const sent = new Set(items.map((i) => guestLineId(i.type, i.itemId)));
    const left = parseGuestCart(localStorage.getItem(GUEST_CART_KEY)).filter((i) => !sent.has(i.id));
    if (left.length) localStorage.setItem(GUEST_CART_KEY, JSON.stringify(left));
    else localStorage.removeItem(GUEST_CART_KEY);
  } catch {
    // storage unavailable: nothing kept
  }
}

const payLabel = (quote: Quote) => `Pay ${formatCents(quote.totalCents)}`;

/**
 * The visitor's review: the lines, "Have a coupon code?" (the field and its code load on the
 * click), the totals and the details form. A coupon applied redraws it around the same form, so
 * what the visitor typed stays.
 */
export function showGuestReview(root: HTMLElement, mode: Mode, first: Quote, items: GuestItems, onSignedIn: () => void): void {
  let quote = first;
  const panel = guestPanel({ quote: () => quote, items, clearsCart: mode === 'cart', onSignedIn });
  const coupon = h(
    'div',
    null,
    h(
      'button',
      { type: 'button', className: 'btn btn-ghost btn-sm', onclick: () => void import('./checkout-coupon.ts').then((m) => m.mountGuestCoupon(coupon, () => quote, requote)) },
      'Have a coupon code?',
    ),
  );
  function draw(): void {
    renderReview(root, mode, quote, [coupon, totalsList(quoteRows(quote)), quote.testMode ? testModeNote() : null, unavailableNote(mode, quote), panel]);
  }
  async function requote(code: string | null): Promise<Quote> {
    quote = await fetchGuestQuote(items, code);
    const pay = panel.querySelector('[data-guest-pay]:not([aria-busy])');
    if (pay) pay.textContent = payLabel(quote);
    draw();
    return quote;
  }
  draw();
}

export function guestPanel(options: GuestPanelOptions): HTMLElement {
  const panel = h('div', { className: 'stack', 'data-guest-checkout': '' });
  const values = { email: '', firstName: '', lastName: '', username: '' };

  const focusFirstError = () => panel.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();

  function showDetails(errors: Errors = {}, alert: HTMLElement | null = null, busy = false): void {
    const form = h(
      'form',
      {
        className: 'stack-sm',
        novalidate: true,
        'aria-label': 'Your details',
        onsubmit: (e: SubmitEvent) => {
          e.preventDefault();
          void pay(form);
        },
      },
      h('h3', null, 'Your details'),
      field('guest-email', 'Email', { name: 'email', type: 'email', autocomplete: 'email', required: true, maxlength: 254, value: values.email, disabled: busy }, errors.email, 'Your receipt and a link to choose a password go here.'),
      field('guest-first-name', 'First name', { name: 'firstName', autocomplete: 'given-name', required: true, maxlength: 100, value: values.firstName, disabled: busy }, errors.firstName),
      field('guest-last-name', 'Last name', { name: 'lastName', autocomplete: 'family-name', maxlength: 100, value: values.lastName, disabled: busy }, errors.lastName),
      alert,
      h(
        'button',
        { type: 'submit', className: 'btn btn-primary btn-lg btn-block', disabled: busy || options.quote().lines.some((l) => !l.available), 'aria-busy': busy ? 'true' : null, 'data-guest-pay': '' },
        busy ? 'Starting payment...' : payLabel(options.quote()),
      ),
      h('p', { className: 'text-sm muted' }, 'We create your account with this order. You pay on the payment provider’s secure page and come back here afterwards.'),
    );
    panel.replaceChildren(
      form,
      h(
        'p',
        { className: 'checkout-guest-switch' },
        'Already have an account? ',
        h('button', { type: 'button', className: 'btn btn-ghost btn-sm', onclick: () => showSignIn() }, 'Sign in to check out'),
      ),
    );
  }

  async function pay(form: HTMLFormElement): Promise<void> {
    const data = new FormData(form);
    values.email = String(data.get('email') ?? '').trim();
    values.firstName = String(data.get('firstName') ?? '').trim();
    values.lastName = String(data.get('lastName') ?? '').trim();
    // A first look in the browser; the server's answer decides.
    const errors: Errors = {};
    if (!values.email) errors.email = 'Email is required';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) errors.email = 'Enter a valid email address';
    if (!values.firstName) errors.firstName = 'First name is required';
    if (Object.keys(errors).length) {
      showDetails(errors);
      focusFirstError();
      return;
    }
    showDetails({}, null, true);
    try {
      const started = await startGuestCheckout({ email: values.email, firstName: values.firstName, lastName: values.lastName, items: options.items, couponCode: options.quote().coupon?.code });
      setToken(started.access_token);
      // The sign-in store loads only now: a visitor's page did without it.
      (await import('../stores/auth.ts')).setSignedInUser(started.user);
      try {
        // The return page (checkout-return.ts) says the set-password link went there too.
        sessionStorage.setItem('drx_set_password_sent', started.setPasswordSentTo);
      } catch {
        // storage unavailable: the page says where the receipt went
      }
      if (options.clearsCart) dropFromGuestCart(options.items);
      location.assign(started.checkoutUrl);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && err.validationErrors?.email) {
        // The address has an account: its owner signs in (an order never joins an account without its password).
        showSignIn(err.message);
        return;
      }
      if (err instanceof ApiError && err.status === 400) {
        showDetails(firstOf(err.validationErrors), errorAlert('Check your details', err.message));
        focusFirstError();
        return;
      }
      const message = err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'Please check your connection and try again.';
      showDetails({}, errorAlert('Your order could not be placed', message));
    }
  }

  function showSignIn(note?: string, errors: Errors = {}, alert: HTMLElement | null = null, busy = false): void {
    const form = h(
      'form',
      {
        className: 'stack-sm',
        novalidate: true,
        'aria-label': 'Sign in to check out',
        onsubmit: (e: SubmitEvent) => {
          e.preventDefault();
          void signIn(form, note);
        },
      },
      h('h3', null, 'Sign in to check out'),
      note ? h('p', { className: 'alert alert-info', role: 'status' }, note) : null,
      field('checkout-username', 'Username', { name: 'username', autocomplete: 'username', required: true, maxlength: 254, value: values.username, disabled: busy }, errors.username),
      field('checkout-password', 'Password', { name: 'password', type: 'password', autocomplete: 'current-password', required: true, maxlength: 256, disabled: busy }, errors.password),
      alert,
      h('button', { type: 'submit', className: 'btn btn-primary btn-block', disabled: busy, 'aria-busy': busy ? 'true' : null }, busy ? 'Signing in...' : 'Sign in and continue'),
      h('p', { className: 'text-sm' }, h('a', { href: '/forgot-password' }, 'Forgot your username or password?')),
    );
    panel.replaceChildren(
      form,
      h('p', { className: 'checkout-guest-switch' }, h('button', { type: 'button', className: 'btn btn-ghost btn-sm', onclick: () => showDetails() }, 'Check out with your email instead')),
    );
    form.querySelector<HTMLInputElement>(errors.password ? '#checkout-password' : '#checkout-username')?.focus();
  }

  async function signIn(form: HTMLFormElement, note?: string): Promise<void> {
    const data = new FormData(form);
    values.username = String(data.get('username') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const errors: Errors = {};
    if (!values.username) errors.username = 'Username is required';
    if (!password) errors.password = 'Password is required';
    if (Object.keys(errors).length) {
      showSignIn(note, errors);
      return;
    }
    showSignIn(note, {}, null, true);
    try {
      await (await import('../stores/auth.ts')).login(values.username, password);
      options.onSignedIn();
    } catch (err) {
      const message = err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'Please check your connection and try again.';
      showSignIn(note, firstOf(err instanceof ApiError ? err.validationErrors : undefined), errorAlert('Sign-in failed', message));
    }
  }

  showDetails();
  return panel;
}
