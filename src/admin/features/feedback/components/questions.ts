/** docs/product.md §2 Feedback: six free-text questions, keyed as it names them, all required (§5). */
export const FEEDBACK_QUESTIONS = [
  { key: 'editor', question: 'How easy is it to create and edit a guidebook in the editor?' },
  { key: 'listings', question: 'How many listings do you host, and on which platforms?' },
  { key: 'sharing', question: 'How do you share guidebooks with your guests (link, QR code, e-mail)?' },
  { key: 'guestinfo', question: 'What do your guests ask you about most often?' },
  { key: 'missing', question: 'What is missing that would make Porchlight more useful to you?' },
  { key: 'other', question: 'Anything else you would like to tell us?' },
] as const;

export type FeedbackKey = (typeof FEEDBACK_QUESTIONS)[number]['key'];

/** Six answers plus their questions and markup stay under the messaging API's 5000 characters. */
export const FEEDBACK_ANSWER_MAX = 600;
