import { createRoot } from 'react-dom/client';
import PendingPaymentsDialog from './PendingPaymentsDialog.tsx';

/** Mounts the dialog once, outside the page's own islands (the dialog portals itself anyway). */
export function mountPendingPaymentsDialog(): void {
  if (document.getElementById('pending-payments-root')) return;
  const host = document.createElement('div');
  host.id = 'pending-payments-root';
  document.body.appendChild(host);
  createRoot(host).render(<PendingPaymentsDialog />);
}
