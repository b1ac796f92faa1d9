import { useState } from 'react';
import { FEATURES, planForLevel, type FeatureKey, type GatedFeature } from '../../../worker/src/domain/features.ts';
import { PLAN_NAMES, type PlanKey } from '../../../worker/src/domain/subscriptions.ts';
import ModalDialog from './ModalDialog.tsx';
import UpgradeDialog from './UpgradeDialog.tsx';
import '../styles/feature-gate.css';

export { planForLevel };

export function planName(plan: PlanKey): string {
  return PLAN_NAMES[plan];
}

/** A gate by its key in the table (FEATURES), or its own name, level and description. */
export type GateSpec = FeatureKey | GatedFeature;

/** The gate's name, level and description, whichever way it was given. */
export function gateOf(spec: GateSpec): GatedFeature {
  return typeof spec === 'string' ? FEATURES[spec] : spec;
}

export interface UpgradeRequiredDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The gated feature: a key of the gate table, or `{ name, level, description }`. */
  feature: GateSpec;
}

/**
 * The upgrade-required dialog: the feature, its description and the plan it needs, with the way
 * on: the upgrade dialog (UpgradeDialog.tsx: the four plans, monthly or yearly, the needed plan marked) or
 * the plan's section of /subscription. Both are native modal <dialog>s: Radix's modal locks the
 * page's scroll with an injected <style>, which the pages' CSP refuses (decision 0015).
 */
export default function UpgradeRequiredDialog({ open, onOpenChange, feature }: UpgradeRequiredDialogProps) {
  const gate = gateOf(feature);
  const plan = planForLevel(gate.level);
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <ModalDialog open={open} onOpenChange={onOpenChange} title="Upgrade Required" description={gate.description}>
        <dl className="upgrade-required-plan">
          <dt>Feature</dt>
          <dd>{gate.name}</dd>
          <dt>Required plan</dt>
          <dd>{planName(plan)} or higher</dd>
        </dl>
        <div className="drx-dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)}>
            Not now
          </button>
          <a className="btn btn-secondary" href={`/subscription?tier=${encodeURIComponent(plan)}`}>
            View {planName(plan)} plan
          </a>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              onOpenChange(false);
              setChoosing(true);
            }}
          >
            Choose a plan
          </button>
        </div>
      </ModalDialog>
      <UpgradeDialog open={choosing} onOpenChange={setChoosing} preselect={plan} />
    </>
  );
}
