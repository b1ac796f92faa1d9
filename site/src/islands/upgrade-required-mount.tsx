import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { FEATURES, planForLevel, type FeatureKey } from '../../../worker/src/domain/features.ts';
import type { PlanKey } from '../../../worker/src/domain/subscriptions.ts';
import UpgradeDialog, { upgradeReturnPath } from '../components/UpgradeDialog.tsx';
import { getToken } from '../lib/api.ts';

/**
 * The upgrade dialog for pages without a React island (the course, enrol and lesson pages): one
 * host, mounted on the first request, opened by a gate's Upgrade Subscription button with the plan
 * the gate needs marked (decision 0063: the plans and the checkout in place). A visitor signs in
 * first and comes back to it (`#upgrade=plan`). Loaded only when a gate's button is pressed.
 */
interface Request {
  feature: FeatureKey | null;
  plan: PlanKey | undefined;
}

let show: ((request: Request) => void) | null = null;
let pending: Request | null = null;

function Host() {
  const [request, setRequest] = useState<Request | null>(pending);
  const [open, setOpen] = useState(pending !== null);
  useEffect(() => {
    show = (next) => {
      setRequest(next);
      setOpen(true);
    };
    return () => {
      show = null;
    };
  }, []);
  if (!request) return null;
  return <UpgradeDialog open={open} onOpenChange={setOpen} preselect={request.plan} gate={request.feature ? FEATURES[request.feature] : undefined} />;
}

function openDialog(request: Request): void {
  if (!getToken()) {
    location.assign(upgradeReturnPath(request.plan));
    return;
  }
  if (show) {
    show(request);
    return;
  }
  pending = request;
  if (document.getElementById('upgrade-required-root')) return;
  const host = document.createElement('div');
  host.id = 'upgrade-required-root';
  document.body.appendChild(host);
  createRoot(host).render(<Host />);
}

/** A gate's button: the upgrade dialog with the plan that unlocks the feature marked. */
export function openUpgradeRequired(feature: FeatureKey): void {
  openDialog({ feature, plan: planForLevel(FEATURES[feature].level) });
}

/** The upgrade dialog with a plan marked (or none): renewing after a plan ended. */
export function openUpgradeDialog(plan?: PlanKey): void {
  openDialog({ feature: null, plan });
}
