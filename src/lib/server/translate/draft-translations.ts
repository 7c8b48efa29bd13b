import { messages } from '@shared/messages.ts';
import { isGuidebookLanguage } from '@shared/languages.ts';
import type { InstructionContent, Translation } from '@shared/schemas/instruction.ts';
import { isOutOfDate, sourceHash, translatableFields } from '@shared/translations.ts';
import { AppError } from '../http/app-error.ts';
import type { TeamScope } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { machineTranslation, type MachineTranslator } from './index.ts';

export interface DraftTranslationsOptions {
  access: TeamScope;
  id: string;
  language: string;
  /** The editor's form, checked by the content schema: it may hold changes not saved yet. */
  content: InstructionContent;
}

export interface DraftFailure {
  key: string;
  label: string;
  message: string;
}

export interface DraftAnswer {
  drafts: Record<string, Translation & { machine: true }>;
  failed: DraftFailure[];
}

let translator: { made: MachineTranslator | null } | undefined;

/** The configured translator, made once per process; null when TRANSLATE_URL is unset. */
async function configuredTranslator(): Promise<MachineTranslator | null> {
  if (!translator) {
    const { config, log } = await getRuntime();
    translator = { made: machineTranslation(config, log) };
  }
  return translator.made;
}

/**
 * POST /api/instruction/:id/translations/:lang/draft (docs/decisions/021-guidebook-translations.md):
 * machine drafts for the fields of `language` that are empty or out of date. Drafted from the
 * content the editor sends (the host may not have saved yet), which is only read for its
 * translatable fields: secrets, links, images, the host's name and addresses are never among them,
 * and a field translated by hand only (a place's name) is not sent either. Nothing is stored; the
 * editor merges the drafts into its form and the host saves; guests read a draft once accepted.
 * 404 when machine translation is off or the guidebook is not the host's; the host's limit is
 * taken only once a call will go out.
 */
export async function draftTranslations({ access, id, language, content }: DraftTranslationsOptions): Promise<DraftAnswer> {
  const machine = await configuredTranslator();
  if (!machine) throw new AppError('NOT_FOUND', messages.translate.off);
  await findTeamGuidebook({ access, id });
  if (!isGuidebookLanguage(language)) throw new AppError('BAD_REQUEST', messages.translate.unknownLanguage);
  if (language === content.language) throw new AppError('BAD_REQUEST', messages.translate.sameLanguage);

  const entries = content.translations[language] ?? {};
  const wanted = translatableFields(content).filter((field) => {
    if (field.byHand) return false;
    const entry = entries[field.key];
    return !entry || entry.text === '' || isOutOfDate(field, entry.source);
  });
  const answer: DraftAnswer = { drafts: {}, failed: [] };
  if (wanted.length === 0) return answer;

  await consumeRateLimits([rateRules.machineDraftUser(access.teamId)], Date.now(), messages.translate.tooManyDrafts);
  const result = await machine.translateBatch({
    texts: wanted.map((field) => ({ key: field.key, text: field.text, format: field.kind === 'richText' ? 'html' : 'text', kind: field.kind })),
    source: content.language,
    target: language,
  });
  for (const field of wanted) {
    const text = result.translated.get(field.key);
    const failure = result.failed.get(field.key);
    if (text !== undefined && text !== '') answer.drafts[field.key] = { text, source: sourceHash(field.text), machine: true };
    else answer.failed.push({ key: field.key, label: field.label, message: failure?.message ?? messages.translate.missing });
  }
  return answer;
}

/** Whether the editor offers machine drafts (GET /api/users/me says so). */
export async function machineDraftsOn(): Promise<boolean> {
  return (await configuredTranslator()) !== null;
}
