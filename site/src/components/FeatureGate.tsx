import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { passesLevel, planForLevel, type FeatureKey } from '../../../worker/src/domain/features.ts';
import { FEATURE_GATE_DEFAULT_MESSAGE } from '../../../worker/src/domain/subscriptions.ts';
import { $auth, type User } from '../stores/auth.ts';
import UpgradeDialog, { upgradeReturnPath } from './UpgradeDialog.tsx';
import { gateOf } from './gate-spec.ts';
import '../styles/feature-gate.css';

/**
 * Whether a user may use a feature of the given level (decision 0031): admins pass every gate;
 * others need their plan's level while the subscription is current (active or trialing, not past
 * its end: a cancelled subscription past its end gives no access).
 */
export function passesGate(
  user: Pick<User, 'role' | 'subscription_tier' | 'subscription_status' | 'subscription_expires_at'> | null,
  requiredLevel: number,
  now: number = Date.now(),
): boolean {
  return passesLevel(user, requiredLevel, now);
}

export type FeatureGateProps = {
  children?: ReactNode;
  /** Shown while the signed-in user is still loading (default: nothing). */
  loading?: ReactNode;
} & (
  | {
      /** The gate by its key in the table of domain/features.ts (its name, level and description). */
      feature: FeatureKey;
      requiredLevel?: never;
      featureName?: never;
      message?: never;
    }
  | {
      feature?: never;
      /** Level the feature needs: free 0, educator 10, premium 20, royalty 30. */
      requiredLevel: number;
      featureName: string;
      /** The prompt shown instead of the feature; default 'This feature requires a higher subscription level.' */
      message?: string;
    }
);

/**
 * The feature shows only if the user's level is at least the required level; otherwise its
 * name, the message and an Upgrade Subscription button that opens the upgrade dialog in place
 * (decision 0063: the plans above the user's, the checkout finished there). A visitor signs in
 * first and comes back with the dialog open (`#upgrade=plan`).
 */
export default function FeatureGate(props: FeatureGateProps) {
  const { children, loading = null } = props;
  const auth = useStore($auth, { ssr: 'initial' });
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const gate = props.feature
    ? gateOf(props.feature)
    : { name: props.featureName, level: props.requiredLevel, description: props.message ?? FEATURE_GATE_DEFAULT_MESSAGE };
  const passes = auth.status === 'ready' && passesGate(auth.user, gate.level);
  const plan = planForLevel(gate.level);
  // Back from signing in to upgrade: the dialog opens again, once.
  useEffect(() => {
    if (auth.status !== 'ready' || passes || !auth.user || !/^#upgrade=\w+$/.test(location.hash)) return;
    history.replaceState(history.state, '', location.pathname + location.search);
    setOpen(true);
  }, [auth.status, passes]); // eslint-disable-line react-hooks/exhaustive-deps
  if (auth.status === 'loading') return <>{loading}</>;
  const upgrade = () => (auth.user ? setOpen(true) : location.assign(upgradeReturnPath(plan)));
  // The dialog keeps its place whether the feature shows or not: subscribing from it opens the
  // feature behind it, and its success stays until read.
  const dialog = <UpgradeDialog open={open} onOpenChange={setOpen} preselect={plan} gate={gate} />;
  if (passes)
    return (
      <>
        {children}
        {dialog}
      </>
    );
  return (
    <>
      <section className="feature-gate" aria-labelledby={titleId}>
        <span className="feature-gate-icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
        </span>
        <h2 id={titleId} className="feature-gate-title">
          {gate.name}
        </h2>
        <p className="feature-gate-message">{gate.description}</p>
        <button type="button" className="btn btn-primary" onClick={upgrade}>
          Upgrade Subscription
        </button>
      </section>
      {dialog}
    </>
  );
}
