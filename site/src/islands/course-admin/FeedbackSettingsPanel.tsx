import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import FormField from '../../components/FormField.tsx';
import { formatCents } from '../../lib/currency.ts';
import { $feedbackSettings, loadFeedbackSettings, saveFeedbackSettings, setPracticeRule, type CourseFeedbackSettingsPage } from '../../stores/course-feedback.ts';
import { loaded } from '../../stores/query.ts';
import { FEEDBACK_MODES, type FeedbackMode } from '../../../../shared/practice.ts';
import {
  DELETE_TAKES_DAYS_MAX,
  FEEDBACK_MODE_LABELS,
  PACK_PRICE_RANGE,
  RESPONSE_DAYS_MAX,
  RESPONSE_DAYS_MIN,
  feedbackSettingsSchema,
  type FeedbackSettingsInput,
} from '../../../../shared/course-feedback-settings.ts';

/**
 * "Feedback on takes" of the course editor (decision 0070): whether the course's instructors
 * review the takes its learners send, how (reviews included with the course, or credits sold in
 * packs), the answer time they promise and how long take files are kept; then the course's video
 * lessons, each of which may be completed only with an approved take.
 */

const MODE_HINTS: Record<FeedbackMode, string> = {
  none: 'Learners practise and keep their takes; nobody reviews them.',
  included: 'Each enrolled learner gets this many reviewed takes with the course.',
  credits: 'Learners buy packs of credits; each review spends one.',
};

interface FormState {
  mode: FeedbackMode;
  included: string;
  price: string;
  perPack: string;
  days: string;
  deleteFiles: boolean;
  deleteDays: string;
}

type Errors = Partial<Record<keyof FeedbackSettingsInput | '_', string>>;

/** A choice whose text runs over lines: its box stays at the first line, full size. */
const TOP = { alignItems: 'flex-start' } as const;
const BOX = { flexShrink: 0, marginTop: '0.2rem' } as const;

function stateOf(s: CourseFeedbackSettingsPage): FormState {
  return {
    mode: s.mode,
    included: String(s.included_reviews || (s.mode === 'included' ? 1 : 3)),
    price: s.credit_pack_cents > 0 ? (s.credit_pack_cents / 100).toFixed(2) : '',
    perPack: String(s.credits_per_pack),
    days: String(s.response_days),
    deleteFiles: s.delete_takes_after_days !== null,
    deleteDays: String(s.delete_takes_after_days ?? 30),
  };
}

/** A whole number as typed, NaN otherwise (the schema says what is wrong). */
const wholeOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
/** Dollars as typed ("25", "25.5", "25.50"), in cents; NaN otherwise. */
const centsOf = (text: string) => (/^\s*\d{1,7}(\.\d{1,2})?\s*$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN);

function inputOf(f: FormState): FeedbackSettingsInput {
  return {
    mode: f.mode,
    included_reviews: f.mode === 'included' ? wholeOf(f.included) : 0,
    credit_pack_cents: f.mode === 'credits' ? centsOf(f.price) : 0,
    credits_per_pack: f.mode === 'credits' ? wholeOf(f.perPack) : 1,
    response_days: wholeOf(f.days),
    delete_takes_after_days: f.deleteFiles ? wholeOf(f.deleteDays) : null,
  };
}

export default function FeedbackSettingsPanel({ courseId, canManage }: { courseId: number; canManage: boolean }) {
  const id = useId();
  const state = useStore($feedbackSettings);
  useEffect(() => {
    void loadFeedbackSettings(courseId);
  }, [courseId]);
  const data = loaded(state);
  const current = data?.course_id === courseId ? data : undefined;

  return (
    <section className="ca-panel ca-stack" aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`}>Feedback on takes</h2>
        <p className="muted">Learners practise a video lesson beside its clip with their camera and may send a take for your feedback.</p>
      </div>
      {state.status === 'error' && !current ? (
        <p className="alert alert-error" role="alert">
          {state.message}
        </p>
      ) : !current ? (
        <p className="loading" role="status">
          <span className="spinner" aria-hidden="true" />
          Loading the feedback settings…
        </p>
      ) : (
        <>
          <SettingsForm
            key={JSON.stringify({ ...current, lessons: undefined })}
            settings={current}
            canManage={canManage}
          />
          <LessonRules settings={current} canManage={canManage} />
        </>
      )}
    </section>
  );
}

function SettingsForm({ settings, canManage }: { settings: CourseFeedbackSettingsPage; canManage: boolean }) {
  const id = useId();
  const [form, setForm] = useState<FormState>(() => stateOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = inputOf(form);
    const checked = feedbackSettingsSchema.safeParse(input);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = (issue.path[0] ?? '_') as keyof Errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    const result = await saveFeedbackSettings(settings.course_id, input);
    setSaving(false);
    if (!result.ok) {
      // Under the fields they belong to; the message alone when it names none.
      const found: Errors = {};
      for (const [field, messages] of Object.entries(result.validationErrors ?? {})) if (messages[0]) found[field as keyof Errors] = messages[0];
      setErrors(Object.keys(found).length > 0 ? found : { _: result.message });
    }
  }

  const perPack = wholeOf(form.perPack);
  const cents = centsOf(form.price);

  return (
    <form className="ca-form" noValidate onSubmit={submit} aria-label="Feedback on takes">
      <fieldset className="ca-fieldset" disabled={!canManage || saving}>
        <legend>How this course offers feedback</legend>
        <div className="stack-sm" role="radiogroup" aria-label="Feedback offer" aria-describedby={errors.mode ? `${id}-mode-error` : undefined}>
          {FEEDBACK_MODES.map((mode) => (
            <label key={mode} className="check" style={TOP}>
              <input type="radio" name={`${id}-mode`} value={mode} checked={form.mode === mode} onChange={() => set('mode', mode)} style={BOX} />
              <span>
                {FEEDBACK_MODE_LABELS[mode]}
                <span className="hint" style={{ display: 'block' }}>
                  {MODE_HINTS[mode]}
                </span>
              </span>
            </label>
          ))}
          {errors.mode && (
            <p id={`${id}-mode-error`} className="field-error">
              {errors.mode}
            </p>
          )}
        </div>
        <div className="stack">
          {form.mode === 'included' && (
            <FormField label="Reviews per learner" error={errors.included_reviews} hint="From 1 to 100." required>
              <input type="number" inputMode="numeric" min={1} max={100} step={1} value={form.included} onChange={(e) => set('included', e.currentTarget.value)} />
            </FormField>
          )}
          {form.mode === 'credits' && (
            <>
              <FormField label="Pack price (USD)" error={errors.credit_pack_cents} hint={PACK_PRICE_RANGE.replace('A pack must cost from', 'From')} required>
                <input className="input commerce-amount" inputMode="decimal" autoComplete="off" placeholder="25.00" value={form.price} onChange={(e) => set('price', e.currentTarget.value)} />
              </FormField>
              <FormField
                label="Credits per pack"
                error={errors.credits_per_pack}
                hint={Number.isFinite(perPack) && Number.isFinite(cents) && perPack > 0 ? `${formatCents(Math.round(cents / perPack))} a review.` : 'From 1 to 100; a review spends one.'}
                required
              >
                <input type="number" inputMode="numeric" min={1} max={100} step={1} value={form.perPack} onChange={(e) => set('perPack', e.currentTarget.value)} />
              </FormField>
            </>
          )}
          {form.mode !== 'none' && (
            <FormField label="Answer within (days)" error={errors.response_days} hint="A request waiting longer shows as overdue in your queue." required>
              <input type="number" inputMode="numeric" min={RESPONSE_DAYS_MIN} max={RESPONSE_DAYS_MAX} step={1} value={form.days} onChange={(e) => set('days', e.currentTarget.value)} />
            </FormField>
          )}
        </div>
      </fieldset>
      <fieldset className="ca-fieldset" disabled={!canManage || saving}>
        <legend>Take files</legend>
        <label className="check" style={TOP}>
          <input type="checkbox" checked={form.deleteFiles} onChange={(e) => set('deleteFiles', e.currentTarget.checked)} style={BOX} />
          <span>
            Delete a take’s video some days after its answer
            <span className="hint" style={{ display: 'block' }}>
              The answer and its notes stay; only the video file goes.
            </span>
          </span>
        </label>
        {form.deleteFiles && (
          <FormField label="Days after the answer" error={errors.delete_takes_after_days} hint={`From 1 to ${DELETE_TAKES_DAYS_MAX}.`} required>
            <input type="number" inputMode="numeric" min={1} max={DELETE_TAKES_DAYS_MAX} step={1} value={form.deleteDays} onChange={(e) => set('deleteDays', e.currentTarget.value)} />
          </FormField>
        )}
      </fieldset>
      {errors._ && (
        <p className="alert alert-error" role="alert">
          {errors._}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={!canManage || saving}>
          {saving ? 'Saving...' : 'Save feedback settings'}
        </button>
      </div>
    </form>
  );
}

function LessonRules({ settings, canManage }: { settings: CourseFeedbackSettingsPage; canManage: boolean }) {
  const id = useId();
  const [pending, setPending] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const offers = settings.mode !== 'none';

  async function toggle(lessonId: number, on: boolean) {
    setPending(lessonId);
    setProblem(null);
    const result = await setPracticeRule(settings.course_id, lessonId, on);
    setPending(null);
    if (!result.ok) setProblem(result.message);
  }

  return (
    <div className="stack-sm">
      <h3 id={`${id}-rules`}>Lessons completed only with an approved take</h3>
      <p className="hint">
        {offers
          ? 'A ticked lesson is completed when an instructor approves one of the learner’s takes of it, not by Mark complete.'
          : 'Offer feedback on takes (above) to let a lesson be completed only with an approved take.'}
      </p>
      {settings.lessons.length === 0 ? (
        <p className="ca-muted-line">This course has no video lessons.</p>
      ) : (
        <ul className="ca-lessons" aria-labelledby={`${id}-rules`} style={{ padding: 0 }}>
          {settings.lessons.map((lesson) => (
            <li key={lesson.id} className="ca-lesson">
              <span id={`${id}-lesson-${lesson.id}`}>
                <span className="ca-lesson-title">{lesson.title}</span>
                <span className="hint" style={{ display: 'block' }}>
                  {lesson.module_title}
                  {lesson.practice_ready ? '' : ' · upload the lesson’s clip to let learners practise it'}
                </span>
              </span>
              <label className="check">
                <input
                  type="checkbox"
                  checked={lesson.requires_approved_take}
                  disabled={!canManage || pending !== null || !lesson.practice_ready || (!offers && !lesson.requires_approved_take)}
                  aria-describedby={`${id}-lesson-${lesson.id}`}
                  onChange={(e) => void toggle(lesson.id, e.currentTarget.checked)}
                />
                Complete only with an approved take
              </label>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
