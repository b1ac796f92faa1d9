import FeatureGate from '../../components/FeatureGate.tsx';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { can } from '../../../../worker/src/domain/permissions.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import { $auth, loadUser } from '../../stores/auth.ts';
import { $editedResource, loadEditedResource } from '../../stores/seller-resources.ts';
import { ErrorState, LoadingState } from '../admin/AdminStates.tsx';
import AccessDenied from '../course-admin/AccessDenied.tsx';
import { withErrorBoundary } from '../ErrorBoundary.tsx';
import ResourceForm from './ResourceForm.tsx';
import '../../styles/course-admin.css';
import './seller.css';

export const EDIT_DENIED = 'Only the seller of this resource or a curriculum admin can edit it.';

/** The resource id of /curriculum/{id}/edit, or null. */
export function editedIdOf(path: string): number | null {
  const match = /^\/curriculum\/([1-9]\d{0,14})\/edit\/?$/.exec(path);
  return match ? Number(match[1]) : null;
}

/**
 * /curriculum/{id}/edit (and /resources/{id}/edit, redirected here by the server): the resource
 * form filled in, for the resource's seller or a resources.manage holder; anyone else, and a
 * resource that does not exist, get the access-denied state.
 */
function EditResource() {
  const auth = useStore($auth, { ssr: 'initial' });
  const state = useStore($editedResource, { ssr: 'initial' });
  const hydrated = useHydrated();
  const [id, setId] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    const found = editedIdOf(location.pathname);
    setId(found);
    void loadUser().catch(() => undefined);
    if (found !== null) void loadEditedResource(found);
  }, []);

  const user = auth.status === 'ready' ? auth.user : null;
  if (!hydrated || auth.status === 'loading' || !user || id === undefined) return <LoadingState label="Loading the resource..." />;
  if (id === null) return <AccessDenied message={EDIT_DENIED} />;
  if (state.status === 'error') return state.notFound ? <AccessDenied message={EDIT_DENIED} /> : <ErrorState message={state.message} onRetry={() => void loadEditedResource(id)} />;
  const resource = state.status === 'ready' ? state.data : undefined;
  if (!resource || resource.id !== id) return <LoadingState label="Loading the resource..." />;
  const isSeller = resource.seller.id === user.id;
  if (!isSeller && !can(user.role, 'resources.manage')) return <AccessDenied message={EDIT_DENIED} />;
  const form = <ResourceForm key={resource.id} resource={resource} asSeller={isSeller} backHref={isSeller ? '/seller/resources' : '/admin/resources'} />;
  // A seller edits their own resources while their plan sells (decision 0031); a curriculum admin always.
  return isSeller ? <FeatureGate feature="store_selling">{form}</FeatureGate> : form;
}

export default withErrorBoundary(EditResource);
