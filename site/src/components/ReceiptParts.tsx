import type { ReactNode } from 'react';

/**
 * The pieces every printable receipt shares (an order's at /my-purchases/{id}/receipt, a
 * subscription invoice's at /profile/manage/invoices/{id}): the toolbar that print hides, and the
 * head with the brand and the receipt's facts, the rows of the totals, and what shows in place of
 * the receipt when it is not in the account or does not load. Styles: `.receipt*` in styles/checkout.css.
 */

/** The receipt page: the toolbar, then the article titled by the head; the lines and notes are the children. */
export function ReceiptLayout({
  backHref,
  backLabel,
  facts,
  children,
}: {
  backHref: string;
  backLabel: string;
  facts: readonly (readonly [string, ReactNode])[];
  children: ReactNode;
}) {
  return (
    <div className="stack">
      <ReceiptToolbar backHref={backHref} backLabel={backLabel} />
      <article className="receipt" aria-labelledby="receipt-heading">
        <ReceiptHead headingId="receipt-heading" facts={facts} />
        {children}
      </article>
    </div>
  );
}

/** In place of a receipt the account does not hold: a line and the way back. */
export function ReceiptNotFound({ text, backHref, backLabel }: { text: string; backHref: string; backLabel: string }) {
  return (
    <div className="panel center stack">
      <p className="lead">{text}</p>
      <p>
        <a className="btn btn-primary" href={backHref}>
          {backLabel}
        </a>
      </p>
    </div>
  );
}

/** A row of the totals under the lines: its label spans the columns before the amount. */
export function ReceiptSumRow({ label, span, children }: { label: ReactNode; span?: number; children: ReactNode }) {
  return (
    <tr>
      <th scope="row" colSpan={span} className="num">
        {label}
      </th>
      <td className="num">{children}</td>
    </tr>
  );
}

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
