import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { BillingInterval } from '../../../db/schema/subscriptions.ts';
import type { PlanKey } from '../../../worker/src/domain/subscriptions.ts';
import ModalDialog from '../components/ModalDialog.tsx';
import UpgradeDialog from '../components/UpgradeDialog.tsx';
import ResponsiveTable, { type TableColumn } from '../components/ResponsiveTable.tsx';
import { formatCents } from '../lib/currency.ts';
import {
  billingDate,
  intervalWord,
  invoiceDescription,
  invoiceStatus,
  isLive,
  perInterval,
  subscriptionStatusText,
  type BillingTone,
} from '../lib/subscription-status.ts';
import {
  $billingBusy,
  $changePreview,
  $managedSubscription,
  $myInvoices,
  $mySubscriptions,
  cancelSubscription,
  changeSubscription,
  clearChangePreview,
  keepCurrentPlan,
  loadMyInvoices,
  loadMySubscriptions,
  openBillingPortal,
  previewChange,
  resumeSubscription,
  type ChangePreview,
  type InvoiceView,
  type SubscriptionView,
} from '../stores/billing.ts';
import { $plans, loadPlans } from '../stores/subscriptions.ts';
import { withErrorBoundary } from './ErrorBoundary.tsx';
import '../styles/billing.css';

const badgeClass = (tone: BillingTone) => (tone === 'neutral' ? 'badge' : `badge badge-${tone}`);

/**
 * The subscription part of /profile/manage: the plan, its status explained, renewal
 * or end date, a switch of billing interval with its preview, cancel and resume, a scheduled change
 * with Keep current plan, Stripe's billing portal, and the invoices with their receipts.
 */
function SubscriptionManage() {
  const subscriptions = useStore($mySubscriptions);
  const sub = useStore($managedSubscription);
  useEffect(() => {
    void loadMySubscriptions();
    void loadMyInvoices();
  }, []);

  return (
    <>
      <section className="card" aria-labelledby="plan-heading" aria-busy={subscriptions.status === 'loading'}>
        <div className="card-body stack">
          <h2 id="plan-heading" className="card-title">
            Subscription
          </h2>
          {subscriptions.status === 'error' && !subscriptions.data ? (
            <div className="alert alert-error" role="alert">
              <p>{subscriptions.message}</p>
              <button type="button" className="btn btn-secondary" onClick={() => void loadMySubscriptions()}>
                Try again
              </button>
            </div>
          ) : !('data' in subscriptions) || !subscriptions.data ? (
            <p className="loading">Loading your subscription...</p>
          ) : sub && isLive(sub) ? (
            <CurrentSubscription sub={sub} />
          ) : (
            <FreePlan ended={sub} />
          )}
        </div>
      </section>
      <InvoicesSection />
    </>
  );
}

function FreePlan({ ended }: { ended: SubscriptionView | null }) {
  return (
    <div className="stack-sm">
      <p className="billing-plan-line">
        <strong className="billing-plan-name">Free</strong> <span className="badge">Free plan</span>
      </p>
      {ended && <p className="muted">{subscriptionStatusText(ended).explanation}</p>}
      <p>Educator and higher plans unlock course administration, selling in the store and premium courses. Every plan starts with a 14-day free trial.</p>
      <p>
        <a className="btn btn-primary" href="/subscription">
          See plans
        </a>
      </p>
    </div>
  );
}

function CurrentSubscription({ sub }: { sub: SubscriptionView }) {
  const busy = useStore($billingBusy);
  const status = subscriptionStatusText(sub);
  const other: BillingInterval = sub.interval === 'year' ? 'month' : 'year';
  const scheduled = sub.scheduled_change;
  const plans = useStore($plans);
  useEffect(() => {
    void loadPlans().catch(() => undefined);
  }, []);
  // Lower paid plans: a downgrade waits for the period end (to Free is a cancellation).
  const lower = 'data' in plans && plans.data ? plans.data.filter((p) => p.level > 0 && p.level < sub.plan.level) : [];
  const canSwitch = !sub.cancel_at_period_end && !scheduled && sub.status !== 'past_due' && sub.status !== 'unpaid' && sub.status !== 'incomplete';
  return (
    <div className="stack">
      <div className="stack-sm">
        <p className="billing-plan-line">
          <strong className="billing-plan-name">{sub.plan.name}</strong> <span className={badgeClass(status.tone)}>{status.label}</span>
          {sub.provider === 'test' && <span className="badge badge-warning">Test mode</span>}
        </p>
        <p className={sub.status === 'past_due' || sub.status === 'unpaid' ? 'billing-explanation billing-explanation-danger' : 'billing-explanation'}>
          {status.explanation}
        </p>
      </div>
      <dl className="dl billing-facts">
        <dt>Billing</dt>
        <dd>
          {intervalWord(sub.interval)} · {formatCents(sub.price_cents)}
          {perInterval(sub.interval)}
        </dd>
        {status.dateLabel && status.date && (
          <>
            <dt>{status.dateLabel}</dt>
            <dd>{status.date}</dd>
          </>
        )}
        {sub.status === 'trialing' && !sub.cancel_at_period_end && (
          <>
            <dt>First payment</dt>
            <dd>
              {formatCents(sub.price_cents)} on {billingDate(sub.trial_end ?? sub.current_period_end)}
            </dd>
          </>
        )}
      </dl>
      {scheduled && (
        <div className="alert alert-info" role="status">
          <p className="alert-title">Scheduled change</p>
          <p>
            On {billingDate(scheduled.effective_at ?? sub.current_period_end)} your subscription changes to {scheduled.plan.name},{' '}
            {intervalWord(scheduled.interval).toLowerCase()}.
          </p>
          <button type="button" className="btn btn-secondary btn-sm" disabled={busy !== null} onClick={() => void keepCurrentPlan()}>
            {busy === 'keep' ? 'Keeping...' : 'Keep current plan'}
          </button>
        </div>
      )}
      <div className="cluster">
        {sub.cancel_at_period_end ? (
          <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void resumeSubscription()}>
            {busy === 'resume' ? 'Resuming...' : 'Resume subscription'}
          </button>
        ) : (
          <ChangePlan sub={sub} />
        )}
        {canSwitch && (
          <ChangeButton
            plan={sub.plan.tier}
            interval={other}
            label={other === 'year' ? 'Switch to yearly' : 'Switch to monthly'}
            title={other === 'year' ? 'Switch to yearly billing' : 'Switch to monthly billing'}
            description={other === 'year' ? 'Yearly billing starts at once; the unused part of this period is credited.' : 'Monthly billing starts when the current year ends.'}
          />
        )}
        {canSwitch &&
          lower.map((p) => (
            <ChangeButton
              key={p.key}
              plan={p.key}
              interval={sub.interval}
              label={`Downgrade to ${p.name}`}
              title={`Downgrade to ${p.name}`}
              description={`${p.name} starts when the current billing period ends; until then you keep ${sub.plan.name}.`}
            />
          ))}
        {!sub.cancel_at_period_end && <CancelSubscription sub={sub} />}
        {sub.provider === 'stripe' && (
          <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => void openBillingPortal()}>
            {busy === 'portal' ? 'Opening...' : 'Manage billing in Stripe'}
          </button>
        )}
      </div>
      <p className="muted text-sm">
        <a href="/subscription">Compare all plans</a>
      </p>
    </div>
  );
}

/** "Change plan": the upgrade dialog (higher plans; a downgrade is chosen on /subscription). */
function ChangePlan({ sub }: { sub: SubscriptionView }) {
  const busy = useStore($billingBusy);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => setOpen(true)}>
        Change plan
      </button>
      <UpgradeDialog open={open} onOpenChange={setOpen} interval={sub.interval} />
    </>
  );
}

function CancelSubscription({ sub }: { sub: SubscriptionView }) {
  const busy = useStore($billingBusy);
  const [open, setOpen] = useState(false);
  const until = billingDate(sub.current_period_end);
  async function confirm() {
    await cancelSubscription();
    setOpen(false);
  }
  return (
    <>
      <button type="button" className="btn btn-ghost" disabled={busy !== null} onClick={() => setOpen(true)}>
        Cancel subscription
      </button>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        role="alertdialog"
        busy={busy === 'cancel'}
        title="Cancel your subscription?"
        description={`You keep access to ${sub.plan.name} until ${until || 'the end of this billing period'}; nothing more is charged. You can resume before then.`}
      >
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-secondary" disabled={busy === 'cancel'} onClick={() => setOpen(false)}>
            Keep subscription
          </button>
          <button type="button" className="btn btn-danger" disabled={busy === 'cancel'} onClick={() => void confirm()}>
            {busy === 'cancel' ? 'Cancelling...' : 'Cancel subscription'}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}

/** A change at the click of a button, confirmed after its preview: a switch of interval or a downgrade. */
function ChangeButton({ plan, interval, label, title, description }: { plan: PlanKey; interval: BillingInterval; label: string; title: string; description: string }) {
  const busy = useStore($billingBusy);
  const preview = useStore($changePreview);
  const [open, setOpen] = useState(false);
  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) void previewChange(plan, interval);
    else clearChangePreview();
  }
  async function confirm(p: ChangePreview) {
    const ok = await changeSubscription(p.to.plan.tier, p.to.interval, p.effective);
    if (ok) setOpen(false);
  }
  return (
    <>
      <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => onOpenChange(true)}>
        {label}
      </button>
      <ModalDialog
        open={open}
        onOpenChange={onOpenChange}
        busy={busy === 'change'}
        title={title}
        description={description}
      >
        {preview.status === 'ready' ? (
          <PreviewLines preview={preview.data} />
        ) : preview.status === 'error' ? (
          <div className="alert alert-error" role="alert">
            <p>{preview.message}</p>
          </div>
        ) : (
          <p className="loading" role="status">
            <span className="spinner" aria-hidden="true" /> Working out the price...
          </p>
        )}
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-secondary" disabled={busy === 'change'} onClick={() => onOpenChange(false)}>
            Not now
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={preview.status !== 'ready' || busy === 'change'}
            onClick={() => preview.status === 'ready' && void confirm(preview.data)}
          >
            {busy === 'change' ? 'Switching...' : label}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}

/** What the change costs and when, as the preview answered it. */
export function PreviewLines({ preview }: { preview: ChangePreview }) {
  const newPrice = `${formatCents(preview.to.price_cents)}${perInterval(preview.to.interval)}`;
  if (preview.effective === 'period_end') {
    return (
      <p>
        From {billingDate(preview.effective_at)} you pay {newPrice} for {preview.to.plan.name}. Until then nothing changes.
      </p>
    );
  }
  if (preview.trialing) {
    return (
      <p>
        You are in your free trial: nothing is charged today. Your first payment is {newPrice} when the trial ends
        {preview.effective_at ? ` on ${billingDate(preview.effective_at)}` : ''}.
      </p>
    );
  }
  return (
    <dl className="dl billing-preview" aria-label="Price of the change">
      <dt>New price</dt>
      <dd>{newPrice}</dd>
      <dt>Credit for unused time</dt>
      <dd>−{formatCents(preview.credit_cents)}</dd>
      <dt>Rest of this period at the new price</dt>
      <dd>{formatCents(preview.charge_cents)}</dd>
      <dt>Due today</dt>
      <dd>
        <strong>{formatCents(preview.due_cents)}</strong>
      </dd>
    </dl>
  );
}

const invoiceColumns: readonly TableColumn<InvoiceView>[] = [
  { header: 'Date', rowHeader: true, cell: (i) => billingDate(i.paid_at ?? i.created_at) },
  { header: 'Number', cell: (i) => i.number ?? '—' },
  { header: 'Description', cell: (i) => invoiceDescription(i) },
  { header: 'Amount', align: 'end', cell: (i) => formatCents(i.status === 'paid' ? i.amount_paid_cents : i.amount_due_cents) },
  {
    header: 'Status',
    cell: (i) => {
      const s = invoiceStatus(i.status, i.failure_reason);
      return <span className={badgeClass(s.tone)}>{s.label}</span>;
    },
  },
  {
    header: 'Receipt',
    hideHeader: true,
    cell: (i) => (
      <a href={`/profile/manage/invoices/${i.id}`} aria-label={`Receipt of invoice ${i.number ?? i.id}`}>
        Receipt
      </a>
    ),
  },
];

function InvoicesSection() {
  const invoices = useStore($myInvoices);
  const rows = 'data' in invoices ? invoices.data : undefined;
  return (
    <section className="card" aria-labelledby="invoices-heading">
      <div className="card-body stack-sm">
        <h2 id="invoices-heading" className="card-title">
          Invoices
        </h2>
        {invoices.status === 'error' && !rows && (
          <div className="alert alert-error" role="alert">
            <p>{invoices.message}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void loadMyInvoices()}>
              Try again
            </button>
          </div>
        )}
        {!rows && invoices.status !== 'error' && <p className="loading">Loading invoices...</p>}
        {rows && rows.length === 0 && <p className="muted">No invoices yet.</p>}
        {rows && rows.length > 0 && (
          <ResponsiveTable caption="Invoices" columns={invoiceColumns} rows={rows} rowKey={(i) => i.id} busy={invoices.status === 'loading'} />
        )}
      </div>
    </section>
  );
}

export default withErrorBoundary(SubscriptionManage);
