import { ComingSoon } from '../../../components/ui/ComingSoon.tsx';

/** Placeholder for the plan card with Cancel and Upgrade (SPEC §2 Current subscription). */
export function CurrentSubscriptionScreen() {
  return <ComingSoon title="Your Plan" description="Your subscription, its status and billing period." />;
}
