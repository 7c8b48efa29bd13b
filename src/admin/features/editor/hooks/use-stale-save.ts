import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Instruction } from '@shared/schemas/instruction.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getInstruction } from '../api/get-instruction.ts';
import { startingForm } from '../model/editor-form.ts';
import { editsOnLatest, type EditsOnLatest } from '../model/merge-edits.ts';

/** What the conflict panel shows: the latest version is being read, could not be, or is here and merged. */
export type ConflictState = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; edits: EditsOnLatest };

type Read = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; latest: Instruction };

export interface StaleSave {
  /** The server's words for the refused save. */
  message: string;
  panel: ConflictState;
  /** The latest version the edits are put on, once read. */
  latest: Instruction | null;
}

/**
 * A save refused as stale (409, docs/product.md §4 Editor): reads the latest version and puts the
 * host's edits on it (`editsOnLatest`), as the form stands now: the host may type on under the
 * panel, and "Keep my changes" takes what is on screen when pressed.
 */
export function useStaleSave(id: string, start: Instruction, form: Instruction) {
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState<({ message: string } & Read) | null>(null);

  async function read(message: string) {
    setRefused({ message, state: 'loading' });
    try {
      // Read afresh and kept in the cache, so the screen's own copy is the latest too.
      const latest = await queryClient.query({ queryKey: queryKeys.instructions.detail(id), queryFn: () => getInstruction(id), staleTime: 0 });
      setRefused({ message, state: 'ready', latest });
    } catch {
      setRefused({ message, state: 'failed' });
    }
  }

  const latest = refused?.state === 'ready' ? refused.latest : null;
  // Compared as the form starts (a guidebook with no time zone yet takes the browser's, as here).
  const edits = useMemo(() => (latest ? editsOnLatest(start, form, startingForm(latest)) : null), [start, form, latest]);
  const stale: StaleSave | null = refused
    ? { message: refused.message, latest, panel: edits ? { state: 'ready', edits } : { state: refused.state === 'failed' ? 'failed' : 'loading' } }
    : null;

  return {
    stale,
    /** A save answered 409 with `message`. */
    refuse: (message: string) => void read(message),
    retry: () => (refused ? void read(refused.message) : undefined),
    clear: () => setRefused(null),
  };
}
