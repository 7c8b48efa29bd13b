import type { PmsSystem } from '@shared/pms-systems.ts';
import type { StayDates } from '@shared/team-activity.ts';

/** What applying a booking system's reservation works on and answers (apply-reservation.ts), and its activity line reads (stay-activity.ts). */
export interface ApplyTarget {
  integrationId: string;
  teamId: string;
  /** The guidebook the reservation's unit is mapped to. */
  instructionId: string;
  /** Who a new stay records as its author: the integration's `connected_by`, or the team's owner. */
  userId: string;
  /** The system, named by the activity line (stay-activity.ts). */
  system: PmsSystem;
}

export type ApplyChange = 'added' | 'takenOver' | 'moved' | 'updated' | 'removed';

export interface Applied {
  change: ApplyChange | null;
  stayId: string | null;
  /** A stay made or moved: its overlaps are looked for after the commit. */
  touched: boolean;
  /** Orders marked to follow their stay after the commit. */
  followUps: string[];
  /** The stay's nights now (a removed one's as they were), and before a move: for its activity line. */
  dates?: StayDates;
  from?: StayDates;
}
