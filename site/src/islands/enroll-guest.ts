import { ApiError } from '../lib/api.ts';
import { loadUser } from '../stores/auth.ts';
import { enrolAsGuest } from '../stores/enrolment.ts';
import { mountWhenIdle } from './dom.ts';
import { enhanceForm, firstMessages } from './forms.ts';

/**
 * /enroll-guest/{courseId} (components/GuestEnrollPage.astro, rendered by the server with the
 * course): a visitor gives a name, an email and a password; the API creates a student account,
 * enrols it and signs it in, and the course player opens.
 */
function mountEnrollGuest(root: HTMLElement): void {
  const courseId = Number(root.dataset.courseId);
  const form = root.querySelector<HTMLFormElement>('form')!;

  enhanceForm(
    form,
    () => import('./guest-enroll-schema.ts').then((m) => m.guestEnrollFormSchema),
    async (values, ui) => {
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
      if (user) location.replace(`/courses/${courseId}/enroll`);
    })
    .catch(() => {});
}

mountWhenIdle('[data-island="enroll-guest"]', mountEnrollGuest);
