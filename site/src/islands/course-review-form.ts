import { CHOOSE_A_RATING, COURSE_REVIEW_BODY_MAX, REVIEW_TOO_LONG, type OwnCourseReview } from '../../../shared/courses/reviews.ts';
import { ApiError } from '../lib/api.ts';
import { api, call } from '../lib/api-client.ts';
import { toast } from '../stores/toasts.ts';
import { reviewItem, showRating } from './course-reviews-more.ts';

/**
 * The review form of a course page (components/course/CourseReviews.astro, decision 0066), for a
 * signed-in learner who finished the course: a first review, or theirs to edit (the same POST
 * replaces it). After a save the review shows at the top of the list and the average moves at once;
 * the page itself (cached) shows it within a minute. A review an admin hid is shown to its author
 * alone, at the top of the list, marked as hidden (decision 0066).
 */
export async function mountCourseReviewForm(root: HTMLElement): Promise<void> {
  const area = root.querySelector<HTMLElement>('[data-review-area]');
  if (!area || area.dataset.mounted) return;
  area.dataset.mounted = '1';
  const id = root.dataset.courseId ?? '';
  let mine: OwnCourseReview | null;
  try {
    const state = await call(api.courses[':id'].reviews.mine.$get({ param: { id } }));
    if (!state.eligible && !state.review) return;
    mine = state.review;
  } catch {
    return;
  }

  const form = area.querySelector<HTMLFormElement>('form[data-review-form]')!;
  const heading = area.querySelector<HTMLElement>('[data-review-heading]')!;
  const status = area.querySelector<HTMLElement>('[data-review-status]')!;
  const edit = area.querySelector<HTMLButtonElement>('[data-review-edit]')!;
  const cancel = area.querySelector<HTMLButtonElement>('[data-review-cancel]')!;
  const submit = area.querySelector<HTMLButtonElement>('[data-review-submit]')!;
  const error = area.querySelector<HTMLElement>('[data-review-error]')!;
  const body = form.querySelector<HTMLTextAreaElement>('textarea[name="body"]')!;
  const radios = [...form.querySelectorAll<HTMLInputElement>('input[name="rating"]')];

  const fieldError = (name: string, message: string) => {
    const p = area.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
    if (!p) return;
    p.textContent = message;
    p.hidden = !message;
    for (const c of name === 'body' ? [body] : radios) c.toggleAttribute('aria-invalid', Boolean(message));
  };
  const clearErrors = () => {
    fieldError('rating', '');
    fieldError('body', '');
    error.hidden = true;
  };
  const list = root.querySelector<HTMLElement>('[data-review-list]')!;
  /** The learner's review at the top of the list (their hidden one is not in the page's markup). */
  const showMine = (review: OwnCourseReview) => {
    list.querySelector(`[data-review-id="${review.id}"]`)?.remove();
    list.insertBefore(reviewItem(review, review.hidden), list.firstChild);
  };
  const showReviewed = () => {
    heading.textContent = 'Your review';
    status.textContent = `You rated this course ${mine!.rating} out of 5.${mine!.hidden ? ' An admin hid your review: it is not in the public list or the rating.' : ''}`;
    status.hidden = false;
    edit.hidden = false;
    form.hidden = true;
  };
  const openForm = () => {
    heading.textContent = mine ? 'Edit your review' : 'Write a review';
    status.hidden = true;
    edit.hidden = true;
    form.hidden = false;
    cancel.hidden = !mine;
    submit.textContent = mine ? 'Save review' : 'Post review';
    for (const r of radios) r.checked = mine !== null && Number(r.value) === mine.rating;
    body.value = mine?.body ?? '';
  };

  edit.addEventListener('click', () => {
    openForm();
    (radios.find((r) => r.checked) ?? radios[0])?.focus();
  });
  cancel.addEventListener('click', () => {
    clearErrors();
    showReviewed();
    edit.focus();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    clearErrors();
    const rating = Number(radios.find((r) => r.checked)?.value ?? 0);
    const text = body.value.trim();
    // The server's rules and words (shared/courses/reviews.ts); it checks them again.
    if (rating < 1 || rating > 5) fieldError('rating', CHOOSE_A_RATING);
    if (text.length > COURSE_REVIEW_BODY_MAX) fieldError('body', REVIEW_TOO_LONG);
    if (rating < 1 || rating > 5 || text.length > COURSE_REVIEW_BODY_MAX) {
      (rating < 1 ? radios[0] : body)?.focus();
      return;
    }
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    void call(api.courses[':id'].reviews.$post({ param: { id }, json: { rating, body: text } }))
      .then((saved) => {
        const first = !mine;
        mine = saved.review;
        showMine(saved.review);
        showRating(saved.rating);
        showReviewed();
        toast({ title: first ? 'Review posted' : 'Review updated', description: 'Thank you for telling other teachers what you think.' });
      })
      .catch((err: unknown) => {
        const fields = err instanceof ApiError ? (err.validationErrors ?? {}) : {};
        for (const [name, messages] of Object.entries(fields)) fieldError(name, messages[0] ?? '');
        error.textContent = err instanceof ApiError ? err.message : 'Your review could not be saved. Check your connection and try again.';
        error.hidden = false;
      })
      .finally(() => {
        submit.disabled = false;
        submit.removeAttribute('aria-busy');
      });
  });

  area.hidden = false;
  if (mine?.hidden) showMine(mine);
  if (mine) showReviewed();
  else openForm();
}
