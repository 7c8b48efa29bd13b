import { forBoth } from './dialects.ts';

// Where stays and orders meet (docs/product/stays.md and docs/product/extras-and-orders.md, docs/decisions/024-orders-follow-their-stay.md):
// - record_locks: one decision at a time per record (an order), held while Stripe answers, without
//   holding a database transaction open (src/lib/server/platform/db/record-lock.ts). A lease: a holder that
//   dies lets go when it expires.
// - orders.follow_up: a stay's change that its orders must follow ('moved': its dates changed;
//   'gone': deleted or cancelled by the calendar), written in the transaction that changes the stay
//   and cleared once the order followed it, so a crash in between only delays the follow-up.
// - orders.language: the guest's language, for every mail about the order; orders.stay_removed_at:
//   when its stay was deleted or cancelled.
// - order_confirmations: a public-link order waits here until the guest confirms it from the mail
//   sent to the address they gave; only then is it an order the host sees.
// - stays.overlap_accepted_at: the host added or moved a stay over another on purpose ("Add anyway").
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE record_locks (
  key TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at ${d.bigint} NOT NULL
)${d.strict};

ALTER TABLE orders ADD COLUMN follow_up TEXT CHECK (follow_up IN ('moved', 'gone'));
ALTER TABLE orders ADD COLUMN language TEXT NOT NULL DEFAULT '';
-- When its stay was deleted or cancelled (the order kept, or ended): Orders says so rather than "public link".
ALTER TABLE orders ADD COLUMN stay_removed_at ${d.bigint};
CREATE INDEX orders_follow_up ON orders(follow_up) WHERE follow_up IS NOT NULL;

CREATE TABLE order_confirmations (
  id TEXT PRIMARY KEY,
  -- The hash of the token in the guest's "Confirm" link (never the token itself).
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  extra_id ${d.bigint} NOT NULL,
  quantity INTEGER NOT NULL,
  guest_name TEXT NOT NULL,
  guest_email TEXT NOT NULL,
  guest_note TEXT NOT NULL DEFAULT '',
  language TEXT NOT NULL,
  created_at ${d.bigint} NOT NULL,
  expires_at ${d.bigint} NOT NULL,
  -- The order it became, once confirmed (a second click finds it).
  order_id TEXT REFERENCES orders(id) ON DELETE SET NULL,
  confirmed_at ${d.bigint}
)${d.strict};
CREATE INDEX order_confirmations_expiry ON order_confirmations(expires_at);

ALTER TABLE stays ADD COLUMN overlap_accepted_at ${d.bigint};
`,
);
