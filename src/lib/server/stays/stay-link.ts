import { nanoid } from 'nanoid';
import type { StaysTable } from '@db/schema.ts';
import type { Config } from '../platform/config.ts';

/** Stay links are as unguessable as guidebook links, and longer: 24 characters of nanoid's 64. */
export const STAY_TOKEN_LENGTH = 24;

function newStayToken(): string {
  return nanoid(STAY_TOKEN_LENGTH);
}

/** The guest link of a stay, built from APP_URL like every link that leaves the server. */
export function stayUrl(config: Pick<Config, 'appUrl'>, token: string): string {
  return new URL(`/stay/${encodeURIComponent(token)}`, config.appUrl).href;
}

/**
 * A new stay's row, with its own id and link: nothing revealed, opened or reminded yet (a stay the
 * host adds and one a calendar feed brings start alike).
 */
export function newStayRow(stay: Pick<StaysTable, 'instruction_id' | 'user_id' | 'team_id' | 'guest_name' | 'guest_email' | 'language' | 'check_in' | 'check_out' | 'calendar_uid' | 'channel' | 'channel_set_by_host'>, now: number): StaysTable {
  return {
    id: nanoid(),
    token: newStayToken(),
    ...stay,
    first_revealed_at: null,
    last_revealed_at: null,
    reveal_count: 0,
    first_opened_at: null,
    last_opened_at: null,
    open_count: 0,
    reminder_sent_at: null,
    late_checkout_until: null,
    early_checkin_from: null,
    overlap_accepted_at: null,
    pms_integration_id: null,
    pms_reservation_id: null,
    pms_modified_at: null,
    guest_phone: '',
    guest_count: null,
    language_set_by_host: 0,
    host_note: '',
    link_mailed_at: null,
    guest_data_erased_at: null,
    created_at: now,
    updated_at: now,
  };
}
