import { useState, type ReactNode } from 'react';
import { CAPACITY_MAX, DURATION_MINUTES_MAX, DURATION_MINUTES_MIN, LESSON_KIND_LABELS, LESSON_MODE_LABELS, PACKAGE_LESSONS_MAX, PACKAGE_LESSONS_MIN } from '../../../../worker/src/domain/bookings.ts';
import {
  LESSON_KIND_VALUES,
  LESSON_MODE_VALUES,
  lessonTypeCreateSchema,
  packageCreateSchema,
  type LessonTypeInput,
  type PackageInput,
} from '../../../../shared/connect/profile-schemas.ts';
import FormField from '../../components/FormField.tsx';
import ModalDialog from '../../components/ModalDialog.tsx';
import { removeLessonType, removePackage, saveLessonType, savePackage, type LessonTypeView, type OwnProfileView, type PackageView } from '../../stores/connect-profile.ts';
import { money } from './profile-form.ts';

type Errors = Record<string, string>;

function firstErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[] | Record<string, string[]> | undefined): Errors {
  const out: Errors = {};
  if (!issues) return out;
  if (Array.isArray(issues)) for (const i of issues) out[String(i.path[0] ?? '_')] ??= i.message;
  else for (const [field, messages] of Object.entries(issues)) out[field] ??= messages[0] ?? '';
  return out;
}

/** Dollars typed by a person ("60" or "62.50") to cents; NaN when it is not an amount. */
function centsOf(dollars: string): number {
  if (!/^\d+(\.\d{1,2})?$/.test(dollars.trim())) return Number.NaN;
  return Math.round(Number(dollars) * 100);
}

interface OfferDialogProps<Input> {
  title: string;
  description: string;
  /** The checkbox's text ('Offered for booking'). */
  activeLabel: string;
  active: boolean;
  onActive: (active: boolean) => void;
  saveLabel: string;
  /** The input built from the form when it is sent. */
  input: () => Input;
  schema: { safeParse: (value: Input) => { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } };
  /** Shown under the price when the schema refuses it. */
  priceMessage: string;
  save: (input: Input) => Promise<{ ok: boolean; validationErrors?: Record<string, string[]> }>;
  onClose: () => void;
  /** The fields, given the errors to show. */
  children: (errors: Errors) => ReactNode;
}

/** A lesson type's or a package's form in a dialog: checked here first, saved, closed on success. */
function OfferDialog<Input>({ title, description, activeLabel, active, onActive, saveLabel, input, schema, priceMessage, save, onClose, children }: OfferDialogProps<Input>) {
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = input();
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const found = firstErrors(parsed.error.issues);
      if (found.price_cents) found.price = priceMessage;
      setErrors(found);
      return;
    }
    setBusy(true);
    const result = await save(value);
    setBusy(false);
    if (result.ok) onClose();
    else setErrors(firstErrors(result.validationErrors));
  };

  return (
    <ModalDialog open onOpenChange={(open) => !open && onClose()} title={title} description={description} busy={busy}>
      <form className="form" noValidate onSubmit={(e) => void submit(e)}>
        {children(errors)}
        <label className="check">
          <input type="checkbox" checked={active} onChange={(e) => onActive(e.target.checked)} />
          {activeLabel}
        </label>
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : saveLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

interface LessonForm {
  kind: LessonTypeView['kind'];
  title: string;
  description: string;
  duration_minutes: string;
  price: string;
  capacity: string;
  mode: LessonTypeView['mode'];
  active: boolean;
}

const lessonFormOf = (t: LessonTypeView | null): LessonForm => ({
  kind: t?.kind ?? 'private',
  title: t?.title ?? '',
  description: t?.description ?? '',
  duration_minutes: String(t?.duration_minutes ?? 60),
  price: t ? (t.price_cents / 100).toFixed(2).replace(/\.00$/, '') : '',
  capacity: String(t?.capacity ?? 1),
  mode: t?.mode ?? 'online',
  active: t?.active ?? true,
});

function LessonTypeDialog({ type, onClose }: { type: LessonTypeView | null; onClose: () => void }) {
  const [form, setForm] = useState<LessonForm>(() => lessonFormOf(type));
  const set = <K extends keyof LessonForm>(key: K, value: LessonForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const oneSeat = form.kind === 'private';
  const input = (): LessonTypeInput => ({
    kind: form.kind,
    title: form.title,
    description: form.description,
    duration_minutes: Number(form.duration_minutes),
    price_cents: centsOf(form.price),
    capacity: oneSeat ? 1 : Number(form.capacity),
    mode: form.mode,
    active: form.active,
  });

  return (
    <OfferDialog
      title={type ? 'Edit lesson type' : 'Add a lesson type'}
      description="What students can book with you."
      activeLabel="Offered for booking"
      active={form.active}
      onActive={(active) => set('active', active)}
      saveLabel="Save lesson type"
      input={input}
      schema={lessonTypeCreateSchema}
      priceMessage="Enter a price in dollars, e.g. 60 or 62.50"
      save={(value) => saveLessonType(value, type?.id)}
      onClose={onClose}
    >
      {(errors) => (
        <>
            <FormField label="Kind" error={errors.kind}>
              <select value={form.kind} onChange={(e) => set('kind', e.target.value as LessonForm['kind'])}>
                {LESSON_KIND_VALUES.map((k) => (
                  <option key={k} value={k}>
                    {LESSON_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label="Title" required error={errors.title}>
              <input type="text" value={form.title} onChange={(e) => set('title', e.target.value)} />
            </FormField>
            <FormField label="Description" error={errors.description}>
              <textarea rows={3} value={form.description} onChange={(e) => set('description', e.target.value)} />
            </FormField>
            <div className="form-row">
              <FormField label="Duration (minutes)" required error={errors.duration_minutes}>
                <input type="number" min={DURATION_MINUTES_MIN} max={DURATION_MINUTES_MAX} step={15} value={form.duration_minutes} onChange={(e) => set('duration_minutes', e.target.value)} />
              </FormField>
              <FormField label="Price (USD)" required error={errors.price ?? errors.price_cents} hint="0 for a free lesson.">
                <input type="text" inputMode="decimal" value={form.price} onChange={(e) => set('price', e.target.value)} />
              </FormField>
              <FormField label="Seats" error={errors.capacity} hint={oneSeat ? 'A private lesson has one seat.' : `Up to ${CAPACITY_MAX}.`}>
                <input type="number" min={1} max={CAPACITY_MAX} value={oneSeat ? '1' : form.capacity} disabled={oneSeat} onChange={(e) => set('capacity', e.target.value)} />
              </FormField>
              <FormField label="Where" error={errors.mode}>
                <select value={form.mode} onChange={(e) => set('mode', e.target.value as LessonForm['mode'])}>
                  {LESSON_MODE_VALUES.map((m) => (
                    <option key={m} value={m}>
                      {LESSON_MODE_LABELS[m]}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
        </>
      )}
    </OfferDialog>
  );
}

interface PackageForm {
  lesson_type_id: string;
  title: string;
  lessons_count: string;
  price: string;
  active: boolean;
}

function PackageDialog({ pkg, types, onClose }: { pkg: PackageView | null; types: LessonTypeView[]; onClose: () => void }) {
  const [form, setForm] = useState<PackageForm>(() => ({
    lesson_type_id: String(pkg?.lesson_type_id ?? types[0]?.id ?? ''),
    title: pkg?.title ?? '',
    lessons_count: String(pkg?.lessons_count ?? 5),
    price: pkg ? (pkg.price_cents / 100).toFixed(2).replace(/\.00$/, '') : '',
    active: pkg?.active ?? true,
  }));
  const set = <K extends keyof PackageForm>(key: K, value: PackageForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const input = (): PackageInput => ({
    lesson_type_id: Number(form.lesson_type_id),
    title: form.title,
    lessons_count: Number(form.lessons_count),
    price_cents: centsOf(form.price),
    active: form.active,
  });

  return (
    <OfferDialog
      title={pkg ? 'Edit package' : 'Add a package'}
      description="Several lessons of one type, bought together."
      activeLabel="Offered for sale"
      active={form.active}
      onActive={(active) => set('active', active)}
      saveLabel="Save package"
      input={input}
      schema={packageCreateSchema}
      priceMessage="Enter a price in dollars above 0, e.g. 270"
      save={(value) => savePackage(value, pkg?.id)}
      onClose={onClose}
    >
      {(errors) => (
        <>
            <FormField label="Lesson type" required error={errors.lesson_type_id}>
              <select value={form.lesson_type_id} onChange={(e) => set('lesson_type_id', e.target.value)}>
                {types.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.title} ({money(t.price_cents)})
                  </option>
                ))}
              </select>
            </FormField>
            <FormField label="Title" required error={errors.title}>
              <input type="text" value={form.title} onChange={(e) => set('title', e.target.value)} />
            </FormField>
            <div className="form-row">
              <FormField label="Lessons" required error={errors.lessons_count}>
                <input type="number" min={PACKAGE_LESSONS_MIN} max={PACKAGE_LESSONS_MAX} value={form.lessons_count} onChange={(e) => set('lessons_count', e.target.value)} />
              </FormField>
              <FormField label="Price (USD)" required error={errors.price ?? errors.price_cents}>
                <input type="text" inputMode="decimal" value={form.price} onChange={(e) => set('price', e.target.value)} />
              </FormField>
            </div>
        </>
      )}
    </OfferDialog>
  );
}

function ConfirmRemove({ what, onConfirm, onClose }: { what: string; onConfirm: () => Promise<unknown>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog open role="alertdialog" onOpenChange={(open) => !open && onClose()} title={`Remove ${what}?`} description="If it was already booked or bought, it is deactivated instead, and what was booked stays." busy={busy}>
      <div className="drx-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
          Keep it
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onConfirm().then(() => onClose());
          }}
        >
          Remove
        </button>
      </div>
    </ModalDialog>
  );
}

type Dialog =
  | { kind: 'type'; type: LessonTypeView | null }
  | { kind: 'package'; pkg: PackageView | null }
  | { kind: 'remove-type'; type: LessonTypeView }
  | { kind: 'remove-package'; pkg: PackageView }
  | null;

/** The profile's lesson types and packages: lists with add, edit and remove. */
export default function OffersSection({ profile }: { profile: OwnProfileView }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const activeTypes = profile.lesson_types.filter((t) => t.active);

  return (
    <>
      <section className="cp-section panel" aria-labelledby="cp-types-title">
        <div className="cp-section-head">
          <h2 id="cp-types-title">Lesson types</h2>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setDialog({ kind: 'type', type: null })}>
            Add lesson type
          </button>
        </div>
        {profile.lesson_types.length === 0 ? (
          <p className="muted">No lesson types yet: add private lessons, group classes, masterclasses or choreography.</p>
        ) : (
          <ul className="cp-items">
            {profile.lesson_types.map((t) => (
              <li key={t.id} className="cp-item">
                <div>
                  <strong>{t.title}</strong> {!t.active && <span className="badge">Inactive</span>}
                  <p className="muted text-sm">
                    {t.kind_label} · {t.duration_minutes} min · {t.price_cents === 0 ? 'Free' : money(t.price_cents)} · {t.mode_label}
                    {t.capacity > 1 ? ` · ${t.capacity} seats` : ''}
                  </p>
                </div>
                <div className="cp-item-actions">
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDialog({ kind: 'type', type: t })} aria-label={`Edit ${t.title}`}>
                    Edit
                  </button>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDialog({ kind: 'remove-type', type: t })} aria-label={`Remove ${t.title}`}>
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="cp-section panel" aria-labelledby="cp-packages-title">
        <div className="cp-section-head">
          <h2 id="cp-packages-title">Packages</h2>
          <button type="button" className="btn btn-secondary btn-sm" disabled={activeTypes.length === 0} onClick={() => setDialog({ kind: 'package', pkg: null })}>
            Add package
          </button>
        </div>
        {profile.packages.length === 0 ? (
          <p className="muted">No packages. A package sells several lessons of one type together, usually for less.</p>
        ) : (
          <ul className="cp-items">
            {profile.packages.map((p) => (
              <li key={p.id} className="cp-item">
                <div>
                  <strong>{p.title}</strong> {!p.active && <span className="badge">Inactive</span>}
                  <p className="muted text-sm">
                    {p.lessons_count} × {p.lesson_type_title} · {money(p.price_cents)} ({money(p.per_lesson_cents)} a lesson{p.saving_percent > 0 ? `, save ${p.saving_percent}%` : ''})
                  </p>
                </div>
                <div className="cp-item-actions">
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDialog({ kind: 'package', pkg: p })} aria-label={`Edit ${p.title}`}>
                    Edit
                  </button>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDialog({ kind: 'remove-package', pkg: p })} aria-label={`Remove ${p.title}`}>
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {dialog?.kind === 'type' && <LessonTypeDialog type={dialog.type} onClose={close} />}
      {dialog?.kind === 'package' && <PackageDialog pkg={dialog.pkg} types={dialog.pkg ? profile.lesson_types : activeTypes} onClose={close} />}
      {dialog?.kind === 'remove-type' && <ConfirmRemove what={dialog.type.title} onConfirm={() => removeLessonType(dialog.type.id)} onClose={close} />}
      {dialog?.kind === 'remove-package' && <ConfirmRemove what={dialog.pkg.title} onConfirm={() => removePackage(dialog.pkg.id)} onClose={close} />}
    </>
  );
}
