import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { GatedFeature } from '../../../worker/src/domain/features.ts';
import { TRIAL_LINE, YEARLY_TOGGLE_LABEL, type PlanKey } from '../../../worker/src/domain/subscriptions.ts';
import { perInterval, planButton, planPrice, priceCents, viewerOf, yearlySavingLine, type BillingInterval, type PlanViewer } from '../lib/subscription-plans.ts';
import { CardStep, ConfirmStep, type Done } from './UpgradeSteps.tsx';
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
  /** The gate that opened the dialog: its name and description head the plans. */
  gate?: GatedFeature;
}

/** The test provider's card form is on our page (`/checkout/stripe?session=`): its session is paid in the dialog. */
const TEST_CHECKOUT = /^\/checkout\/stripe\?session=([\w-]{1,200})$/;

/** The address a visitor signs in from and comes back to with the dialog open (`#upgrade=plan`). */
export function upgradeReturnPath(plan: PlanKey | undefined): string {
  return `/auth?redirect=${encodeURIComponent(`${location.pathname}${location.search}#upgrade=${plan ?? 'any'}`)}`;
}

type Step = { kind: 'plans' } | { kind: 'card'; plan: PlanView; sessionId: string } | { kind: 'confirm'; plan: PlanView } | { kind: 'done'; done: Done };

/**
 * The upgrade dialog: the monthly/yearly toggle (yearly marked 'Save 25%'), the plans above the
 * user's current level with their real prices (an upgrade only goes up), and the trial line.
 * Choosing a plan finishes in the dialog (decision 0063): no subscription yet, the checkout
 * (14-day trial unless the account had one) with the test provider's card form here, or Stripe's
 * page; a subscriber, the prorated upgrade confirmed here. A visitor signs in first and comes
 * back to the dialog. A native modal <dialog>: Radix's scroll lock injects a <style> the pages'
 * CSP refuses (see PendingPaymentsDialog).
 */
export default function UpgradeDialog({ open, onOpenChange, preselect, interval: initialInterval = 'month', gate }: UpgradeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const toggleName = useId();
  const plans = useStore($plans);
  const auth = useStore($auth);
  const subscriptions = useStore($subscriptions);
  const [interval, setInterval] = useState<BillingInterval>(initialInterval);
  const [busy, setBusy] = useState<PlanKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'plans' });

  const user = auth.status === 'ready' ? auth.user : null;

  useEffect(() => {
    if (!open) return;
    setError(null);
    setStep({ kind: 'plans' });
    setInterval(initialInterval);
    void loadPlans().catch(() => undefined);
    if (auth.status === 'loading') void loadUser().catch(() => undefined);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (open && user) void loadSubscriptions().catch(() => undefined);
  }, [open, user]);

  useNativeDialog(ref, open, 'upgrade-dialog-open');

  const subsKnown = !user || subscriptions.status === 'ready' || subscriptions.status === 'error';
  const viewer = viewerOf(user, 'data' in subscriptions ? subscriptions.data : null);
  // Only the plans above the user's current one, once the user's standing is known.
  const list = subsKnown ? ('data' in plans && plans.data ? plans.data : []).filter((p) => p.level > viewer.currentLevel) : [];

  async function choose(plan: PlanView): Promise<void> {
    const button = planButton(viewer, plan);
    setError(null);
    if (button.action === 'register' || button.action === 'sign-in') {
      location.assign(upgradeReturnPath(plan.key));
      return;
    }
    if (button.action === 'upgrade') {
      setStep({ kind: 'confirm', plan });
      return;
    }
    if (button.action !== 'trial' && button.action !== 'subscribe') return;
    setBusy(plan.key);
    let testSession: string | null = null;
    const failure = await startCheckout(plan, interval, (url) => {
      const match = TEST_CHECKOUT.exec(url);
      if (match) testSession = decodeURIComponent(match[1]!);
      else location.assign(url);
    });
    setBusy(null);
    if (failure) setError(failure.message);
    else if (testSession) setStep({ kind: 'card', plan, sessionId: testSession });
  }

  const back = () => setStep({ kind: 'plans' });
  const finish = (done: Done) => setStep({ kind: 'done', done });

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
        {step.kind === 'plans' && (
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
        )}
      </div>
      {gate && open && step.kind === 'plans' && (
        <p className="upgrade-dialog-gate">
          <strong>{gate.name}.</strong> {gate.description}
        </p>
      )}
      {step.kind === 'card' && <CardStep sessionId={step.sessionId} plan={step.plan} onBack={back} onDone={finish} />}
      {step.kind === 'confirm' && <ConfirmStep plan={step.plan} interval={interval} onBack={back} onDone={finish} />}
      {step.kind === 'done' && (
        <div className="alert alert-success" role="status" data-upgrade-done>
          <p className="alert-title">{step.done.title}</p>
          {step.done.text && <p>{step.done.text}</p>}
        </div>
      )}
      {step.kind === 'plans' && error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {step.kind !== 'plans' ? null : plans.status === 'error' && list.length === 0 ? (
        <p className="alert alert-error" role="alert">
          The plans could not be loaded. {plans.message}
        </p>
      ) : list.length === 0 && subsKnown && plans.status === 'ready' ? (
        <p className="muted">You are on the highest plan.</p>
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
      {step.kind === 'plans' && <p className="plans-trial">{TRIAL_LINE}</p>}
      <div className="drx-dialog-actions">
        {step.kind === 'done' ? (
          <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
            Continue
          </button>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)}>
            Close
          </button>
        )}
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
