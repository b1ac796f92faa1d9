import type { ReactNode } from 'react';

/**
 * The pieces every printable receipt shares (an order's at /my-purchases/{id}/receipt, a
 * subscription invoice's at /profile/manage/invoices/{id}): the toolbar that print hides, and the
 * head with the brand and the receipt's facts. Styles: `.receipt*` in styles/checkout.css.
 */

export function ReceiptToolbar({ backHref, backLabel }: { backHref: string; backLabel: string }) {
  return (
    <p className="cluster no-print">
      <a className="btn btn-ghost" href={backHref}>
        ← {backLabel}
      </a>
      <button type="button" className="btn btn-primary" onClick={() => window.print()}>
        Print receipt
      </button>
    </p>
  );
}

export function ReceiptHead({ headingId, facts }: { headingId: string; facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <header className="receipt-head">
      <div>
        <p className="brand" style={{ margin: 0 }}>
          <span className="brand-mark" aria-hidden="true">
            D
          </span>{' '}
          DRX
        </p>
        <p className="purchase-meta">Resources, training and community for dance educators.</p>
      </div>
      <div>
        <h2 id={headingId}>Receipt</h2>
        <dl className="dl text-sm">
          {facts.map(([label, value]) => (
            <FactRow key={label} label={label} value={value} />
          ))}
        </dl>
      </div>
    </header>
  );
}

function FactRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
