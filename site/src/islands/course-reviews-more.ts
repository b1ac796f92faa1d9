import type { CourseRating, CourseReviewPage, CourseReviewView } from '../../../shared/courses/reviews.ts';
import { ratingLabel, REVIEW_HIDDEN_NOTE, reviewCountLabel } from '../../../shared/courses/reviews.ts';
import { h } from './dom.ts';

/** The parts of the course page's reviews the islands draw (the markup of CourseReviews.astro). */

// As the server renders them (lib/store-format.ts reviewDate): 'Nov 25, 2026'.
const dates = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

function starsOf(average: number, label: string, large = false): HTMLElement {
  const fill = h('span', { className: 'stars-fill', style: `width: ${Math.round(Math.min(5, Math.max(0, average)) * 200) / 10}%` });
  return h('span', { className: large ? 'stars stars-lg' : 'stars', role: 'img', 'aria-label': label, 'data-rating-stars': large || null }, fill);
}

/** One review as the page's list shows it; `hidden`: the author's own review an admin hid, marked so. */
export function reviewItem(review: CourseReviewView, hidden = false): HTMLLIElement {
  const t = Date.parse(review.created_at);
  return h(
    'li',
    { className: hidden ? 'review review-hidden' : 'review', 'data-review-id': review.id },
    hidden ? h('p', { className: 'review-hidden-note', 'data-review-hidden': '' }, REVIEW_HIDDEN_NOTE) : null,
    h(
      'div',
      { className: 'review-head' },
      h('span', { className: 'review-author' }, review.author.name),
      h('span', { className: 'rating' }, starsOf(review.rating, `Rated ${review.rating} out of 5`)),
      h('time', { className: 'text-sm muted', datetime: review.created_at }, Number.isNaN(t) ? '' : dates.format(t)),
    ),
    review.body ? h('p', { className: 'review-body' }, review.body) : null,
    review.reply
      ? h('div', { className: 'review-reply' }, h('p', { className: 'review-reply-by' }, `Reply from ${review.reply.author_name}`), h('p', null, review.reply.body))
      : null,
  );
}

/** The course's average and count wherever the page shows them (its header, the reviews' summary). */
export function showRating(rating: CourseRating): void {
  const figure = ratingLabel(rating.average);
  for (const el of document.querySelectorAll<HTMLElement>('[data-rating-figure]')) el.textContent = figure;
  for (const el of document.querySelectorAll<HTMLElement>('[data-rating-count]')) el.textContent = reviewCountLabel(rating.count);
  for (const el of document.querySelectorAll<HTMLElement>('[data-rating-stars]')) {
    el.setAttribute('aria-label', `Rated ${figure} out of 5`);
    el.querySelector<HTMLElement>('.stars-fill')?.style.setProperty('width', `${Math.round(Math.min(5, Math.max(0, rating.average)) * 200) / 10}%`);
  }
  for (const el of document.querySelectorAll<HTMLElement>('[data-review-summary], [data-course-rating]')) el.hidden = rating.count === 0;
  const none = document.querySelector<HTMLElement>('[data-no-reviews]');
  if (none) none.hidden = rating.count > 0;
}

/** "Show more reviews": the page after the last one shown, appended; the button goes at the end. */
export async function showMoreReviews(root: HTMLElement, more: HTMLButtonElement): Promise<void> {
  if (more.disabled) return;
  more.disabled = true;
  more.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(`/api/courses/${root.dataset.courseId}/reviews?after=${encodeURIComponent(more.dataset.next ?? '')}`);
    if (!res.ok) throw new Error(`Reviews answered ${res.status}`);
    const page = (await res.json()) as CourseReviewPage;
    const list = root.querySelector<HTMLElement>('[data-review-list]')!;
    const shown = new Set([...list.querySelectorAll<HTMLElement>('[data-review-id]')].map((li) => li.dataset.reviewId));
    for (const review of page.data) if (!shown.has(String(review.id))) list.appendChild(reviewItem(review));
    if (page.next) more.dataset.next = page.next;
    else more.remove();
  } catch {
    more.textContent = 'Could not load more reviews. Try again';
  } finally {
    more.disabled = false;
    more.removeAttribute('aria-busy');
  }
}
