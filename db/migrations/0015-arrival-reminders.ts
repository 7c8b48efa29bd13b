import { forBoth } from './dialects.ts';

// The reminder before arrival (docs/product/insights.md): when the stay's guest was sent it, set in the
// transaction that queues the mail, so it goes once however many servers look for it.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
ALTER TABLE stays ADD COLUMN reminder_sent_at ${d.bigint};
`,
);
