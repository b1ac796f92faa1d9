import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api.ts';
import { formatCents } from '../lib/currency.ts';
import type { BillingInterval } from '../lib/subscription-plans.ts';
import { refreshUser } from '../stores/auth.ts';
import { fetchTestSession, formatCardNumber, formatExpiry, payTestSession, TEST_CARDS, type CardInput, type TestSession } from '../stores/checkout.ts';
import { changePlan, previewChange, refreshSubscriptions, type ChangePreview, type PlanView } from '../stores/subscriptions.ts';

/**
 * The upgrade dialog's steps after a plan is chosen (decision 0063): the subscription's checkout
 * finished in the dialog. With the built-in test provider its card form is ours, so it is shown
 * here (the same session and pay route as /checkout/stripe); a subscriber's upgrade shows the
 * prorated preview and confirms (the change route of /subscription/upgrade).
 */

const messageOf = (err: unknown) => (err instanceof ApiError && err.status > 0 ? err.message : 'Please check your connection and try again.');
const per = (interval: BillingInterval) => (interval === 'year' ? 'year' : 'month');

/** After a subscription or a change: every read of the account and its plan again. */
async function planChanged(): Promise<void> {
  await Promise.all([refreshSubscriptions().catch(() => undefined), refreshUser().catch(() => undefined)]);
}

export interface Done {
  title: string;
  text?: string;
}

type Field = keyof CardInput;
const FIELDS: { name: Field; label: string; autoComplete: string; inputMode?: 'numeric'; placeholder: string; format?: (v: string) => string; maxLength: number }[] = [
  { name: 'cardNumber', label: 'Card number', autoComplete: 'cc-number', inputMode: 'numeric', placeholder: '1234 1234 1234 1234', format: formatCardNumber, maxLength: 23 },
  { name: 'expiry', label: 'Expiry (MM/YY)', autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'MM/YY', format: formatExpiry, maxLength: 5 },
  { name: 'cvc', label: 'CVC', autoComplete: 'cc-csc', inputMode: 'numeric', placeholder: '123', maxLength: 4 },
  { name: 'name', label: 'Name on card', autoComplete: 'cc-name', placeholder: 'Full name', maxLength: 100 },
];

/** The test provider's card form for a subscription's checkout session, in the dialog. */
export function CardStep({ sessionId, plan, onBack, onDone }: { sessionId: string; plan: PlanView; onBack: () => void; onDone: (done: Done) => void }) {
  const [session, setSession] = useState<TestSession | null>(null);
  const [values, setValues] = useState<CardInput>({ cardNumber: '', expiry: '', cvc: '', name: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    fetchTestSession(sessionId).then(setSession, (err: unknown) => setAlert(messageOf(err)));
  }, [sessionId]);

  async function pay(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (paying) return;
    const missing: Partial<Record<Field, string>> = {};
    for (const f of FIELDS) if (!values[f.name].trim()) missing[f.name] = `${f.label.replace(/ \(.*\)$/, '')} is required`;
    setErrors(missing);
    setAlert(null);
    if (Object.keys(missing).length > 0) return;
    setPaying(true);
    try {
      await payTestSession(sessionId, values);
      await planChanged();
      const trial = session?.subscription?.trialDays;
      onDone({
        title: trial ? `Your free trial of ${plan.name} has started.` : `Your ${plan.name} plan is active.`,
        text: trial ? 'Nothing is charged until the trial ends; cancel before then and nothing is charged at all.' : undefined,
      });
    } catch (err) {
      setPaying(false);
      if (err instanceof ApiError && err.status === 400) {
        const fieldErrors: Partial<Record<Field, string>> = {};
        for (const [name, messages] of Object.entries(err.validationErrors ?? {})) if (FIELDS.some((f) => f.name === name)) fieldErrors[name as Field] = messages[0];
        setErrors(fieldErrors);
      }
      setAlert(messageOf(err));
    }
  }

  const trial = session?.subscription?.trialDays;
  return (
    <form className="stack upgrade-step" aria-label="Card details" noValidate onSubmit={(e) => void pay(e)}>
      <h3>Subscribe to {plan.name}</h3>
      {session?.subscription && <p className="upgrade-terms">{session.subscription.terms}</p>}
      {trial ? <p className="text-sm muted">Due today: nothing. Your card is kept for the first charge when the trial ends.</p> : null}
      {session && !trial && <p className="text-sm">Due today: {formatCents(session.order.totalCents)}</p>}
      <p className="text-sm muted" role="note">
        <strong>Test mode.</strong> {TEST_CARDS[0].number} {TEST_CARDS[0].outcome}; any future expiry and any CVC.
      </p>
      {alert && (
        <p className="alert alert-error" role="alert">
          {alert}
        </p>
      )}
      <div className="upgrade-card-fields">
        {FIELDS.map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={`upgrade-${f.name}`}>{f.label}</label>
            <input
              id={`upgrade-${f.name}`}
              name={f.name}
              className="input"
              autoComplete={f.autoComplete}
              inputMode={f.inputMode}
              placeholder={f.placeholder}
              maxLength={f.maxLength}
              required
              value={values[f.name]}
              aria-invalid={errors[f.name] ? true : undefined}
              aria-describedby={errors[f.name] ? `upgrade-${f.name}-error` : undefined}
              onChange={(e) => setValues({ ...values, [f.name]: f.format ? f.format(e.target.value) : e.target.value })}
            />
            {errors[f.name] && (
              <p className="field-error" id={`upgrade-${f.name}-error`}>
                {errors[f.name]}
              </p>
            )}
          </div>
        ))}
      </div>
      <p className="cluster">
        <button type="submit" className="btn btn-primary" disabled={paying || !session} aria-busy={paying || undefined}>
          {paying ? 'Processing...' : trial ? 'Start free trial' : 'Subscribe'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onBack} disabled={paying}>
          Back to plans
        </button>
      </p>
    </form>
  );
}

/** A subscriber's upgrade: the prorated preview, then Confirm. */
export function ConfirmStep({ plan, interval, onBack, onDone }: { plan: PlanView; interval: BillingInterval; onBack: () => void; onDone: (done: Done) => void }) {
  const [preview, setPreview] = useState<ChangePreview | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    previewChange(plan.key, interval).then(setPreview, (err: unknown) => setAlert(messageOf(err)));
  }, [plan.key, interval]);

  async function confirm(): Promise<void> {
    setBusy(true);
    setAlert(null);
    try {
      await changePlan(plan.key, interval);
      await planChanged();
      onDone({ title: `You are now on ${plan.name}.` });
    } catch (err) {
      setBusy(false);
      setAlert(messageOf(err));
    }
  }

  return (
    <div className="stack upgrade-step">
      <h3>Upgrade to {plan.name}</h3>
      {alert && (
        <p className="alert alert-error" role="alert">
          {alert}
        </p>
      )}
      {preview && (
        <dl className="plan-change-summary">
          <dt>Current plan</dt>
          <dd>
            {preview.from.plan.name}, {formatCents(preview.from.price_cents)} per {per(preview.from.interval)}
          </dd>
          <dt>New plan</dt>
          <dd>
            {preview.to.plan.name}, {formatCents(preview.to.price_cents)} per {per(preview.to.interval)}
          </dd>
          <dt>Due now</dt>
          <dd>{formatCents(preview.effective === 'now' && !preview.trialing ? preview.due_cents : 0)}</dd>
        </dl>
      )}
      <p className="cluster">
        <button type="button" className="btn btn-primary" disabled={!preview || busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
          {busy ? 'Upgrading...' : 'Confirm upgrade'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onBack} disabled={busy}>
          Back to plans
        </button>
      </p>
    </div>
  );
}
