import { randomInt, randomUUID } from 'node:crypto';

/**
 * The Seam stand-in's access codes (docs/decisions/030-smart-locks.md, Test plan): `access_codes/`
 * create, get, list, update, delete and pull_backup_access_code under Seam's keys, each code's
 * status worked out from its device's behaviour when read: `native` (scheduled on the device from
 * 72 hours before its start, `set` from its start), `just_in_time` (`set` from 60 minutes before its
 * start), `delayed` (`setting` with `delay_in_setting_on_device` for `delayMs`, then native),
 * `never` (`setting` with `failed_to_set_on_device`) and `offline` (`setting` with `device_offline`).
 * Every device has a backup pool; a pulled code is `set` at once.
 * Offline codes (`is_offline_access_code`, igloohome's algoPIN; decision 030 §9) as Seam's igloohome
 * guide describes them: only on a device that can program them; `max_time_rounding` '1h' on whole
 * hours for 1 to 672 hours, '1d' for 29 to 367 days with start and end at the same time of day;
 * waiting for its code at the create, its code assigned (and `set`) from the next read, whatever
 * the lock's behaviour (the vendor's registry makes it, nothing is sent to the lock); never updated
 * nor deleted through the API (400).
 */
export type DeviceBehaviour = 'native' | 'just_in_time' | 'delayed' | 'never' | 'offline';

type Json = Record<string, unknown>;
const HOUR_MS = 3_600_000;

export interface AccessCodes {
  codes: Map<string, Json>;
  behave(deviceId: string, behaviour: DeviceBehaviour, delayMs?: number): void;
  answer(path: string, input: Json, devices: Map<string, Json>): [number, Json] | undefined;
}

export function accessCodes(): AccessCodes {
  const codes = new Map<string, Json>();
  const behaviours = new Map<string, { behaviour: DeviceBehaviour; delayMs: number }>();
  const notFound = (): [number, Json] => [404, { error: { type: 'access_code_not_found', message: 'access_code_id not found' } }];

  function view(code: Json): Json {
    if (code.is_offline_access_code) return code.assigned ? { ...code, status: 'set', is_scheduled_on_device: true, is_waiting_for_code_assignment: false } : { ...code, code: null, status: 'unset', is_scheduled_on_device: false, is_waiting_for_code_assignment: true };
    if (code.is_backup) return { ...code, status: 'set', is_scheduled_on_device: false };
    const { behaviour, delayMs } = behaviours.get(String(code.device_id)) ?? { behaviour: 'native', delayMs: 0 };
    const now = Date.now();
    const startsAt = Date.parse(String(code.starts_at));
    const failing = behaviour === 'never' ? 'failed_to_set_on_device' : behaviour === 'offline' ? 'device_offline' : null;
    if (failing) return { ...code, status: 'setting', is_scheduled_on_device: false, errors: [{ error_code: failing, message: 'The stand-in says so', created_at: code.created_at }] };
    if (behaviour === 'delayed' && now < Number(code.created_ms) + delayMs) return { ...code, status: 'setting', is_scheduled_on_device: false, warnings: [{ warning_code: 'delay_in_setting_on_device', message: 'Delayed', created_at: code.created_at }] };
    if (behaviour === 'just_in_time') return { ...code, status: now >= startsAt - HOUR_MS ? 'set' : 'unset', is_scheduled_on_device: false };
    return { ...code, status: now >= startsAt ? 'set' : 'unset', is_scheduled_on_device: now >= startsAt - 72 * HOUR_MS };
  }

  function answer(path: string, input: Json, devices: Map<string, Json>): [number, Json] | undefined {
    const id = String(input.access_code_id);
    switch (path) {
      case '/access_codes/create': {
        if (!devices.has(String(input.device_id))) return [404, { error: { type: 'device_not_found', message: 'device_id not found' } }];
        if (Date.parse(String(input.ends_at)) <= Date.parse(String(input.starts_at))) return [400, { error: { type: 'invalid_input', message: 'ends_at must be after starts_at' } }];
        const offline = input.is_offline_access_code === true;
        if (offline) {
          const refused = offlineRefusal(input, devices.get(String(input.device_id))!);
          if (refused) return [400, { error: { type: 'invalid_input', message: refused } }];
        }
        const code: Json = {
          access_code_id: randomUUID(), device_id: input.device_id, name: input.name, appearance: { name: String(input.name).replace(/[^\w -]/g, '').slice(0, 24) },
          code: typeof input.code === 'string' ? input.code : String(randomInt(100_000, 1_000_000)), type: 'time_bound', starts_at: input.starts_at, ends_at: input.ends_at,
          common_code_key: input.common_code_key ?? null, is_managed: true, is_backup: false, use_backup_access_code_pool: input.use_backup_access_code_pool === true,
          errors: [], warnings: [], created_at: new Date().toISOString(), created_ms: Date.now(),
          is_offline_access_code: offline, is_waiting_for_code_assignment: offline, max_time_rounding: input.max_time_rounding ?? null, assigned: false,
        };
        codes.set(String(code.access_code_id), code);
        const answer = view(code);
        code.assigned = offline;
        return [200, { access_code: answer }];
      }
      case '/access_codes/get':
        return codes.has(id) ? [200, { access_code: view(codes.get(id)!) }] : notFound();
      case '/access_codes/list':
        return [200, { access_codes: [...codes.values()].filter((code) => code.device_id === input.device_id).map(view) }];
      case '/access_codes/update': {
        const code = codes.get(id);
        if (!code) return notFound();
        if (code.is_offline_access_code) return [400, { error: { type: 'invalid_input', message: 'An offline access code cannot be updated' } }];
        for (const key of ['name', 'starts_at', 'ends_at'] as const) if (input[key] !== undefined) code[key] = input[key];
        return [200, {}];
      }
      case '/access_codes/delete':
        if (codes.get(id)?.is_offline_access_code) return [400, { error: { type: 'invalid_input', message: 'An offline access code cannot be deleted through the API' } }];
        return codes.delete(id) ? [200, {}] : notFound();
      case '/access_codes/pull_backup_access_code': {
        const original = codes.get(id);
        if (!original) return notFound();
        const backup: Json = { ...original, access_code_id: randomUUID(), code: String(randomInt(100_000, 1_000_000)), is_backup: true, common_code_key: null, errors: [], warnings: [] };
        codes.set(String(backup.access_code_id), backup);
        original.pulled_backup_access_code_id = backup.access_code_id;
        return [200, { access_code: view(backup) }];
      }
      default:
        return undefined;
    }
  }

  return { codes, behave: (deviceId, behaviour, delayMs = 0) => void behaviours.set(deviceId, { behaviour, delayMs }), answer };
}

/** Why Seam would refuse an offline code (igloohome's bounds, decision 030 §9), or null. */
function offlineRefusal(input: Json, device: Json): string | null {
  if (device.can_program_offline_access_codes !== true) return 'This device cannot program offline access codes';
  const [startsAt, endsAt] = [Date.parse(String(input.starts_at)), Date.parse(String(input.ends_at))];
  const hours = (endsAt - startsAt) / HOUR_MS;
  if (input.max_time_rounding === '1h' || input.max_time_rounding === '1hour') {
    if (startsAt % HOUR_MS !== 0 || endsAt % HOUR_MS !== 0) return 'An hourly-bound offline code starts and ends on whole hours';
    return hours >= 1 && hours <= 672 ? null : 'An hourly-bound offline code lasts 1 to 672 hours';
  }
  if (input.max_time_rounding === '1d' || input.max_time_rounding === '1day') {
    if (hours % 24 !== 0) return 'A daily-bound offline code starts and ends at the same time of day';
    return hours >= 29 * 24 && hours <= 367 * 24 ? null : 'A daily-bound offline code lasts 29 to 367 days';
  }
  return 'max_time_rounding is needed for an offline access code';
}
