import { formatCents } from '../../lib/currency.ts';
import { buyPackage, chooseLessonType, choosePayment, type FlowState, type LessonTypeView, type PackagePurchaseView, type PublicProfileView } from '../../stores/booking-flow.ts';

function capacityLine(type: LessonTypeView): string {
  return type.capacity > 1 ? `up to ${type.capacity} people` : 'one to one';
}

/** Step 1: the lesson type, and how to pay for it (card, or a credit of a package held for it). */
export default function LessonTypeStep({ instructor, types, flow, credits }: { instructor: PublicProfileView; types: LessonTypeView[]; flow: FlowState; credits: PackagePurchaseView[] }) {
  const offered = instructor.packages.filter((p) => p.active && p.lesson_type_id === flow.lessonTypeId);
  const type = types.find((t) => t.id === flow.lessonTypeId);
  return (
    <section className="booking-step panel stack" aria-labelledby="step-type">
      <h2 id="step-type" className="booking-step-title">
        1. Lesson type
      </h2>
      <fieldset className="lesson-types">
        <legend className="visually-hidden">Lesson type</legend>
        {types.map((t) => (
          <label key={t.id} className="lesson-type">
            <input type="radio" name="lesson-type" checked={t.id === flow.lessonTypeId} onChange={() => chooseLessonType(t.id)} />
            <span className="lesson-type-body">
              <span className="lesson-type-title">{t.title}</span>
              <span className="lesson-type-meta">
                {t.kind_label} · {t.duration_minutes} min · {formatCents(t.price_cents)} · {capacityLine(t)} · {t.mode_label}
              </span>
              {t.description && <span className="lesson-type-meta">{t.description}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      {type && credits.length > 0 && (
        <fieldset className="lesson-types">
          <legend className="label">Pay with</legend>
          <label className="check">
            <input type="radio" name="pay-with" checked={flow.packagePurchaseId === null} onChange={() => choosePayment(null)} />
            Card ({formatCents(type.price_cents)})
          </label>
          {credits.map((p) => (
            <label key={p.id} className="check">
              <input type="radio" name="pay-with" checked={flow.packagePurchaseId === p.id} onChange={() => choosePayment(p.id)} />
              Use a package credit: {p.title} ({p.credits_left} of {p.credits_total} left)
            </label>
          ))}
        </fieldset>
      )}
      {offered.length > 0 && (
        <div className="stack-sm">
          <p className="label">Lesson packages</p>
          <ul className="package-offers">
            {offered.map((p) => (
              <li key={p.id} className="package-offer">
                <span>
                  {p.title}: {p.lessons_count} lessons for {formatCents(p.price_cents)}
                  {p.saving_percent > 0 && ` (save ${p.saving_percent}%)`}
                </span>
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => void buyPackage(p.id)} aria-label={`Buy package: ${p.title}`}>
                  Buy package
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
