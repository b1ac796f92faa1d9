import { ApiError, apiFetch } from '../lib/api.ts';
import { mountWhenIdle } from './dom.ts';
import { enhanceForm, firstMessages } from './forms.ts';

export const CONTACT_SENT_FALLBACK = 'Thank you! Your message has been sent.';

/** The contact form of /contact (markup in pages/contact.astro), stored by POST /api/contact. */
function mountContactForm(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form')!;
  const sent = root.querySelector<HTMLElement>('[data-sent]')!;
  const again = root.querySelector<HTMLButtonElement>('[data-send-another]')!;

  enhanceForm(
    form,
    () => import('../../../worker/src/schemas/contact.ts').then((m) => m.contactMessageSchema),
    async (values, ui) => {
      try {
        const res = await apiFetch<{ id: number; message?: string }>('/api/contact', { method: 'POST', json: values });
        ui.reset();
        sent.querySelector('[data-sent-message]')!.textContent = res.message || CONTACT_SENT_FALLBACK;
        form.hidden = true;
        sent.hidden = false;
        sent.focus();
      } catch (err) {
        if (err instanceof ApiError) ui.showFieldErrors(firstMessages(err.validationErrors));
        ui.showAlert(
          'Message not sent',
          err instanceof ApiError && err.status !== 0 ? err.message : 'Your message could not be sent. Please check your connection and try again.',
        );
      }
    },
  );
  again.addEventListener('click', () => {
    sent.hidden = true;
    form.hidden = false;
    form.querySelector<HTMLElement>('input, textarea')?.focus();
  });
}

mountWhenIdle('[data-island="contact-form"]', mountContactForm);
