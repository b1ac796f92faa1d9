import { REVIEW_MAX, REVIEW_MIN } from '../../../worker/src/domain/store.ts';
import type { ResourceAccess, ReviewView } from '../../../shared/store/views.ts';
import { saveReview } from '../stores/store.ts';
import { toast } from '../stores/toasts.ts';

/**
 * The review form of a resource page (components/store/ReviewForm.astro), loaded only for a
 * signed-in owner who may review: a first review is posted; an owner who reviewed sees that and
 * may edit their review. The reviews above are the page's (cached) markup: after a save the page
 * is read again, so the review shows where everyone sees it.
 */
export function mountReviewForm(area: HTMLElement, resourceId: number, access: ResourceAccess): void {
  if (area.dataset.mounted) return;
  area.dataset.mounted = '1';
  const form = area.querySelector<HTMLFormElement>('form[data-review-form]')!;
  const heading = area.querySelector<HTMLElement>('[data-review-heading]')!;
  const status = area.querySelector<HTMLElement>('[data-review-status]')!;
  const edit = area.querySelector<HTMLButtonElement>('[data-review-edit]')!;
  const cancel = area.querySelector<HTMLButtonElement>('[data-review-cancel]')!;
  const submit = area.querySelector<HTMLButtonElement>('[data-review-submit]')!;
  const error = area.querySelector<HTMLElement>('[data-review-error]')!;
  const body = form.querySelector<HTMLTextAreaElement>('textarea[name="body"]')!;
  const radios = [...form.querySelectorAll<HTMLInputElement>('input[name="rating"]')];
  let mine: ReviewView | null = access.my_review;

  const fieldError = (name: string, message: string) => {
    const p = area.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
    if (!p) return;
    p.textContent = message;
    p.hidden = !message;
    const control = name === 'body' ? [body] : radios;
    for (const c of control) c.toggleAttribute('aria-invalid', Boolean(message));
    if (name === 'rating') radios[0]?.closest('fieldset')?.setAttribute('aria-describedby', 'review-rating-error');
  };
  const clearErrors = () => {
    fieldError('rating', '');
    fieldError('body', '');
    error.hidden = true;
  };

  const fill = (review: ReviewView | null) => {
    for (const r of radios) r.checked = review !== null && Number(r.value) === review.rating;
    body.value = review?.body ?? '';
  };

  /** Reviewed: a status line and Edit; the form opens on Edit. Not yet: the form. */
  const showReviewed = () => {
    heading.textContent = 'Your review';
    status.textContent = `You rated this resource ${mine!.rating} out of 5.`;
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
    submit.textContent = mine ? 'Save review' : 'Submit review';
    fill(mine);
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

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (submit.disabled) return;
    clearErrors();
    const rating = Number(radios.find((r) => r.checked)?.value ?? 0);
    const text = body.value.trim();
    let invalid = false;
    if (rating < 1 || rating > 5) {
      fieldError('rating', 'Choose a rating from 1 to 5');
      invalid = true;
    }
    // The server's own rules and words (schemas/store.ts); it checks them again.
    if (!text) fieldError('body', 'Write a few words about the resource');
    else if (text.length < REVIEW_MIN) fieldError('body', `Review must be at least ${REVIEW_MIN} characters`);
    else if (text.length > REVIEW_MAX) fieldError('body', `Review must be at most ${REVIEW_MAX} characters`);
    if (text.length < REVIEW_MIN || text.length > REVIEW_MAX) invalid = true;
    if (invalid) {
      (rating < 1 ? radios[0] : body)?.focus();
      return;
    }
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
    void saveReview(resourceId, { rating, body: text }, mine?.id).then((result) => {
      submit.disabled = false;
      submit.removeAttribute('aria-busy');
      if (!result.ok) {
        for (const [name, message] of Object.entries(result.error.fields)) fieldError(name, message);
        error.textContent = result.error.message;
        error.hidden = false;
        return;
      }
      const first = !mine;
      mine = result.review;
      toast({ title: first ? 'Review posted' : 'Review updated', description: 'Thank you for telling other teachers what you think.' });
      showReviewed();
      // The reviews above are the cached page's: read it again to show this one among them.
      setTimeout(() => location.reload(), 1200);
    });
  });

  area.hidden = false;
  if (mine) showReviewed();
  else openForm();
}
