import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { DollarsField } from '../../components/admin/DollarsField.tsx';
import FormField from '../../components/FormField.tsx';
import { formatCents } from '../../lib/currency.ts';
import {
  $adminPlans,
  formOfPlan,
  loadAdminPlans,
  newFeature,
  PLAN_DESCRIPTION_MAX,
  PLAN_FEATURE_TEXT_MAX,
  PLAN_FEATURES_MAX,
  PLAN_NAME_MAX,
  savePlan,
  type AdminPlanView,
  type PlanForm,
  type PlanFormErrors,
} from '../../stores/admin-subscriptions.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { ErrorState, formatDateTime, LoadingState } from './AdminStates.tsx';
import { PermissionGate } from './PermissionGate.tsx';

/** One plan's edit: prices in dollars, text, the features of its card and the active switch. */
function PlanEditor({ plan }: { plan: AdminPlanView }) {
  const id = useId();
  const [form, setForm] = useState<PlanForm>(() => formOfPlan(plan));
  const [errors, setErrors] = useState<PlanFormErrors>({});
  const [message, setMessage] = useState<{ kind: 'success' | 'error' | 'warning'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const free = plan.key === 'free';

  const change = (next: Partial<PlanForm>) => {
    setForm((f) => ({ ...f, ...next }));
    setMessage(null);
  };
  const setFeature = (index: number, next: Partial<PlanForm['features'][number]>) =>
    change({ features: form.features.map((f, i) => (i === index ? { ...f, ...next } : f)) });
  const moveFeature = (index: number, by: -1 | 1) => {
    const features = [...form.features];
    const [line] = features.splice(index, 1);
    features.splice(index + by, 0, line!);
    change({ features });
  };

  async function submit() {
    setSaving(true);
    const result = await savePlan(plan, form);
    setSaving(false);
    if (result.ok) {
      setErrors({});
      setForm(formOfPlan(result.plan));
      setMessage(result.warning ? { kind: 'warning', text: result.warning } : { kind: 'success', text: 'Saved. The plans page shows the change now.' });
    } else {
      setErrors(result.errors);
      setMessage({ kind: 'error', text: result.message });
    }
  }

  const headingId = `${id}-heading`;
  return (
    <section className="card admin-panel plan-editor" aria-labelledby={headingId}>
      <div className="admin-panel-head">
        <h2 id={headingId} className="admin-section-title">
          {plan.name}
        </h2>
        <span className={plan.active ? 'badge badge-success' : 'badge badge-danger'}>{plan.active ? 'Offered' : 'Not offered'}</span>
      </div>
      <p className="muted plan-editor-facts">
        Level {plan.level} · {plan.subscriber_count === 1 ? '1 subscriber' : `${plan.subscriber_count} subscribers`} (trialing, active or past due) · updated{' '}
        {formatDateTime(plan.updated_at)}
      </p>
      <form
        className="stack"
        noValidate
        aria-label={`Edit the ${plan.name} plan`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="commerce-form">
          <FormField label="Name" error={errors.name} required>
            <input className="input" maxLength={PLAN_NAME_MAX} value={form.name} onChange={(e) => change({ name: e.currentTarget.value })} />
          </FormField>
          <DollarsField
            label="Monthly price (USD)"
            error={errors.monthly}
            hint={free ? 'The Free plan stays at $0.00.' : undefined}
            required
            value={form.monthly}
            readOnly={free}
            onChange={(monthly) => change({ monthly })}
          />
          <DollarsField
            label="Yearly price (USD)"
            error={errors.yearly}
            hint={free ? 'The Free plan stays at $0.00.' : 'At most 12 monthly payments.'}
            required
            value={form.yearly}
            readOnly={free}
            onChange={(yearly) => change({ yearly })}
          />
          <div className="commerce-filter-wide">
            <FormField label="Description" error={errors.description} hint={`Up to ${PLAN_DESCRIPTION_MAX} characters.`}>
              <textarea
                className="input"
                rows={2}
                maxLength={PLAN_DESCRIPTION_MAX}
                value={form.description}
                onChange={(e) => change({ description: e.currentTarget.value })}
              />
            </FormField>
          </div>
        </div>

        <fieldset className="commerce-fieldset">
          <legend>Features on the plan card</legend>
          <p className="hint">Tick what the plan includes; the rest shows crossed out. 1 to {PLAN_FEATURES_MAX} lines.</p>
          <ol className="plan-features">
            {form.features.map((feature, index) => {
              const lineError = errors.featureLines?.[index];
              const errorId = `${id}-feature-${feature.key}-error`;
              return (
                <li key={feature.key} className="plan-feature">
                  <label className="check plan-feature-included">
                    <input type="checkbox" checked={feature.included} onChange={(e) => setFeature(index, { included: e.currentTarget.checked })} />
                    <span className="visually-hidden">Feature {index + 1}</span> Included
                  </label>
                  <input
                    className="input plan-feature-text"
                    aria-label={`Feature ${index + 1} text`}
                    maxLength={PLAN_FEATURE_TEXT_MAX}
                    value={feature.text}
                    aria-invalid={lineError ? true : undefined}
                    aria-describedby={lineError ? errorId : undefined}
                    onChange={(e) => setFeature(index, { text: e.currentTarget.value })}
                  />
                  <span className="plan-feature-actions">
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`Move feature ${index + 1} up`}
                      disabled={index === 0}
                      onClick={() => moveFeature(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`Move feature ${index + 1} down`}
                      disabled={index === form.features.length - 1}
                      onClick={() => moveFeature(index, 1)}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`Remove feature ${index + 1}`}
                      disabled={form.features.length <= 1}
                      onClick={() => change({ features: form.features.filter((_, i) => i !== index) })}
                    >
                      Remove
                    </button>
                  </span>
                  {lineError && (
                    <p id={errorId} className="field-error plan-feature-error">
                      {lineError}
                    </p>
                  )}
                </li>
              );
            })}
          </ol>
          {errors.features && <p className="field-error">{errors.features}</p>}
          <div>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={form.features.length >= PLAN_FEATURES_MAX}
              onClick={() => change({ features: [...form.features, newFeature()] })}
            >
              Add feature
            </button>
          </div>
        </fieldset>

        <div className="field">
          <label className="check">
            <input type="checkbox" role="switch" checked={form.active} disabled={free} onChange={(e) => change({ active: e.currentTarget.checked })} />
            Offered on the plans page (active)
          </label>
          <span className="hint">
            {free ? 'The Free plan cannot be deactivated.' : 'An inactive plan is no longer offered; its running subscriptions go on.'}
          </span>
          {errors.active && <p className="field-error">{errors.active}</p>}
        </div>

        {message && (
          <p
            className={message.kind === 'success' ? 'alert alert-success' : message.kind === 'warning' ? 'alert alert-info' : 'alert alert-error'}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        )}

        <div className="commerce-filter-actions">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : `Save ${plan.name}`}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={saving}
            onClick={() => {
              setForm(formOfPlan(plan));
              setErrors({});
              setMessage(null);
            }}
          >
            Reset
          </button>
          <p className="muted">
            Now: {formatCents(plan.monthly_price_cents)} / month, {formatCents(plan.yearly_price_cents)} / year
            {plan.yearly_saving_percent > 0 ? ` (saves ${plan.yearly_saving_percent}%)` : ''}
          </p>
        </div>
      </form>
    </section>
  );
}

function PlansList() {
  const plans = useStore($adminPlans);
  useEffect(() => {
    void loadAdminPlans();
  }, []);
  if (plans.status === 'error') return <ErrorState message={plans.message} onRetry={() => void loadAdminPlans()} />;
  const data = plans.status === 'ready' || plans.status === 'loading' ? plans.data : undefined;
  if (!data) return <LoadingState label="Loading plans..." />;
  if (data.length === 0) return <p className="admin-empty card admin-panel">No plans exist.</p>;
  return (
    <div className="admin-stack">
      <p className="muted">
        Price changes apply to new subscriptions; running ones keep the price they pay until they change plan. With Stripe, new prices are made there when you
        save.
      </p>
      {data.map((plan) => (
        <PlanEditor key={plan.id} plan={plan} />
      ))}
    </div>
  );
}

function SubscriptionPlansAdmin() {
  return (
    <PermissionGate action="plans.manage" what="Subscription plans">
      {() => <PlansList />}
    </PermissionGate>
  );
}

export default withErrorBoundary(SubscriptionPlansAdmin);
