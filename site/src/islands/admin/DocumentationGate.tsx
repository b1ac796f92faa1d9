import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $user } from '../../stores/auth.ts';
import { NotForYourRole, useCan } from './PermissionGate.tsx';

/**
 * /admin/documentation is for roles with documentation.read (ADMIN's alone, decision 0033); the
 * admin layout lets every role containing ADMIN in, so a sub-admin sees why there is nothing here.
 * The documentation itself is static HTML rendered by the build, passed in as children.
 */
export default function DocumentationGate({ children }: { children?: ReactNode }) {
  const user = useStore($user, { ssr: 'initial' });
  const allowed = useCan('documentation.read');
  if (!user) return null;
  return allowed ? <>{children}</> : <NotForYourRole what="The documentation" />;
}
