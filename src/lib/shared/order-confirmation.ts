/**
 * The page a guest opens from the mail that confirms a public-link order (docs/product/extras-and-orders.md,
 * src/lib/server/money/orders/order-confirmations.ts): what it shows, in the guest's `language`.
 * - `live`: the request waits for the guest's button;
 * - `done`: confirmed already (the host has it);
 * - `unknown`: no such link, expired (24 hours), or the extra is no longer offered there.
 */
export type ConfirmationPage =
  | { state: 'unknown'; language: string }
  | { state: 'done'; language: string; guidebookUrl: string }
  | {
      state: 'live';
      language: string;
      guidebookUrl: string;
      guidebookName: string;
      /** The extra's title as the host wrote it. */
      title: string;
      quantity: number;
      /** Written out in the guest's language ("25 €", "Free"). */
      price: string;
      note: string;
      /** A priced extra of a host who may take payments: the button may lead on to Checkout. */
      pays: boolean;
    };
