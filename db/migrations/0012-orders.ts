import { forBoth } from './dialects.ts';

// Orders of extras (docs/decisions/020-extras-and-the-money-flow.md): what a guest bought or asked
// for from a guidebook, at the price and title it had then, and where it stands. Each change of
// status is one transaction that checks the status it changes from. A stay keeps the check-in or
// check-out an order moved it to beside the times its host or calendar gave it, so a calendar sync
// that rewrites the booking's times does not undo a late check-out.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  -- The host, so every read is scoped by the owner like the guidebook's own.
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  stay_id TEXT REFERENCES stays(id) ON DELETE SET NULL,
  extra_id ${d.bigint} NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('late-checkout', 'early-checkin', 'item')),
  title TEXT NOT NULL,
  -- Minor units of currency, for the whole order (unit price × quantity).
  amount ${d.bigint} NOT NULL,
  currency TEXT NOT NULL,
  quantity INTEGER NOT NULL DEFAULT 1,
  approval TEXT NOT NULL CHECK (approval IN ('instant', 'host')),
  status TEXT NOT NULL CHECK (status IN ('requested', 'awaiting_payment', 'paid', 'approved', 'declined', 'refunded', 'cancelled')),
  guest_name TEXT NOT NULL DEFAULT '',
  guest_email TEXT NOT NULL DEFAULT '',
  guest_note TEXT NOT NULL DEFAULT '',
  -- A late check-out or early check-in: the instant the stay's check-out or check-in moves to.
  moves_to ${d.bigint},
  -- The hash of the token in the host's "Approve" and "Decline" links (never the token itself).
  decision_token_hash TEXT UNIQUE,
  checkout_session_id TEXT UNIQUE,
  payment_intent_id TEXT UNIQUE,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL,
  decided_at ${d.bigint}
)${d.strict};
CREATE INDEX orders_instruction ON orders(instruction_id, created_at);
CREATE INDEX orders_stay ON orders(stay_id) WHERE stay_id IS NOT NULL;
CREATE INDEX orders_user ON orders(user_id, created_at);

ALTER TABLE stays ADD COLUMN late_checkout_until ${d.bigint};
ALTER TABLE stays ADD COLUMN early_checkin_from ${d.bigint};
`,
);
