import { forBoth } from './dialects.ts';

// Where each stay was booked (docs/decisions/028-teams.md §10): `channel` decides what its guest is
// offered (the guidebook's rules by channel); `channel_set_by_host` is 1 once the host chose it, so
// the calendar's next sync keeps that choice. A stay made by hand is 'direct'; a calendar's stays
// take the channel its link names by host, as src/lib/shared/channels.ts `feedChannel` reads it
// (airbnb.*, booking.com, vrbo.com or homeaway.*, else 'other'), filled here for the stays already
// imported. Numbered after 0018 (teams), which another change brings; the two touch no common column.
export const { up, upPostgres } = forBoth((d) => {
  // The link's host with a dot before it ('.www.airbnb.com'); stored links are https:// (webcal:// was rewritten on saving).
  const rest = 'substr(c.url, 9)';
  const host = d.name === 'sqlite' ? `'.' || lower(substr(${rest}, 1, instr(${rest} || '/', '/') - 1))` : `'.' || lower(split_part(${rest}, '/', 1))`;
  return /* sql */ `
ALTER TABLE stays ADD COLUMN channel TEXT NOT NULL DEFAULT 'direct' CHECK (channel IN ('direct', 'airbnb', 'booking', 'vrbo', 'other'));
ALTER TABLE stays ADD COLUMN channel_set_by_host INTEGER NOT NULL DEFAULT 0 CHECK (channel_set_by_host IN (0, 1));

UPDATE stays SET channel = COALESCE(
  (SELECT CASE
     WHEN ${host} LIKE '%.airbnb.%' THEN 'airbnb'
     WHEN ${host} LIKE '%.booking.com' THEN 'booking'
     WHEN ${host} LIKE '%.vrbo.com' OR ${host} LIKE '%.homeaway.%' THEN 'vrbo'
     ELSE 'other'
   END
   FROM instruction_calendars c WHERE c.instruction_id = stays.instruction_id),
  'other')
WHERE calendar_uid IS NOT NULL;
`;
});
