import { mountWhenIdle } from './dom.ts';

/**
 * /verify and /verify/{code} (components/VerifyCertificate.astro): the form opens
 * /verify/{code}, which the server renders with the answer (decision 0020). Here only an empty
 * code is stopped with a message, before any request.
 */
function mountVerify(root: HTMLElement): void {
  const form = root.querySelector('form')!;
  const input = root.querySelector<HTMLInputElement>('#verify-code')!;
  const error = root.querySelector<HTMLElement>('#verify-code-error')!;

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const code = input.value.trim();
    if (!code) {
      error.textContent = 'Enter the certificate code.';
      error.hidden = false;
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', 'verify-code-hint verify-code-error');
      input.focus();
      return;
    }
    location.assign(`/verify/${encodeURIComponent(code)}`);
  });
}

mountWhenIdle('[data-island="verify-certificate"]', mountVerify);
