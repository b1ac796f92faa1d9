import { formatDate } from '../components/account-format.ts';
import { PLAN_NAMES, type PlanKey } from '../../../worker/src/domain/subscriptions.ts';
import { ApiError, getToken } from '../lib/api.ts';
import { formatCents } from '../lib/currency.ts';
import { currentSubscription, intervalOf, isInterval, type BillingInterval } from '../lib/subscription-plans.ts';
import type { ChangePreview, SubscriptionView } from '../stores/subscriptions.ts';
import { h, mountWhenIdle } from './dom.ts';

/**
 * The subscribe and upgrade journeys' pages (components/plans/SubscriptionFlow.astro):
 * - /subscription/success: back from the checkout, the new plan and the trial's end, read again
 *   every 2 seconds for a while until the provider's event has made the subscription;
 * - /subscription/upgrade?plan=&interval=: the change's preview (from → to, credit, charge, due now,
 *   or the date a downgrade takes effect) and Confirm / Cancel;
 * - /subscription/upgrade/success and /cancel: where that leads.
 */

const POLL_MS = 2_000;
const POLLS = 10;

const PLAN_KEYS = Object.keys(PLAN_NAMES) as PlanKey[];
const isPlanKey = (v: string | null): v is PlanKey => v !== null && (PLAN_KEYS as string[]).includes(v);

const stores = () => import('../stores/subscriptions.ts');
const intervalName = (i: BillingInterval) => (i === 'year' ? 'yearly' : 'monthly');
const per = (i: BillingInterval) => (i === 'year' ? 'year' : 'month');
const money = (cents: number) => formatCents(cents);
const messageOf = (err: unknown) => (err instanceof ApiError && err.status > 0 ? err.message : 'Please check your connection and try again.');

function links(...items: [string, string, boolean?][]): HTMLElement {
  return h(
    'p',
    { className: 'cluster' },
    items.map(([label, href, primary]) => h('a', { className: primary ? 'btn btn-primary' : 'btn btn-ghost', href }, label)),
  );
}

function alertBox(kind: 'error' | 'success' | 'info', title: string, text?: string): HTMLElement {
  return h('div', { className: `alert alert-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, h('p', { className: 'alert-title' }, title), text ? h('p', null, text) : null);
}

function heading(root: HTMLElement, text: string): void {
  const h1 = root.closest('.page')?.querySelector<HTMLElement>('h1');
  if (h1) h1.textContent = text;
  document.title = `${text} · DRX`;
}

function signInFirst(root: HTMLElement, what: string): void {
  const back = encodeURIComponent(location.pathname + location.search);
  root.replaceChildren(h('div', { className: 'panel stack' }, h('p', null, `Sign in to ${what}.`), links(['Sign In', `/auth?redirect=${back}`, true])));
}

function loading(text: string): HTMLElement {
  return h('div', { className: 'loading', role: 'status' }, h('span', { className: 'spinner', 'aria-hidden': 'true' }), h('span', null, text));
}

function summary(rows: [string, string | Node][]): HTMLElement {
  return h('dl', { className: 'plan-change-summary' }, rows.map(([term, value]) => [h('dt', null, term), h('dd', null, value)]).flat());
}

/** "Educator, yearly ($290.00 per year)". */
function planLine(name: string, interval: BillingInterval, cents: number): string {
  return `${name}, ${intervalName(interval)} (${money(cents)} per ${per(interval)})`;
}

function subscriptionRows(sub: SubscriptionView): [string, string][] {
  const rows: [string, string][] = [['Plan', planLine(sub.plan.name, sub.interval, sub.price_cents)]];
  if (sub.status === 'trialing' && sub.trial_end) rows.push(['Free trial ends', formatDate(sub.trial_end)]);
  if (sub.cancel_at_period_end) rows.push(['Access until', formatDate(sub.current_period_end)]);
  else if (sub.current_period_end) rows.push([sub.status === 'trialing' ? 'First payment' : 'Renews on', formatDate(sub.current_period_end)]);
  const next = sub.scheduled_change;
  if (next) rows.push(['Then', `${next.plan.name}, ${intervalName(next.interval)}, from ${formatDate(next.effective_at)}`]);
  return rows;
}

// ---------------------------------------------------------------------------------------------

async function mountSuccess(root: HTMLElement): Promise<void> {
  if (!getToken()) return signInFirst(root, 'see your subscription');
  const { refreshSubscriptions, loadSubscriptions } = await stores();
  root.replaceChildren(loading('Payment received — we are confirming your subscription...'));
  for (let poll = 0; poll < POLLS; poll++) {
    let list: SubscriptionView[];
    try {
      list = poll === 0 ? await refreshSubscriptions() : await loadSubscriptions(true);
    } catch (err) {
      root.replaceChildren(alertBox('error', 'Your subscription could not be read', messageOf(err)), links(['Try again', location.pathname + location.search, true]));
      return;
    }
    const sub = currentSubscription(list);
    if (sub) {
      heading(root, `Welcome to ${sub.plan.name}!`);
      const trial = sub.status === 'trialing' && sub.trial_end;
      root.replaceChildren(
        h(
          'div',
          { className: 'plan-change', 'data-subscription-ready': sub.plan.tier },
          alertBox('success', trial ? `Your free trial of ${sub.plan.name} has started.` : `Your ${sub.plan.name} plan is active.`, trial ? `Nothing is charged until ${formatDate(sub.trial_end)}; cancel before then and nothing is charged at all.` : undefined),
          summary(subscriptionRows(sub)),
          links(['Go to my dashboard', '/dashboard', true], ['Manage subscription', '/profile/manage']),
        ),
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  root.replaceChildren(
    alertBox('info', 'We are still confirming your subscription', 'The payment provider has not told us yet. This usually takes a few seconds; it will show in Manage Subscription as soon as it arrives.'),
    links(['Check again', location.pathname + location.search, true], ['Manage subscription', '/profile/manage']),
  );
}

function previewView(preview: ChangePreview): HTMLElement {
  const rows: [string, string][] = [
    ['Current plan', planLine(preview.from.plan.name, preview.from.interval, preview.from.price_cents)],
    ['New plan', planLine(preview.to.plan.name, preview.to.interval, preview.to.price_cents)],
  ];
  let note: string;
  if (preview.effective === 'period_end') {
    rows.push(['Takes effect', formatDate(preview.effective_at)]);
    note = `Your change takes effect on ${formatDate(preview.effective_at)}. Until then you keep your current plan; nothing is charged now.`;
  } else if (preview.trialing) {
    rows.push(['Due now', money(0)]);
    note = 'The change takes effect now. You are in your free trial, so nothing is charged today; the new price applies from your first payment.';
  } else {
    rows.push(['Credit for unused time', `−${money(preview.credit_cents)}`], ['Charge for the rest of the period', money(preview.charge_cents)], ['Due now', money(preview.due_cents)]);
    note = 'The change takes effect now. The amount due is prorated: you pay only the difference for the rest of this billing period.';
  }
  return h('div', { className: 'stack', 'data-preview': preview.effective }, summary(rows), h('p', null, note));
}

async function mountUpgrade(root: HTMLElement): Promise<void> {
  const params = new URLSearchParams(location.search);
  const plan = params.get('plan');
  const rawInterval = params.get('interval');
  const interval = intervalOf(rawInterval);
  if (!isPlanKey(plan) || (rawInterval !== null && !isInterval(rawInterval))) {
    root.replaceChildren(alertBox('error', 'Choose a plan first', 'This address does not name a plan and billing period.'), links(['See the plans', '/subscription', true]));
    return;
  }
  if (!getToken()) return signInFirst(root, 'change your plan');
  const { previewChange, changePlan } = await stores();
  root.replaceChildren(loading('Working out the change...'));
  let preview: ChangePreview;
  try {
    preview = await previewChange(plan, interval);
  } catch (err) {
    const noSubscription = err instanceof ApiError && (err.status === 404 || err.status === 409 || err.status === 400);
    root.replaceChildren(
      alertBox('error', 'This change is not possible', messageOf(err)),
      noSubscription ? links(['See the plans', `/subscription?tier=${plan}&interval=${interval}`, true], ['Manage subscription', '/profile/manage']) : links(['Try again', location.pathname + location.search, true]),
    );
    return;
  }
  heading(root, preview.kind === 'downgrade' ? `Move to ${preview.to.plan.name}` : preview.kind === 'upgrade' ? `Upgrade to ${preview.to.plan.name}` : `Switch to ${intervalName(preview.to.interval)} billing`);
  const error = h('div', { 'aria-live': 'assertive' });
  const confirm = h('button', { type: 'button', className: 'btn btn-primary', 'data-confirm-change': '' }, preview.effective === 'now' ? 'Confirm and pay' : 'Confirm change');
  if (preview.effective === 'now' && preview.due_cents === 0) confirm.textContent = 'Confirm change';
  confirm.addEventListener('click', () => {
    if (confirm.disabled) return;
    confirm.disabled = true;
    confirm.setAttribute('aria-busy', 'true');
    error.replaceChildren();
    changePlan(plan, interval)
      .then(() => location.assign(`/subscription/upgrade/success?plan=${plan}&interval=${interval}`))
      .catch((err: unknown) => {
        confirm.disabled = false;
        confirm.removeAttribute('aria-busy');
        error.replaceChildren(alertBox('error', 'The change could not be made', messageOf(err)));
      });
  });
  root.replaceChildren(
    h(
      'div',
      { className: 'plan-change panel' },
      previewView(preview),
      error,
      h('p', { className: 'cluster' }, confirm, h('a', { className: 'btn btn-ghost', href: '/subscription/upgrade/cancel' }, 'Cancel')),
    ),
  );
}

async function mountUpgradeReturn(root: HTMLElement, changed: boolean): Promise<void> {
  if (!getToken()) return signInFirst(root, 'see your subscription');
  const { refreshSubscriptions } = await stores();
  let sub: SubscriptionView | null;
  try {
    sub = currentSubscription(await refreshSubscriptions());
  } catch (err) {
    root.replaceChildren(alertBox('error', 'Your subscription could not be read', messageOf(err)), links(['Manage subscription', '/profile/manage', true]));
    return;
  }
  const rows = sub ? summary(subscriptionRows(sub)) : null;
  if (changed) {
    const scheduled = sub?.scheduled_change;
    const title = !sub ? 'Your plan was changed.' : scheduled ? `${scheduled.plan.name} starts on ${formatDate(scheduled.effective_at)}.` : `You are now on ${sub.plan.name}.`;
    root.replaceChildren(h('div', { className: 'plan-change', 'data-plan-now': sub?.plan.tier ?? '' }, alertBox('success', title), rows, links(['Go to my dashboard', '/dashboard', true], ['Manage subscription', '/profile/manage'])));
  } else {
    root.replaceChildren(
      h('div', { className: 'plan-change' }, alertBox('info', 'Nothing was changed.', sub ? `You are still on ${sub.plan.name}.` : undefined), rows, links(['See the plans', '/subscription', true], ['Manage subscription', '/profile/manage'])),
    );
  }
}

mountWhenIdle('[data-island="subscription-flow"]', (root) => {
  const kind = root.dataset.kind;
  const run = kind === 'success' ? mountSuccess(root) : kind === 'upgrade' ? mountUpgrade(root) : mountUpgradeReturn(root, kind === 'upgrade-success');
  void run.catch((err: unknown) => root.replaceChildren(alertBox('error', 'Something went wrong', messageOf(err))));
});
