import { ComingSoon } from '../../../components/ui/ComingSoon.tsx';

/** Placeholder for the paid / unpaid outcome after checkout (SPEC §2 Checkout and return). */
export function CheckoutReturnScreen() {
  return <ComingSoon title="Payment status" description="The outcome of your payment." />;
}
