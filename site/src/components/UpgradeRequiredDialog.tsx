import { Dialog } from 'radix-ui';
import { SUBSCRIPTION_LEVELS, type PlanKey } from '../../../worker/src/domain/subscriptions.ts';
import '../styles/feature-gate.css';

const PLAN_NAMES: Record<PlanKey, string> = { free: 'Free', educator: 'Educator', premium: 'Premium', royalty: 'Royalty' };

/** The lowest plan whose level reaches the required level (royalty when none does). */
export function planForLevel(level: number): PlanKey {
  const plans = (Object.entries(SUBSCRIPTION_LEVELS) as [PlanKey, number][]).sort((a, b) => a[1] - b[1]);
  return plans.find(([, l]) => l >= level)?.[0] ?? 'royalty';
}

export function planName(plan: PlanKey): string {
  return PLAN_NAMES[plan];
}

export interface UpgradeRequiredDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The gated feature's name. */
  feature: string;
  /** Why the feature is locked (the gate's message). */
  description: string;
  /** The level the feature needs (§6: educator 10, premium 20, royalty 30). */
  requiredLevel: number;
}

/** §2.7 upgrade-required dialog: the feature, its description and the plan it needs. */
export default function UpgradeRequiredDialog({ open, onOpenChange, feature, description, requiredLevel }: UpgradeRequiredDialogProps) {
  const plan = planForLevel(requiredLevel);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drx-dialog-overlay" />
        <Dialog.Content className="drx-dialog">
          <Dialog.Title className="drx-dialog-title">Upgrade Required</Dialog.Title>
          <Dialog.Description className="drx-dialog-description">{description}</Dialog.Description>
          <dl className="upgrade-required-plan">
            <dt>Feature</dt>
            <dd>{feature}</dd>
            <dt>Required plan</dt>
            <dd>{planName(plan)} or higher</dd>
          </dl>
          <div className="drx-dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-secondary">
                Not now
              </button>
            </Dialog.Close>
            <a className="btn btn-primary" href={`/subscription?tier=${encodeURIComponent(plan)}`}>
              View {planName(plan)} plan
            </a>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
