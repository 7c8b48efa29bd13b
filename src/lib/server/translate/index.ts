import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import { createTranslator, type MachineTranslator, type TranslatorOptions } from './client.ts';

export type { MachineTranslator, TranslatorOptions } from './client.ts';
export { MAX_ANSWER_BYTES, TRANSLATE_TIMEOUT_MS } from './client.ts';
export type { TranslateProvider } from './languages.ts';
export type { TranslateFailure, TranslateFailureReason, TranslateFormat, TranslateRequest, TranslateResult, TranslateText } from './types.ts';

/**
 * Machine translation for drafting a guidebook's translations, or null when TRANSLATE_URL is
 * unset: then "Draft with machine translation" is not offered and nothing else changes. What is
 * sent where: docs/security.md "Outbound HTTP".
 */
export function machineTranslation(config: Pick<Config, 'translate'>, log: Logger, options?: TranslatorOptions): MachineTranslator | null {
  return config.translate ? createTranslator(config.translate, log, options) : null;
}
