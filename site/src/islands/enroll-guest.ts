import { pathId } from '../lib/catalog.ts';
import { formatCents } from '../lib/currency.ts';
import { ApiError } from '../lib/api.ts';
import { loadUser } from '../stores/auth.ts';
import { $guestCourse, enrolAsGuest, loadGuestCourse } from '../stores/learning.ts';
import { notFoundMessage } from './course-messages.ts';
import { h, mountWhenIdle } from './dom.ts';
import { enhanceForm, firstMessages } from './forms.ts';

/**
 * /enroll-guest/{courseId}: a visitor gives a name, an email and a password; the API creates a
 * student account, enrols it and signs it in, and the course player opens.
 */
function mountEnrollGuest(root: HTMLElement): void {
  const courseId = pathId(location.pathname, 1);
  const heading = root.querySelector<HTMLElement>('[data-course-heading]')!;
  const summary = root.querySelector<HTMLElement>('[data-course-summary]')!;
  const form = root.querySelector<HTMLFormElement>('form')!;
  const signIn = root.querySelector<HTMLAnchorElement>('[data-sign-in]');

  if (signIn && courseId !== null) signIn.href = `/auth?redirect=${encodeURIComponent(`/courses/${courseId}/enroll`)}`;

  $guestCourse.subscribe((state) => {
    if (state.status === 'ready') {
      const c = state.data;
      heading.textContent = `Enrol in ${c.title}`;
      document.title = `Enrol in ${c.title} · DRX`;
      summary.replaceChildren(h('a', { href: `/courses/${c.id}` }, c.title), ` · ${formatCents(c.price_cents)}${c.price_cents === 0 ? ' (free)' : ''}`);
      if (c.price_cents > 0) {
        summary.insertAdjacentElement(
          'afterend',
          h(
            'p',
            { className: 'alert alert-info', role: 'status' },
            'This is a paid course: guest enrolment creates your account, and the course opens once it is bought. ',
            h('a', { href: `/courses/${c.id}/enroll` }, 'See how to buy it'),
          ),
        );
      }
    } else if (state.status === 'not-found') {
      root.replaceChildren(notFoundMessage('Course not found', 'This course does not exist or is no longer offered.', { href: '/courses', label: 'Browse courses' }));
    }
  });
  void loadGuestCourse(courseId);

  enhanceForm(
    form,
    () => import('./guest-enroll-schema.ts').then((m) => m.guestEnrollFormSchema),
    async (values, ui) => {
      if (courseId === null) return;
      try {
        await enrolAsGuest(courseId, values);
        return true;
      } catch (err) {
        if (err instanceof ApiError) {
          ui.showFieldErrors(firstMessages(err.validationErrors));
          if (err.status === 402) {
            ui.showAlert('This course must be bought', err.message);
            return;
          }
          if (err.status === 409) {
            ui.showAlert('Enrolment failed', `${err.message} Sign in to enrol with your account.`);
            return;
          }
          ui.showAlert('Enrolment failed', err.status > 0 && err.status < 500 ? err.message : 'Please check your connection and try again.');
          return;
        }
        ui.showAlert('Enrolment failed', 'Please try again.');
      }
    },
  );

  // Signed in already: the ordinary enrolment applies.
  loadUser()
    .then((user) => {
      if (user && courseId !== null) location.replace(`/courses/${courseId}/enroll`);
    })
    .catch(() => {});
}

mountWhenIdle('[data-island="enroll-guest"]', mountEnrollGuest);
