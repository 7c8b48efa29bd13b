import { expect } from 'vitest';
import type { SyncAnswer } from '../../../src/lib/shared/schemas/integrations.ts';
import type { Instruction } from '../../../src/lib/shared/schemas/instruction.ts';
import type { Stay, StaysPage } from '../../../src/lib/shared/schemas/stay.ts';
import type { Host } from '../billing.ts';
import type { TestServer } from '../server.ts';
import { tableNamesSql } from '../sync-db.ts';

/**
 * What the booking systems' sync tests ask the server (tests/pms-sync.test.ts for Smoobu,
 * tests/pms-beds24-sync.test.ts for Beds24, tests/pms-hostaway-sync.test.ts for Hostaway): a
 * guidebook in UTC with fixed times, "Sync now", the stays of a guidebook, and dates relative to
 * the real clock (days ahead, never slept through).
 */
const DAY = 86_400_000;
/** "YYYY-MM-DD", `days` from today (UTC). */
export const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
/** "YYYYMMDD", as a calendar feed writes a date. */
export const ymd = (days: number) => day(days).replaceAll('-', '');

export async function guidebook(host: Host, name: string, extras: unknown[] = []): Promise<Instruction> {
  const { instruction } = await host.json<{ instruction: Instruction }>('/api/instruction', { json: { nameInstruction: name, timeZone: 'UTC', checkInTime: '15:00', checkOutTime: '11:00', extras } });
  return instruction;
}

export async function syncNow(host: Host, id: string, status = 200): Promise<SyncAnswer> {
  const response = await host.call(`/api/team/integrations/${id}/sync`, { method: 'POST', json: {} });
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as SyncAnswer;
}

export const counts = (partial: Partial<SyncAnswer> = {}) => ({ added: 0, moved: 0, removed: 0, updated: 0, takenOver: 0, ...partial });

export async function staysOf(host: Host, g: Instruction): Promise<Stay[]> {
  const all: Stay[] = [];
  for (const group of ['current', 'upcoming', 'past']) all.push(...(await host.json<StaysPage>(`/api/instruction/${g._id}/stays?group=${group}&limit=100`)).stays);
  return all;
}

/** Every row of every table as JSON text, searched for credentials that must never be stored in clear. */
export function everyRow(server: TestServer): string {
  const db = server.openDb();
  try {
    const tables = (db.prepare(tableNamesSql(server.dialect)).all() as Array<{ name: string }>).map((t) => t.name);
    return tables.map((table) => JSON.stringify(db.prepare(`SELECT * FROM ${table}`).all())).join('\n');
  } finally {
    db.close();
  }
}
