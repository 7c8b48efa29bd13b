import type { GuestInstruction } from '@shared/schemas/instruction.ts';
import { formatGuestDateTime } from '@shared/guest-dates.ts';
import type { GuestPage, GuestStay } from './guest-page-model.ts';

/** What the access section shows, decided at render time (a stay page renders on each request). */
export function accessOf(i: GuestInstruction, stay: GuestStay | null, now: number, language: string): GuestPage['access'] {
  const gated = i.gatedSecrets;
  if (!gated) return null;
  if (i.secretsPolicy === 'stay' && !stay) return { kind: 'booking-only' };
  const zone = i.timeZone;
  const base = { token: stay ? stay.token : i.token, hasCode: gated.code, hasWifiPassword: gated.wifiPassword, wifiName: i.wifiName };
  if (i.secretsPolicy === 'pin' && !stay) return { kind: 'reveal', props: { ...base, mode: 'pin', opensAt: null, opensLabel: null, over: false } };
  // A stay link (under `stay`, and under `pin`, which it never needs): the island asks during the
  // window; before it, the page says when.
  const early = stay !== null && now < stay.secretsFrom;
  return {
    kind: 'reveal',
    props: {
      ...base,
      mode: 'stay',
      opensAt: early ? stay.secretsFrom : null,
      opensLabel: early ? formatGuestDateTime(stay.secretsFrom, zone, language) : null,
      over: stay !== null && now >= stay.secretsUntil,
    },
  };
}
