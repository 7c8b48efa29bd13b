import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SECRETS_POLICIES } from '@shared/schemas/instruction.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/instruction → the signed-in host's guidebooks, newest first (docs/product.md §7).
 *
 * The list reads only what a card, a table row and the options panel show, and lets everything
 * else through untouched: the editor owns the full document and its validation.
 */
const boxSchema = z.looseObject({ imageUrl: z.string().catch('') });

export const instructionSummarySchema = z.looseObject({
  _id: z.string(),
  nameInstruction: z.string().catch(''),
  address: z.string().catch(''),
  code: z.string().catch(''),
  token: z.string(),
  isFree: z.boolean().catch(false),
  boxes: z.array(boxSchema).catch([]),
  /** The cover photo, the card's picture when set. */
  coverImage: z.string().catch(''),
  /** Who sees the door code: the share dialog says when the public link carries none. */
  secretsPolicy: z.enum(SECRETS_POLICIES).catch('always'),
  /** The main language and each translation's texts: the share dialog offers the languages (`offeredLanguages`). */
  language: z.string().catch('en'),
  translations: z.record(z.string(), z.record(z.string(), z.looseObject({ text: z.string().catch('') }))).catch({}),
});

export type InstructionSummary = z.output<typeof instructionSummarySchema>;

/** docs/product.md §7, §9: list data is cached 5 s. */
export const INSTRUCTION_LIST_STALE_MS = 5_000;

export async function getInstructions(): Promise<InstructionSummary[]> {
  const data = await api.get<unknown>('/api/instruction');
  return z.array(instructionSummarySchema).parse(data);
}

export function instructionsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.instructions.list(), queryFn: getInstructions, staleTime: INSTRUCTION_LIST_STALE_MS });
}

export function useInstructions() {
  return useQuery(instructionsQueryOptions());
}

/** The cached list with one guidebook replaced by the server's newer copy of it. */
export function replaceInList(list: InstructionSummary[] | undefined, updated: InstructionSummary): InstructionSummary[] | undefined {
  return list?.map((item) => (item._id === updated._id ? { ...item, ...updated } : item));
}
