import { useStore } from '@nanostores/react';
import { useId, useState, type ReactNode } from 'react';
import { adminFlag, roleList } from '../../../worker/src/domain/roles.ts';
import { FEATURE_GATE_DEFAULT_MESSAGE, hasFeatureAccess, tierLevel } from '../../../worker/src/domain/subscriptions.ts';
import { $auth, type User } from '../stores/auth.ts';
import UpgradeRequiredDialog from './UpgradeRequiredDialog.tsx';
import '../styles/feature-gate.css';

/** Whether a user may use a feature of the given level: admins pass every gate (§6). */
export function passesGate(user: Pick<User, 'role' | 'subscription_tier'> | null, requiredLevel: number): boolean {
  if (!user) return hasFeatureAccess(0, requiredLevel);
  if (adminFlag(roleList(user.role))) return true;
  return hasFeatureAccess(tierLevel(user.subscription_tier), requiredLevel);
}

export interface FeatureGateProps {
  /** Level the feature needs: free 0, educator 10, premium 20, royalty 30. */
  requiredLevel: number;
  featureName: string;
  /** The prompt shown instead of the feature; default 'This feature requires a higher subscription level.' */
  message?: string;
  children?: ReactNode;
  /** Shown while the signed-in user is still loading (default: nothing). */
  loading?: ReactNode;
}

/**
 * §6: the feature shows only if the user's level is at least the required level; otherwise its
 * name, the message and an Upgrade Subscription button that opens the upgrade-required dialog.
 */
export default function FeatureGate({ requiredLevel, featureName, message = FEATURE_GATE_DEFAULT_MESSAGE, children, loading = null }: FeatureGateProps) {
  const auth = useStore($auth, { ssr: 'initial' });
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (auth.status === 'loading') return <>{loading}</>;
  if (passesGate(auth.user, requiredLevel)) return <>{children}</>;
  return (
    <section className="feature-gate" aria-labelledby={titleId}>
      <span className="feature-gate-icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
      </span>
      <h2 id={titleId} className="feature-gate-title">
        {featureName}
      </h2>
      <p className="feature-gate-message">{message}</p>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Upgrade Subscription
      </button>
      <UpgradeRequiredDialog open={open} onOpenChange={setOpen} feature={featureName} description={message} requiredLevel={requiredLevel} />
    </section>
  );
}
