import type { AskSection } from './guest-words/ask-words.ts';
import type { GuestFeedback } from './schemas/guest-feedback.ts';

/**
 * The parts of the guest page whose reading is counted (docs/product/insights.md): the vocabulary of
 * `POST /api/guest/:token/events`, the guest page's beacon and the host's insights. Anything else
 * a beacon names is ignored.
 */
export const GUEST_SECTIONS = ['checkin', 'access', 'wifi', 'rules', 'places', 'extras', 'contact'] as const;
export type GuestSection = (typeof GUEST_SECTIONS)[number];

export function isGuestSection(value: unknown): value is GuestSection {
  return typeof value === 'string' && (GUEST_SECTIONS as readonly string[]).includes(value);
}

/**
 * The sections of the guest page a question can be answered from (docs/decisions/031 §3, §13): the
 * passages' sections and `access` (the door-code card a question about the code is pointed to).
 * The vocabulary of the answered-question counts and of an unanswered question's suggested section,
 * so a count can name nothing else. The page's own ids, not GUEST_SECTIONS (the reads' vocabulary).
 */
export const ASK_SECTIONS = ['address', 'check-in', 'welcome', 'wifi', 'rules', 'good-to-know', 'check-out', 'places', 'extras', 'contact', 'access'] as const;
export type AskInsightSection = (typeof ASK_SECTIONS)[number];

// Every section a passage can have is listed above: this line stops the type check otherwise.
const everyAskSection: [Exclude<AskSection, AskInsightSection>] extends [never] ? true : false = true;
void everyAskSection;

export function isAskSection(value: unknown): value is AskInsightSection {
  return typeof value === 'string' && (ASK_SECTIONS as readonly string[]).includes(value);
}

/** How the host's dashboard names each section a question was answered from: the editor's names. */
export const ASK_SECTION_NAMES: Record<AskInsightSection, string> = {
  address: 'Address',
  'check-in': 'Check-in steps',
  welcome: 'Welcome message',
  wifi: 'Wi-Fi',
  rules: 'House rules',
  'good-to-know': 'Additional info',
  'check-out': 'Check-in and check-out',
  places: 'Recommendations',
  extras: 'Extras',
  contact: 'Contact information',
  access: 'Door code',
};

/** "Questions guests asked" in the insights (docs/decisions/031 §13). */
export interface QuestionInsights {
  /** Questions answered in the period per section, most first. */
  sections: { section: AskInsightSection; answered: number }[];
  /** Questions the guidebook could not answer in the period, newest first, at most 100; masked, with no word of who asked. */
  unanswered: { _id: string; question: string; language: string; day: string; suggestedSection: AskInsightSection | null }[];
  /** The team's model answers this month; null on Free or without a model. */
  modelAnswers: { used: number; limit: number } | null;
}

/** `GET /api/instruction/:id/insights?days=` (docs/product/insights.md), as the dashboard reads it. */
export interface Insights {
  /** Every day of the range, oldest first, UTC, with the guest page opens of that day (0 included). */
  days: { date: string; views: number }[];
  total: number;
  /** Opens per page language over the range, most first. */
  languages: { language: string; views: number }[];
  /**
   * Each section (GUEST_SECTIONS) the guidebook's page shows, and any other guests read in the
   * range, with how often guests read it, most read first: the last are the ones guests skip.
   */
  sections: { section: GuestSection; reads: number }[];
  /** Stays whose check-out is in the range or later, latest check-in first: whether the guest opened the link. */
  stays: { _id: string; guestName: string; checkIn: string; checkOut: string; firstOpenedAt: string | null; lastOpenedAt: string | null; reminderSentAt: string | null; views: number; read: Record<GuestSection, boolean> }[];
  /** Answers to "Was this guidebook helpful?" sent in the range, newest first, at most 100. */
  feedback: GuestFeedback[];
  questions: QuestionInsights;
}
