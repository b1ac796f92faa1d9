import { $verification, verifyCertificateCode, type Verification } from '../stores/certificates.ts';
import { loadingMessage } from './course-messages.ts';
import { h, mountWhenIdle } from './dom.ts';

/** The code in /verify/{code}, or null on /verify. */
export function codeFromPath(pathname: string): string | null {
  const segment = pathname.replace(/\/+$/, '').split('/')[2];
  if (!segment || segment === '_') return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function result(state: Verification): HTMLElement | null {
  if (state.status === 'idle') return null;
  if (state.status === 'checking') return loadingMessage(`Checking ${state.code}...`);
  if (state.status === 'error') {
    return h('div', { className: 'alert alert-error', role: 'alert' }, h('p', { className: 'alert-title' }, 'The code could not be checked'), h('p', null, state.message));
  }
  const answer = state.answer;
  if (answer.valid) {
    return h(
      'section',
      { className: 'alert alert-success verify-result', 'aria-labelledby': 'verify-title' },
      h('h2', { id: 'verify-title', className: 'alert-title' }, '✓ Valid certificate'),
      h('p', null, `This certificate was issued by DRX and is valid.`),
      // How it was earned: by completing the course, or issued by hand (decision 0013).
      h('p', { className: 'verify-issued-via' }, h('strong', null, answer.issued_via_label)),
      h(
        'dl',
        { className: 'dl' },
        h('dt', null, 'Awarded to'),
        h('dd', null, answer.learner),
        h('dt', null, 'Course'),
        h('dd', null, answer.course),
        h('dt', null, 'Instructor'),
        h('dd', null, answer.instructor),
        h('dt', null, 'Issued'),
        h('dd', null, answer.issued_date),
        h('dt', null, 'Code'),
        h('dd', null, h('code', null, answer.code)),
      ),
    );
  }
  if (answer.reason === 'revoked') {
    return h(
      'section',
      { className: 'alert alert-error verify-result', 'aria-labelledby': 'verify-title' },
      h('h2', { id: 'verify-title', className: 'alert-title' }, '✗ Certificate revoked'),
      h('p', null, `The certificate with code ${answer.code} has been revoked and is no longer valid.`),
      h(
        'dl',
        { className: 'dl' },
        h('dt', null, 'Course'),
        h('dd', null, answer.course),
        h('dt', null, 'Revoked'),
        h('dd', null, answer.revoked_date),
        h('dt', null, 'Reason'),
        h('dd', { className: 'pre-line' }, answer.revoked_reason || 'No reason was given.'),
        h('dt', null, 'Code'),
        h('dd', null, h('code', null, answer.code)),
      ),
    );
  }
  return h(
    'section',
    { className: 'alert alert-error verify-result', 'aria-labelledby': 'verify-title' },
    h('h2', { id: 'verify-title', className: 'alert-title' }, '✗ Not a valid certificate'),
    h('p', null, `No certificate matches the code ${state.code}. Check the code and try again.`),
  );
}

function mountVerify(root: HTMLElement): void {
  const form = root.querySelector('form')!;
  const input = root.querySelector<HTMLInputElement>('#verify-code')!;
  const error = root.querySelector<HTMLElement>('#verify-code-error')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const output = root.querySelector<HTMLElement>('[data-verify-result]')!;

  $verification.subscribe((state) => {
    output.replaceChildren(...[result(state)].filter((n): n is HTMLElement => n !== null));
    button.disabled = state.status === 'checking';
  });

  const check = (code: string, push: boolean) => {
    input.value = code;
    if (push) history.pushState(null, '', `/verify/${encodeURIComponent(code)}`);
    void verifyCertificateCode(code);
  };

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
    error.hidden = true;
    input.removeAttribute('aria-invalid');
    input.setAttribute('aria-describedby', 'verify-code-hint');
    check(code, true);
  });
  window.addEventListener('popstate', () => {
    const code = codeFromPath(location.pathname);
    if (code) check(code, false);
    else {
      input.value = '';
      $verification.set({ status: 'idle' });
    }
  });

  button.disabled = false;
  const initial = codeFromPath(location.pathname) ?? new URLSearchParams(location.search).get('code');
  if (initial) check(initial, false);
}

mountWhenIdle('[data-island="verify-certificate"]', mountVerify);
