import { ComingSoon } from '../../../components/ui/ComingSoon.tsx';

/** Placeholder for the pricing view opened from the dashboard (SPEC §2 upgradePlan). */
export function UpgradePlanScreen() {
  return <ComingSoon title="Choose a Plan" description="Simple plans. No hidden fees. Cancel anytime." />;
}
