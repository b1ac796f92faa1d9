import { onSession } from './on-session.ts';

// A course page's reviews (components/course/CourseReviews.astro, decision 0066): the next page of
// reviews loads on request, and the review form's code only for a session (a visitor's page stays
// as the server rendered it).
const root = document.querySelector<HTMLElement>('[data-course-reviews]');
if (root) {
  root.addEventListener('click', (event) => {
    const more = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-reviews-more]');
    if (more) void import('./course-reviews-more.ts').then(({ showMoreReviews }) => showMoreReviews(root, more));
  });
  onSession(() => void import('./course-review-form.ts').then(({ mountCourseReviewForm }) => mountCourseReviewForm(root)), { idle: true });
}
