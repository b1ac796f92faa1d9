import type { lessonPackages, lessonTypes } from '../../../../db/schema/index.ts';
import { LESSON_KIND_LABELS, LESSON_MODE_LABELS } from '../../domain/bookings.ts';
import { dollars } from '../../domain/orders.ts';
import type { LessonTypeView, PackageView } from '../../../../shared/bookings/views.ts';

/** The answer shapes of a lesson type and a package (views.ts), from their rows. */

type LessonTypeRow = typeof lessonTypes.$inferSelect;
type PackageRow = typeof lessonPackages.$inferSelect;

export function toLessonTypeView(row: LessonTypeRow): LessonTypeView {
  return {
    id: row.id,
    kind: row.kind,
    kind_label: LESSON_KIND_LABELS[row.kind],
    title: row.title,
    description: row.description,
    duration_minutes: row.durationMinutes,
    price_cents: row.priceCents,
    price: dollars(row.priceCents),
    capacity: row.capacity,
    mode: row.mode,
    mode_label: LESSON_MODE_LABELS[row.mode],
    active: row.active,
    position: row.position,
  };
}

/** One lesson of the package, and the saving against buying the lessons one by one (percent, never below 0). */
export function toPackageView(row: PackageRow, type: Pick<LessonTypeRow, 'title' | 'priceCents'> | undefined): PackageView {
  const perLesson = Math.round(row.priceCents / row.lessonsCount);
  const single = (type?.priceCents ?? 0) * row.lessonsCount;
  const saving = single > 0 ? Math.max(0, Math.round((1 - row.priceCents / single) * 100)) : 0;
  return {
    id: row.id,
    lesson_type_id: row.lessonTypeId,
    lesson_type_title: type?.title ?? '',
    title: row.title,
    lessons_count: row.lessonsCount,
    price_cents: row.priceCents,
    price: dollars(row.priceCents),
    per_lesson_cents: perLesson,
    saving_percent: saving,
    active: row.active,
  };
}
