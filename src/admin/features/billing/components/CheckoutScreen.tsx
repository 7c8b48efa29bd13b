import { ComingSoon } from '../../../components/ui/ComingSoon.tsx';

/** Placeholder for the embedded card payment form (SPEC §2 Checkout). */
export function CheckoutScreen() {
  return <ComingSoon title="Checkout" description="Pay securely by card to start your plan." />;
}
