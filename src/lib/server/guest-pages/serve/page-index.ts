import { PAGE_LANGUAGES, type PageLanguage } from '@shared/guest-page-key.ts';
import { GUEST_TOKEN } from '@shared/guest-token.ts';
import { offeredLanguages } from '@shared/translations.ts';
import type { PageIndexes } from '../../assistant/ask.ts';
import { buildPageIndex, type BuiltIndex, type PageIndex } from '../../assistant/build-index.ts';
import { keepIndex, loadedIndex, readStoredIndex, storeIndexInBackground } from '../../assistant/index-store.ts';
import { guidebookPassages } from '../../assistant/passages.ts';
import { parseStoredContent } from '../../guidebook/instruction-row.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { pageId, type GuestPageKey } from '../page-key.ts';
import { pageSpeaks } from '../render/page-languages.ts';
import { forgetIfChangedElsewhere, storedCopiesReadable } from '../store/snapshot-store.ts';
import { currentWriteEpoch } from '../store/write-epoch.ts';

export type { PageIndex };

/** The variant a page in `language` is: its own when it is a page language, else the main page. */
function keyOf(token: string, language: string): GuestPageKey {
  return { token, variant: PAGE_LANGUAGES.includes(language as PageLanguage) ? (language as PageLanguage) : null };
}

/** What the ask route gives assistant/ask.ts: the indexes of the guest pages' variants. */
export const pageIndexes: PageIndexes = {
  loaded: (token, language) => (GUEST_TOKEN.test(token) ? (loadedIndex(pageId(keyOf(token, language))) ?? null) : null),
  index: (token, language) => indexForPage(keyOf(token, language)),
};

/**
 * The search index of a guest page variant, for "Ask the guidebook" (docs/decisions/031 §4, "As
 * built"): the one function the ask route calls. Not built at publish: built on the first question
 * for the variant, from the database, as a page miss renders (serve-guest-page.ts), then kept in
 * memory and stored beside the page (`<page id>:ask`, after the answer), both only if no write
 * touched the token meanwhile (the write epoch). Every removal of the page's snapshots removes it
 * (store/pending-removals.ts, store/snapshot-store.ts). Null: no guidebook has the token, or its
 * index would be too large.
 */
export async function indexForPage(key: GuestPageKey): Promise<PageIndex | null> {
  const { token } = key;
  if (!GUEST_TOKEN.test(token)) return null;
  forgetIfChangedElsewhere();
  const id = pageId(key);
  const held = loadedIndex(id);
  if (held) return held;
  const epoch = currentWriteEpoch(token);
  const keep = (index: PageIndex) => {
    if (epoch === currentWriteEpoch(token)) keepIndex(id, index);
  };
  // What is stored may be what a removal under way (or one that failed) is taking away.
  const stored = storedCopiesReadable(token) ? await readStoredIndex(id) : null;
  if (stored && (await agreesWithItsRow(stored))) {
    keep(stored);
    return stored;
  }
  const built = await buildFromDatabase(key);
  if (!built) return null;
  if (epoch === currentWriteEpoch(token)) {
    keepIndex(id, built.index);
    // Compressed and stored after the answer: the guest does not wait for the store.
    void storeIndexInBackground(id, built);
  }
  return built.index;
}

/** The stored index was built from the guidebook's current row: same version, same secrets policy. */
async function agreesWithItsRow({ header }: PageIndex): Promise<boolean> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('instructions').select(['version', 'data']).where('token', '=', header.token).where('deleted_at', 'is', null).executeTakeFirst();
  return Boolean(row && row.version === header.version && parseStoredContent(row.data).secretsPolicy === header.secretsPolicy);
}

/**
 * The variant's passages from the guidebook's row, in the language its page is in: the variant's
 * when the guidebook offers it or the page has words in it, else the main one (load-guest-page.ts).
 */
async function buildFromDatabase(key: GuestPageKey): Promise<BuiltIndex | null> {
  const { db, log } = await getRuntime();
  const row = await db.selectFrom('instructions').select(['id', 'team_id', 'token', 'data', 'version']).where('token', '=', key.token).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) return null;
  const stored = parseStoredContent(row.data);
  const asked = key.variant;
  const language = asked && pageSpeaks(asked, offeredLanguages(stored)) ? asked : stored.language;
  const passages = guidebookPassages(stored, language);
  const built = buildPageIndex(passages, { token: row.token, language, teamId: row.team_id, guidebookId: row.id, version: row.version, secretsPolicy: stored.secretsPolicy });
  if (!built) log.warn({ token: key.token.slice(0, 4), passages: passages.length }, 'assistant: index over its size bound, none made');
  return built;
}
