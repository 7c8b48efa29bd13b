import { parseStoredContent } from '../../src/lib/server/guidebook/instruction-row.ts';
import { instructionContentSchema } from '../../src/lib/shared/schemas/instruction.ts';
import type { TestServer } from './server.ts';

/**
 * What tests/fuzz-bodies.test.ts checks once the fuzzing is over (docs/security.md 29): the
 * database is whole, holds what the answers said, and every guidebook reads with the app's own
 * reader and would be accepted again by the editor's schema; the log holds no error.
 */
export interface Expected {
  hostId: string;
  /** Guidebooks of the host: the fixed one and those the run made and did not delete. */
  guidebooks: number;
  stays: number;
  /** An upper bound: registrations answer 201 whether or not an account was made. */
  maxUsers: number;
}

const count = (server: TestServer, sql: string, ...params: unknown[]) => {
  const db = server.openDb();
  try {
    return Number((db.prepare(sql).get(...params) as { n: number | string }).n);
  } finally {
    db.close();
  }
};

export function storedDataProblems(server: TestServer, expected: Expected): string[] {
  const problems: string[] = [];
  const db = server.openDb();
  try {
    if (server.dialect === 'sqlite') {
      const integrity = db.prepare('PRAGMA integrity_check').all() as Array<{ integrity_check: string }>;
      if (integrity.map((row) => row.integrity_check).join() !== 'ok') problems.push(`integrity_check: ${JSON.stringify(integrity)}`);
      const foreign = db.prepare('PRAGMA foreign_key_check').all();
      if (foreign.length) problems.push(`foreign_key_check: ${JSON.stringify(foreign.slice(0, 5))}`);
    }
    const rows = db.prepare('SELECT id, user_id, data FROM instructions').all() as Array<{ id: string; user_id: string; data: string }>;
    for (const row of rows) {
      try {
        const parsed = instructionContentSchema.safeParse(parseStoredContent(row.data));
        if (!parsed.success) problems.push(`guidebook ${row.id} no longer passes its schema: ${parsed.error.issues[0]?.message}`);
      } catch (error) {
        problems.push(`guidebook ${row.id} does not read: ${String(error)}`);
      }
    }
  } finally {
    db.close();
  }
  // Deleted guidebooks wait in the trash with their stays: only the live ones are the answers' count.
  const guidebooks = count(server, 'SELECT count(*) AS n FROM instructions WHERE user_id = ? AND deleted_at IS NULL', expected.hostId);
  if (guidebooks !== expected.guidebooks) problems.push(`${guidebooks} guidebooks stored, the answers made ${expected.guidebooks}`);
  const stays = count(server, 'SELECT count(*) AS n FROM stays s JOIN instructions i ON i.id = s.instruction_id WHERE s.user_id = ? AND i.deleted_at IS NULL', expected.hostId);
  if (stays !== expected.stays) problems.push(`${stays} stays stored, the answers made ${expected.stays}`);
  const users = count(server, 'SELECT count(*) AS n FROM users');
  if (users < 1 || users > expected.maxUsers) problems.push(`${users} users stored, at most ${expected.maxUsers} expected`);
  const failedMail = count(server, "SELECT count(*) AS n FROM outbox WHERE status = 'failed' OR last_error IS NOT NULL");
  if (failedMail) problems.push(`${failedMail} mails failed in the outbox`);
  return problems;
}

/** Mails still waiting to be written out: the outbox works them off in the background. */
export const pendingMails = (server: TestServer) => count(server, "SELECT count(*) AS n FROM outbox WHERE status IN ('pending', 'sending')");

/** Log lines that say something broke: errors, 5xx answers, anything not JSON (a crash's stack). */
export function logProblems(logs: readonly string[]): string[] {
  return logs.filter((line) => {
    let entry: { level?: number; status?: number };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return true;
    }
    return (entry.level ?? 0) >= 50 || (entry.status ?? 0) >= 500;
  });
}
