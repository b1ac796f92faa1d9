import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { roleList } from '../../../../worker/src/domain/roles.ts';
import { applicationMessage } from '../../lib/seller-format.ts';
import { useHydrated } from '../../components/use-hydrated.ts';
import { $auth, loadUser, type User } from '../../stores/auth.ts';
import { $sellerProfile, loadSellerProfile, refreshRolesAfterApproval, type SellerProfileView } from '../../stores/seller.ts';
import { ErrorState, LoadingState } from '../admin/AdminStates.tsx';
import '../../styles/course-admin.css';
import './seller.css';

export interface SellerContext {
  user: User;
  profile: SellerProfileView;
}

/** The link to the application, for seller pages other than /seller. */
export function NotASellerYet() {
  return (
    <section className="ca-panel sl-prompt" aria-labelledby="sl-not-seller">
      <h2 id="sl-not-seller">You are not selling yet</h2>
      <p>Sell your lesson plans, syllabi, music lists and class outlines to dance teachers everywhere. Apply once; a curriculum admin reviews your application.</p>
      <p>
        <a className="btn btn-primary" href="/seller?apply=1">
          Start selling
        </a>
      </p>
    </section>
  );
}

/** Where an application stands when the store is not open: pending, or rejected with its reason. */
export function ApplicationStatus({ profile, action }: { profile: SellerProfileView; action?: ReactNode }) {
  const { title, text } = applicationMessage(profile);
  const tone = profile.status === 'pending' ? 'alert-info' : 'alert-error';
  return (
    <section className={`alert ${tone} sl-application-status`} role="status" aria-labelledby="sl-application-title">
      <h2 id="sl-application-title" className="alert-title">
        {title}
      </h2>
      <p>{text}</p>
      {action}
    </section>
  );
}

interface SellerAreaProps {
  /** The page for approved (and suspended) sellers. */
  children: (context: SellerContext) => ReactNode;
  /**
   * What a user without an approved store sees instead (default, also when this answers undefined:
   * a link to /seller, or the application's state).
   */
  notSeller?: (user: User, profile: SellerProfileView | null) => ReactNode;
}

/**
 * The seller area's gate: the signed-in user's seller profile decides. An approved seller sees the
 * page; a suspended one sees it under the suspension's reason; a user who never applied, or whose
 * application is pending or was rejected, sees where they stand.
 */
export default function SellerArea({ children, notSeller }: SellerAreaProps) {
  const auth = useStore($auth, { ssr: 'initial' });
  const state = useStore($sellerProfile, { ssr: 'initial' });
  const hydrated = useHydrated();
  useEffect(() => {
    void loadUser().catch(() => undefined);
    void loadSellerProfile();
  }, []);
  const user = auth.status === 'ready' ? auth.user : null;
  const profile = state.status === 'ready' || state.status === 'loading' ? state.data : undefined;
  useEffect(() => {
    if (user && profile !== undefined) refreshRolesAfterApproval(profile, roleList(user.role));
  }, [user, profile]);

  if (!hydrated || auth.status === 'loading' || !user) return <LoadingState label="Loading your store..." />;
  if (state.status === 'error') return <ErrorState message={state.message} onRetry={() => void loadSellerProfile()} />;
  if (profile === undefined) return <LoadingState label="Loading your store..." />;

  if (profile && (profile.status === 'approved' || profile.status === 'suspended')) {
    return (
      <>
        {profile.status === 'suspended' && <ApplicationStatus profile={profile} />}
        {children({ user, profile })}
      </>
    );
  }
  const instead = notSeller?.(user, profile);
  if (instead !== undefined) return <>{instead}</>;
  if (!profile) return <NotASellerYet />;
  return (
    <ApplicationStatus
      profile={profile}
      action={
        <p>
          <a className="btn btn-secondary" href="/seller">
            {profile.status === 'rejected' ? 'Apply again' : 'See your application'}
          </a>
        </p>
      }
    />
  );
}
