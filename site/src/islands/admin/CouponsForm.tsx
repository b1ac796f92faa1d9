import { useEffect, useId, useRef, useState } from 'react';
import FormField from '../../components/FormField.tsx';
import { formatCurrency } from '../../lib/currency.ts';
import { COUPON_KIND_LABELS, saveCoupon, searchCourses, type CouponForm, type CouponFormErrors, type CouponItemKind } from '../../stores/admin-commerce.ts';
import { type CouponView } from '../../../../shared/coupons.ts';

const KINDS = Object.keys(COUPON_KIND_LABELS) as CouponItemKind[];

/** "Applies to": a course picker over the admin's course list (search by title). */
function CoursePicker({ chosen, onAdd, onRemove }: { chosen: CouponForm['items']; onAdd: (c: { id: number; title: string }) => void; onRemove: (id: number) => void }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [results, setResults] = useState<{ id: number; title: string; price: number; status: string }[] | null>(null);
  const [failed, setFailed] = useState(false);
  const request = useRef(0);

  useEffect(() => {
    const n = ++request.current;
    const timer = setTimeout(() => {
      searchCourses(q)
        .then((found) => {
          if (n === request.current) {
            setResults(found);
            setFailed(false);
          }
        })
        .catch(() => {
          if (n === request.current) setFailed(true);
        });
    }, 250);
    return () => clearTimeout(timer);
  }, [q]);

  const chosenIds = new Set(chosen.filter((i) => i.kind === 'COURSE').map((i) => i.itemId));
  return (
    <fieldset className="commerce-fieldset commerce-filter-wide">
      <legend>Specific courses (optional)</legend>
      <p className="hint">None chosen: every item of the kinds above.</p>
      {chosen.length > 0 && (
        <ul className="admin-chips" aria-label="Chosen items">
          {chosen.map((item) => (
            <li key={`${item.kind}:${item.itemId}`} className="admin-chip">
              <span>{item.title}</span>
              <button type="button" className="admin-chip-remove" aria-label={`Remove ${item.title}`} onClick={() => onRemove(item.itemId)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={`${id}-q`}>Find a course</label>
      <input id={`${id}-q`} type="search" className="input" autoComplete="off" placeholder="Course title" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      {failed && <p className="field-error">The courses could not be loaded.</p>}
      {results && (
        <ul className="commerce-picker" aria-label="Matching courses">
          {results.length === 0 && <li className="muted">No course matches.</li>}
          {results.slice(0, 5).map((course) => (
            <li key={course.id}>
              <span>
                {course.title} <span className="muted">· {formatCurrency(course.price)}</span>
              </span>
              <button type="button" className="btn btn-secondary btn-sm" disabled={chosenIds.has(course.id)} onClick={() => onAdd(course)} aria-label={`Add ${course.title}`}>
                {chosenIds.has(course.id) ? 'Added' : 'Add'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export interface CouponsFormProps {
  initial: CouponForm;
  /** The coupon edited, or null for a new one. */
  editing: CouponView | null;
  onDone: () => void;
}

export function CouponsForm({ initial, editing, onDone }: CouponsFormProps) {
  const id = useId();
  const [form, setForm] = useState<CouponForm>(initial);
  const [errors, setErrors] = useState<CouponFormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const set = <K extends keyof CouponForm>(key: K, value: CouponForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit() {
    setBusy(true);
    setMessage(null);
    const result = await saveCoupon(form, editing?.id ?? null);
    setBusy(false);
    if (result.ok) {
      onDone();
      return;
    }
    setErrors(result.errors);
    setMessage(result.message);
  }

  return (
    <section className="card admin-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="admin-section-title">
        {editing ? `Edit coupon ${editing.code}` : 'New coupon'}
      </h2>
      <form
        className="commerce-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormField label="Code" required error={errors.code} hint="3–32 letters, digits, - or _. Buyers type it at checkout (any case).">
          <input className="input commerce-upper" autoComplete="off" value={form.code} onChange={(e) => set('code', e.currentTarget.value)} />
        </FormField>
        <FormField label="Description (optional)" error={errors.description} hint="For admins; the buyer sees the discount.">
          <input className="input" maxLength={200} value={form.description} onChange={(e) => set('description', e.currentTarget.value)} />
        </FormField>

        <fieldset className="commerce-fieldset">
          <legend>Discount</legend>
          <label className="check">
            <input type="radio" name={`${id}-type`} checked={form.discountType === 'percent'} onChange={() => set('discountType', 'percent')} />
            Percentage
          </label>
          <label className="check">
            <input type="radio" name={`${id}-type`} checked={form.discountType === 'fixed'} onChange={() => set('discountType', 'fixed')} />
            Fixed amount
          </label>
        </fieldset>
        {form.discountType === 'percent' ? (
          <FormField label="Percent off" required error={errors.percentOff} hint="1 to 100.">
            <input className="input commerce-amount" inputMode="numeric" value={form.percentOff} onChange={(e) => set('percentOff', e.currentTarget.value)} />
          </FormField>
        ) : (
          <FormField label="Amount off (USD)" required error={errors.amountOff} hint="Spread over the items it applies to; never more than they cost.">
            <input className="input commerce-amount" inputMode="decimal" value={form.amountOff} onChange={(e) => set('amountOff', e.currentTarget.value)} />
          </FormField>
        )}

        <fieldset className="commerce-fieldset commerce-filter-wide">
          <legend>Applies to</legend>
          <p className="hint">None ticked: every kind of item.</p>
          <div className="cluster">
            {KINDS.map((kind) => (
              <label key={kind} className="check">
                <input
                  type="checkbox"
                  checked={form.appliesToKinds.includes(kind)}
                  onChange={(e) => {
                    const on = e.currentTarget.checked;
                    set('appliesToKinds', on ? [...form.appliesToKinds, kind] : form.appliesToKinds.filter((k) => k !== kind));
                  }}
                />
                {COUPON_KIND_LABELS[kind]}
              </label>
            ))}
          </div>
          {errors.appliesToKinds && <p className="field-error">{errors.appliesToKinds}</p>}
        </fieldset>
        <CoursePicker
          chosen={form.items}
          onAdd={(course) => set('items', [...form.items, { kind: 'COURSE', itemId: course.id, title: course.title }])}
          onRemove={(itemId) => set('items', form.items.filter((i) => i.itemId !== itemId))}
        />
        {errors.items && <p className="field-error commerce-filter-wide">{errors.items}</p>}

        <FormField label="Starts on (optional)" error={errors.startsOn} hint="From the start of this day (UTC).">
          <input type="date" className="input" value={form.startsOn} onChange={(e) => set('startsOn', e.currentTarget.value)} />
        </FormField>
        <FormField label="Ends on (optional)" error={errors.endsOn} hint="Valid through the end of this day (UTC).">
          <input type="date" className="input" value={form.endsOn} min={form.startsOn || undefined} onChange={(e) => set('endsOn', e.currentTarget.value)} />
        </FormField>
        <FormField label="Total uses (optional)" error={errors.maxRedemptions} hint="Counted when an order is paid; empty: no limit.">
          <input className="input commerce-amount" inputMode="numeric" value={form.maxRedemptions} onChange={(e) => set('maxRedemptions', e.currentTarget.value)} />
        </FormField>
        <FormField label="Uses per buyer (optional)" error={errors.perUserLimit} hint="Empty: no limit.">
          <input className="input commerce-amount" inputMode="numeric" value={form.perUserLimit} onChange={(e) => set('perUserLimit', e.currentTarget.value)} />
        </FormField>
        <FormField label="Minimum order (USD, optional)" error={errors.minOrder} hint="The order's subtotal before discounts.">
          <input className="input commerce-amount" inputMode="decimal" value={form.minOrder} onChange={(e) => set('minOrder', e.currentTarget.value)} />
        </FormField>
        <label className="check commerce-filter-wide">
          <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.currentTarget.checked)} />
          Active (applies at checkout)
        </label>

        {message && (
          <p className="alert alert-error commerce-filter-wide" role="alert">
            {message}
          </p>
        )}
        <div className="cluster commerce-filter-wide">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : editing ? 'Save changes' : 'Create coupon'}
          </button>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
