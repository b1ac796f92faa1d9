import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { TRIAL_LINE, YEARLY_TOGGLE_LABEL, type PlanKey } from '../../../worker/src/domain/subscriptions.ts';
import {
  perInterval,
  planButton,
  planPrice,
  priceCents,
  signInForPlanPath,
  upgradePath,
  viewerOf,
  yearlySavingLine,
  type BillingInterval,
  type PlanViewer,
} from '../lib/subscription-plans.ts';
import { $auth, loadUser } from '../stores/auth.ts';
import { $plans, $subscriptions, loadPlans, loadSubscriptions, startCheckout, type PlanView } from '../stores/subscriptions.ts';
import '../styles/plans.css';
import { useNativeDialog } from './use-native-dialog.ts';

export interface UpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A plan to mark (the one a gate asks for); nothing else changes. */
  preselect?: PlanKey;
  /** The billing period shown first (monthly by default). */
  interval?: BillingInterval;
}

/**
 * The upgrade dialog: the monthly/yearly toggle (yearly marked 'Save 25%'), the four plan
 * cards with their real prices, and the trial line. Only plans above the user's current level can
 * be chosen (an upgrade only goes up); the current plan and lower ones are disabled. Choosing a plan starts the
 * checkout (no subscription yet: 14-day trial unless the account had one) or goes to
 * /subscription/upgrade (a subscriber: prorated). A native modal <dialog>: Radix's scroll lock
 * injects a <style> the pages' CSP refuses (see PendingPaymentsDialog).
 */
export default function UpgradeDialog({ open, onOpenChange, preselect, interval: initialInterval = 'month' }: UpgradeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const toggleName = useId();
  const plans = useStore($plans);
  const auth = useStore($auth);
  const subscriptions = useStore($subscriptions);
  const [interval, setInterval] = useState<BillingInterval>(initialInterval);
  const [busy, setBusy] = useState<PlanKey | null>(null);
  const [error, setError] = useState<string | null>(null);

  const user = auth.status === 'ready' ? auth.user : null;

  useEffect(() => {
    if (!open) return;
    setError(null);
    setInterval(initialInterval);
    void loadPlans().catch(() => undefined);
    if (auth.status === 'loading') void loadUser().catch(() => undefined);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (open && user) void loadSubscriptions().catch(() => undefined);
  }, [open, user]);

  useNativeDialog(ref, open, 'upgrade-dialog-open');

  const list = 'data' in plans && plans.data ? plans.data : [];
  const subsKnown = !user || subscriptions.status === 'ready' || subscriptions.status === 'error';
  const viewer = viewerOf(user, 'data' in subscriptions ? subscriptions.data : null);

  async function choose(plan: PlanView): Promise<void> {
    const button = planButton(viewer, plan);
    setError(null);
    if (button.action === 'register') {
      location.assign('/register');
      return;
    }
    if (button.action === 'sign-in') {
      location.assign(signInForPlanPath(plan.key, interval));
      return;
    }
    if (button.action === 'upgrade') {
      location.assign(upgradePath(plan.key, interval));
      return;
    }
    if (button.action !== 'trial' && button.action !== 'subscribe') return;
    setBusy(plan.key);
    const failure = await startCheckout(plan, interval);
    setBusy(null);
    if (failure) setError(failure.message);
  }

  return (
    <dialog
      ref={ref}
      className="drx-dialog upgrade-dialog"
      aria-labelledby={titleId}
      onClose={() => {
        if (open) onOpenChange(false);
      }}
    >
      <div className="upgrade-dialog-head">
        <h2 className="drx-dialog-title" id={titleId}>
          Upgrade your plan
        </h2>
        <fieldset className="plans-toggle">
          <legend>Billing period</legend>
          <label>
            <input type="radio" name={toggleName} value="month" checked={interval === 'month'} onChange={() => setInterval('month')} />
            Monthly
          </label>
          <label>
            <input type="radio" name={toggleName} value="year" checked={interval === 'year'} onChange={() => setInterval('year')} />
            Yearly <span className="plans-save">{YEARLY_TOGGLE_LABEL}</span>
          </label>
        </fieldset>
      </div>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {plans.status === 'error' && list.length === 0 ? (
        <p className="alert alert-error" role="alert">
          The plans could not be loaded. {plans.message}
        </p>
      ) : list.length === 0 ? (
        <div className="loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>Loading plans...</span>
        </div>
      ) : (
        <ul className="plans-grid" aria-label="Plans">
          {list.map((plan) => (
            <DialogPlanCard key={plan.id} plan={plan} interval={interval} viewer={viewer} ready={subsKnown} highlighted={plan.key === preselect} busy={busy === plan.key} onChoose={() => void choose(plan)} />
          ))}
        </ul>
      )}
      <p className="plans-trial">{TRIAL_LINE}</p>
      <div className="drx-dialog-actions">
        <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)}>
          Close
        </button>
      </div>
    </dialog>
  );
}

interface CardProps {
  plan: PlanView;
  interval: BillingInterval;
  viewer: PlanViewer;
  /** The user's subscriptions are known: buttons may be pressed. */
  ready: boolean;
  highlighted: boolean;
  busy: boolean;
  onChoose: () => void;
}

function DialogPlanCard({ plan, interval, viewer, ready, highlighted, busy, onChoose }: CardProps) {
  const button = planButton(viewer, plan);
  const saving = interval === 'year' ? yearlySavingLine(plan) : null;
  return (
    <li className="plan-card" data-plan={plan.key} data-highlighted={highlighted || undefined}>
      {highlighted && <span className="plan-card-flag">Recommended</span>}
      <div className="plan-card-head">
        <h3 className="plan-card-name">{plan.name}</h3>
        <p className="plan-card-level">Level {plan.level}</p>
      </div>
      <p className="plan-card-price">
        <span>
          <span className="plan-card-amount">{planPrice(priceCents(plan, interval))}</span> <span className="plan-card-per">{perInterval(interval)}</span>
        </span>
        {saving && <span className="plan-card-saving">{saving}</span>}
      </p>
      <ul className="plan-features" aria-label={`${plan.name} features`}>
        {plan.features.map((f) => (
          <li key={f.text} className="plan-feature" data-included={String(f.included)}>
            <span className="plan-feature-mark" aria-hidden="true">
              {f.included ? '✓' : '✕'}
            </span>
            <span className="plan-feature-text">
              {f.text}
              <span className="visually-hidden">{f.included ? ' (included)' : ' (not included)'}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="plan-card-action">
        <button
          type="button"
          className={`btn ${button.disabled ? 'btn-secondary' : 'btn-primary'}`}
          disabled={button.disabled || !ready || busy}
          aria-busy={busy || undefined}
          aria-label={`${button.label}: ${plan.name}`}
          onClick={onChoose}
        >
          {busy ? 'Starting checkout...' : button.label}
        </button>
      </div>
    </li>
  );
}
