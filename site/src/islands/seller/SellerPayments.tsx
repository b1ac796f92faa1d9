import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { can } from '../../../../worker/src/domain/permissions.ts';
import ResponsiveTable from '../../components/ResponsiveTable.tsx';
import { formatCents } from '../../lib/currency.ts';
import { longDate, pageCount, percentLabel, signedCents } from '../../lib/seller-format.ts';
import { $paymentsPage, $sellerPayments, LEDGER_TYPE_LABELS, loadSellerPayments, paymentsPageOf, payOutBalance, PAYOUT_STATUS_LABELS, refreshConnectStatus, setUpPayouts } from '../../stores/seller-money.ts';
import { type LedgerEntryView, type SellerPayments as Payments } from '../../../../shared/store/seller-money.ts';
import { ConfirmDialog, ErrorState, LoadingState } from '../admin/AdminStates.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import { Figure, Pager, Panel } from './parts.tsx';
import SellerArea from './SellerArea.tsx';

/** The label of the test provider's money, shown wherever nothing real moves (decision 0024). */
export const PAYMENTS_TEST_MODE = 'Test mode — payments and payouts are simulated, no money moves';

function Amount({ cents }: { cents: number }) {
  return <span className={cents < 0 ? 'sl-amount-negative' : undefined}>{signedCents(cents)}</span>;
}

function connectState(connect: Payments['connect']): { label: string; text: string } {
  if (connect.payouts_enabled) return { label: 'Ready for payouts', text: 'Your payout account can receive your balance.' };
  if (connect.account_id) return { label: 'Setup not finished', text: 'Finish setting up your payout account to receive payouts.' };
  return { label: 'Not set up', text: 'Set up a payout account to receive the money you earn.' };
}

function Connect({ payments }: { payments: Payments }) {
  const [busy, setBusy] = useState<'setup' | 'payout' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const state = connectState(payments.connect);
  return (
    <Panel id="sl-connect" title="Payouts">
      <div className="sl-connect">
        <p>
          Payout account: <strong>{state.label}</strong>
          {payments.connect.test_mode && ' (simulated)'}. {state.text}
        </p>
        <p className="muted text-sm">
          {payments.test_mode
            ? 'In test mode the payout account is simulated by this site: no bank details are asked for.'
            : 'Payouts go through Stripe Connect: Stripe asks for your bank details on its own pages.'}
        </p>
        <div className="cluster">
          {!payments.connect.payouts_enabled && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy !== null}
              onClick={async () => {
                setBusy('setup');
                const ok = await setUpPayouts();
                if (!ok) setBusy(null);
              }}
            >
              {busy === 'setup' ? 'Opening...' : 'Set up payouts'}
            </button>
          )}
          <button type="button" className="btn btn-secondary" disabled={busy !== null || payments.payout_blocked_reason !== null} onClick={() => setConfirming(true)}>
            {busy === 'payout' ? 'Paying out...' : 'Pay out balance'}
          </button>
        </div>
        {payments.payout_blocked_reason && <p className="muted text-sm">{payments.payout_blocked_reason}</p>}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Pay out ${formatCents(payments.balance_cents)}?`}
        description={`Your whole balance goes to your payout account${payments.test_mode ? ' (test mode: simulated, no money moves)' : ''}.`}
        confirmLabel="Pay out balance"
        onConfirm={async () => {
          setBusy('payout');
          try {
            return await payOutBalance();
          } finally {
            setBusy(null);
          }
        }}
      />
    </Panel>
  );
}

function Ledger({ payments }: { payments: Payments }) {
  const { ledger } = payments;
  const pages = pageCount(ledger.total, ledger.page_size);
  function go(page: number) {
    const url = new URL(location.href);
    if (page === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(page));
    history.replaceState(history.state, '', url.pathname + url.search);
    void loadSellerPayments(page);
  }
  const describe = (e: LedgerEntryView) => (
    <span className="sl-resource-name">
      {e.resource ? <a href={`/curriculum/${e.resource.id}`}>{e.resource.title}</a> : <span>{e.description || LEDGER_TYPE_LABELS[e.type]}</span>}
      {e.paid_directly && <span className="sl-sub">Paid to your Stripe account with the charge</span>}
    </span>
  );
  return (
    <Panel id="sl-ledger" title="Earnings">
      <p className="muted text-sm">
        Each sale (a resource, a booked lesson or a lesson package) earns its price less the platform fee of {percentLabel(payments.platform_fee_percent)}; a refund takes back the
        refunded amount and its fee share.
      </p>
      {ledger.data.length === 0 ? (
        <p className="ca-empty">No earnings yet. Your sales, refunds and payouts show here.</p>
      ) : (
        <ResponsiveTable
          caption="Earnings, newest first"
          rows={ledger.data}
          rowKey={(e) => e.id}
          columns={[
            { header: 'What', rowHeader: true, cell: describe },
            { header: 'Type', cell: (e) => <span className={e.type === 'sale' ? 'badge badge-success' : e.type === 'refund' ? 'badge badge-danger' : 'badge'}>{LEDGER_TYPE_LABELS[e.type]}</span> },
            { header: 'Date', cell: (e) => longDate(e.created_at) },
            { header: 'Order', cell: (e) => e.order_number ?? '—' },
            { header: 'Amount', align: 'end', cell: (e) => (e.type === 'payout' ? '—' : <Amount cents={e.gross_cents} />) },
            { header: 'Platform fee', align: 'end', cell: (e) => (e.type === 'payout' ? '—' : <Amount cents={-e.fee_cents} />) },
            { header: 'Net', align: 'end', cell: (e) => <Amount cents={e.net_cents} /> },
          ]}
        />
      )}
      <Pager page={ledger.page} pageCount={pages} onPage={go} label="Earnings pages" />
    </Panel>
  );
}

function PayoutList({ payments }: { payments: Payments }) {
  return (
    <Panel id="sl-payouts" title="Payout history">
      {payments.payouts.length === 0 ? (
        <p className="ca-empty">No payouts yet.</p>
      ) : (
        <ResponsiveTable
          caption="Payouts, newest first"
          rows={payments.payouts}
          rowKey={(p) => p.id}
          columns={[
            { header: 'Date', rowHeader: true, cell: (p) => longDate(p.paid_at ?? p.created_at) },
            { header: 'Amount', align: 'end', cell: (p) => formatCents(p.amount_cents) },
            {
              header: 'Status',
              cell: (p) => (
                <>
                  <span className={p.status === 'paid' ? 'badge badge-success' : p.status === 'failed' ? 'badge badge-danger' : 'badge badge-warning'}>{PAYOUT_STATUS_LABELS[p.status]}</span>
                  {p.test_mode && <span className="badge sl-inline-badge">Test mode</span>}
                </>
              ),
            },
          ]}
        />
      )}
    </Panel>
  );
}

function Body() {
  const state = useStore($sellerPayments);
  const page = useStore($paymentsPage);
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const connect = params.get('connect');
    if (connect === 'return' || connect === 'refresh') {
      setReturned(connect === 'return');
      params.delete('connect');
      const query = params.toString();
      history.replaceState(history.state, '', location.pathname + (query ? `?${query}` : ''));
      void loadSellerPayments(paymentsPageOf(location.search)).then(refreshConnectStatus);
    } else {
      void loadSellerPayments(paymentsPageOf(location.search));
    }
  }, []);
  const payments = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  const t = payments?.totals;
  return (
    <div className="ca-stack">
      {payments?.test_mode && (
        <p>
          <span className="sl-test-label">{PAYMENTS_TEST_MODE}</span>
        </p>
      )}
      {returned && payments && (
        <p className="alert alert-info" role="status">
          {payments.connect.payouts_enabled ? 'Your payout account is set up: you can pay out your balance.' : 'Your payout account is not finished yet. Set up payouts again to continue.'}
        </p>
      )}
      {state.status === 'error' && <ErrorState message={state.message} onRetry={() => void loadSellerPayments(page)} />}
      {!payments && state.status !== 'error' && <LoadingState label="Loading payments..." />}
      {payments && t && (
        <>
          <dl className="sl-figures" aria-label="Balance and totals">
            <Figure label="Balance" value={formatCents(payments.balance_cents)} detail="What a payout sends now" />
            <Figure label="Earned" value={formatCents(t.earned_cents)} detail="Net of the platform fee and refunds" />
            <Figure label="Sales" value={formatCents(t.sales_cents)} detail="What buyers paid" />
            <Figure label="Platform fee" value={signedCents(-t.fees_cents)} detail={`${percentLabel(payments.platform_fee_percent)} of each sale`} />
            <Figure label="Refunds" value={signedCents(t.refunds_cents)} />
            <Figure label="Paid out" value={formatCents(t.paid_out_cents)} />
            {t.paid_directly_cents !== 0 && <Figure label="Paid with the charge" value={formatCents(t.paid_directly_cents)} detail="Sent by Stripe straight to your account" />}
          </dl>
          <Connect payments={payments} />
          <Ledger payments={payments} />
          <PayoutList payments={payments} />
        </>
      )}
    </div>
  );
}

/**
 * /seller/payments: balance, earnings net of the fee and refunds, payouts and the payout account.
 * A Connect & Book instructor who does not sell in the store (payouts.receive without store.sell,
 * decision 0032) sees it too: their bookings' and packages' earnings, paid out the same way.
 */
function SellerPayments() {
  return <SellerArea notSeller={(user) => (can(user.role, 'payouts.receive') && !can(user.role, 'store.sell') ? <Body /> : undefined)}>{() => <Body />}</SellerArea>;
}

export default withErrorBoundary(SellerPayments);
