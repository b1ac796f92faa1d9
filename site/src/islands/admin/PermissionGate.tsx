import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { can, type Action } from '../../../../worker/src/domain/permissions.ts';
import { roleList } from '../../../../worker/src/domain/roles.ts';
import { $user } from '../../stores/auth.ts';

/** Whether the signed-in user's roles grant the action (the permission table, decision 0013). */
export function useCan(action: Action): boolean {
  const user = useStore($user, { ssr: 'initial' });
  return !!user && can(roleList(user.role), action);
}

/**
 * Every role containing ADMIN may open the admin pages; what a page does is the permission
 * table's. A role without the page's action sees this instead of controls the API would refuse.
 */
export function NotForYourRole({ what }: { what: string }) {
  return (
    <section className="card admin-panel admin-empty" role="status" aria-labelledby="admin-not-for-role">
      <h2 id="admin-not-for-role" className="admin-section-title">
        Not available for your role
      </h2>
      <p className="muted">{what} is managed by a platform administrator. Your role does not include it.</p>
      <a href="/admin/dashboard" className="btn btn-secondary">
        Back to the admin area
      </a>
    </section>
  );
}

/** Renders the page's content only for roles with the action. */
export function PermissionGate({ action, what, children }: { action: Action; what: string; children: () => ReactNode }) {
  const allowed = useCan(action);
  const user = useStore($user, { ssr: 'initial' });
  if (!user) return null;
  return allowed ? <>{children()}</> : <NotForYourRole what={what} />;
}
