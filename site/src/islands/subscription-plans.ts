import type { PlanKey } from '../../../worker/src/domain/subscriptions.ts';
import {
  GUEST,
  intervalOf,
  planButton,
  planPrice,
  preselectedPlan,
  signInForPlanPath,
  upgradePath,
  viewerOf,
  yearlySavingLine,
  type BillingInterval,
  type PlanCardData,
  type PlanViewer,
} from '../lib/subscription-plans.ts';
import type * as Auth from '../stores/auth.ts';
import type * as Subscriptions from '../stores/subscriptions.ts';
import { h, hasSession, whenIdle } from './dom.ts';

/**
 * /subscription (components/plans/PlansPage.astro). The markup is the guest's and is cached; this
 * script keeps the guest's sign-in links on the chosen billing period and, for a signed-in visitor,
 * puts their own button on each card: Current plan and lower plans disabled, Upgrade above a
 * subscription, Start free trial or Subscribe for a free account (a plan can only be changed upward here). Choosing starts the
 * checkout through the store (decision 0031), and `?checkout=1` (back from sign-in, or the
 * checkout address opened without a token) resumes it. The stores load only for a session.
 */

interface Card {
  el: HTMLElement;
  plan: PlanCardData;
}


function cardsOf(root: HTMLElement): Card[] {
  return [...root.querySelectorAll<HTMLElement>('.plan-card[data-plan]')].map((el) => ({
    el,
    plan: {
      id: Number(el.dataset.planId),
      key: el.dataset.plan as PlanKey,
      name: el.dataset.name ?? '',
      level: Number(el.dataset.level),
      description: '',
      monthly_price_cents: Number(el.dataset.monthlyCents),
      yearly_price_cents: Number(el.dataset.yearlyCents),
      features: [],
    },
  }));
}

function intervalNow(root: HTMLElement): BillingInterval {
  return intervalOf(root.querySelector<HTMLInputElement>('input[name="plans-interval"]:checked')?.value);
}

function notice(root: HTMLElement, kind: 'error' | 'info', text: string, action?: HTMLElement): void {
  const box = root.querySelector<HTMLElement>('[data-plans-notice]');
  if (!box) return;
  box.replaceChildren(h('div', { className: `alert alert-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, h('p', null, text), action ?? null));
}

/** The prices the server answered now (after a 409: the price changed while the page was open). */
function applyPrices(cards: Card[], plans: readonly PlanCardData[]): void {
  for (const card of cards) {
    const fresh = plans.find((p) => p.key === card.plan.key);
    if (!fresh) continue;
    card.plan.monthly_price_cents = fresh.monthly_price_cents;
    card.plan.yearly_price_cents = fresh.yearly_price_cents;
    card.el.dataset.monthlyCents = String(fresh.monthly_price_cents);
    card.el.dataset.yearlyCents = String(fresh.yearly_price_cents);
    const month = card.el.querySelector('[data-amount="month"]');
    const year = card.el.querySelector('[data-amount="year"]');
    const saving = card.el.querySelector('[data-saving]');
    if (month) month.textContent = planPrice(fresh.monthly_price_cents);
    if (year) year.textContent = planPrice(fresh.yearly_price_cents);
    if (saving) saving.textContent = yearlySavingLine(fresh) ?? '';
  }
}

function mount(root: HTMLElement): void {
  const cards = cardsOf(root);
  let viewer: PlanViewer = GUEST;
  let stores: Promise<[typeof Auth, typeof Subscriptions]> | undefined;
  const loadStores = () => (stores ??= Promise.all([import('../stores/auth.ts'), import('../stores/subscriptions.ts')]));

  /** Each card's button for the visitor and the chosen period. */
  function render(): void {
    const interval = intervalNow(root);
    for (const card of cards) {
      const slot = card.el.querySelector<HTMLElement>('[data-plan-action]');
      if (!slot) continue;
      const button = planButton(viewer, card.plan);
      const describedBy = `plan-${card.plan.key}-name`;
      const attrs = { 'aria-describedby': describedBy, 'data-plan-button': button.action };
      let el: HTMLElement;
      switch (button.action) {
        case 'register':
          el = h('a', { ...attrs, className: 'btn btn-secondary', href: '/register' }, button.label);
          break;
        case 'sign-in':
          el = h('a', { ...attrs, className: 'btn btn-primary', href: signInForPlanPath(card.plan.key, interval) }, button.label);
          break;
        case 'upgrade':
          el = h('a', { ...attrs, className: 'btn btn-primary', href: upgradePath(card.plan.key, interval) }, button.label);
          break;
        case 'trial':
        case 'subscribe': {
          const b = h('button', { ...attrs, type: 'button', className: 'btn btn-primary' }, button.label);
          b.addEventListener('click', () => void checkout(card, b));
          el = b;
          break;
        }
        default:
          el = h('button', { ...attrs, type: 'button', className: 'btn btn-secondary', disabled: true }, button.label);
      }
      // A lower paid plan cannot be chosen here (an upgrade only goes up), but a subscriber may move down at the period end (decision 0031).
      const down =
        button.action === 'lower' && viewer.subscribed && card.plan.level > 0
          ? h('a', { className: 'plan-card-down', href: upgradePath(card.plan.key, interval), 'aria-describedby': describedBy }, 'Downgrade at period end')
          : null;
      slot.replaceChildren(el, ...(down ? [down] : []));
    }
  }

  async function checkout(card: Card, button?: HTMLButtonElement): Promise<void> {
    if (button?.disabled) return;
    const label = button?.textContent ?? '';
    if (button) {
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      button.textContent = 'Starting checkout...';
    }
    notice(root, 'info', `Starting your ${card.plan.name} checkout...`);
    const [, subs] = await loadStores();
    const failure = await subs.startCheckout(card.plan, intervalNow(root));
    if (button && button.isConnected) {
      button.disabled = false;
      button.removeAttribute('aria-busy');
      button.textContent = label;
    }
    if (!failure) return;
    if (failure.kind === 'price-changed') {
      const state = subs.$plans.get();
      if ('data' in state && state.data) applyPrices(cards, state.data);
      notice(root, 'error', `${failure.message} The plans now show the current prices; choose again to continue.`);
    } else if (failure.kind === 'subscribed') {
      notice(root, 'error', failure.message, h('p', null, h('a', { className: 'btn btn-primary btn-sm', href: upgradePath(card.plan.key, intervalNow(root)) }, 'Change plan')));
    } else {
      notice(root, 'error', failure.message);
    }
  }

  /** Back from sign-in (or the checkout address without a token): carry on with the plan chosen. */
  function resume(): void {
    const params = new URLSearchParams(location.search);
    if (params.get('checkout') !== '1') return;
    const key = preselectedPlan(params.get('tier'));
    const card = cards.find((c) => c.plan.key === key);
    if (!card) return;
    const interval = intervalOf(params.get('interval'));
    // The address's period is the one to buy.
    const radio = root.querySelector<HTMLInputElement>(`input[name="plans-interval"][value="${interval}"]`);
    if (radio && !radio.checked) {
      radio.checked = true;
      render();
    }
    // Once: a reload or the browser's Back does not start it again.
    params.delete('checkout');
    history.replaceState(history.state, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
    const action = planButton(viewer, card.plan).action;
    if (action === 'trial' || action === 'subscribe') void checkout(card, card.el.querySelector<HTMLButtonElement>('button[data-plan-button]') ?? undefined);
    else if (action === 'upgrade') location.assign(upgradePath(card.plan.key, interval));
    else if (action === 'sign-in')
      notice(root, 'info', `Sign in or create an account to start your ${card.plan.name} plan.`, h('p', null, h('a', { className: 'btn btn-primary btn-sm', href: signInForPlanPath(card.plan.key, interval) }, 'Sign In')));
    else if (action === 'current') notice(root, 'info', `${card.plan.name} is already your plan.`);
    else notice(root, 'info', `Your plan already includes everything in ${card.plan.name}. Lower plans are chosen in Manage Subscription.`);
  }

  for (const radio of root.querySelectorAll<HTMLInputElement>('input[name="plans-interval"]')) radio.addEventListener('change', render);

  const ready = () => root.setAttribute('data-ready', viewer.signedIn ? 'signed-in' : 'guest');
  if (!hasSession()) {
    render();
    ready();
    resume();
    return;
  }
  void loadStores()
    .then(async ([auth, subs]) => {
      const user = await auth.loadUser();
      const list = user ? await subs.loadSubscriptions() : [];
      viewer = viewerOf(user, list);
    })
    // The session may have ended: the guest's buttons stay, and work as they do for a guest.
    .catch(() => undefined)
    .finally(() => {
      render();
      ready();
      resume();
    });
}

const root = document.querySelector<HTMLElement>('[data-plans]');
if (root) whenIdle(() => mount(root));
