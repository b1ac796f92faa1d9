import { landingRedirect } from '../../../worker/src/domain/navigation.ts';
import { loadUser } from '../stores/auth.ts';
import { h, mountWhenIdle } from './dom.ts';

/** /dashboard and /my-dashboard: sends the visitor to the area of their roles. */
function mountDashboardChooser(root: HTMLElement): void {
  loadUser()
    .then((user) => location.replace(landingRedirect(user)))
    .catch(() => {
      root.replaceChildren(
        h(
          'div',
          { className: 'alert alert-error', role: 'alert' },
          h('p', { className: 'alert-title' }, 'Your dashboard could not be opened.'),
          h('p', null, 'Please check your connection and try again.'),
          h('p', { style: 'margin-top: var(--space-3)' }, h('button', { type: 'button', className: 'btn btn-primary', onclick: () => location.reload() }, 'Refresh Page')),
        ),
      );
    });
}

mountWhenIdle('[data-island="dashboard-chooser"]', mountDashboardChooser);
