import { useMutation } from '@tanstack/react-query';
import { escapeHtml } from '@shared/escape-html.ts';
import { api } from '../../../lib/api-client.ts';

export interface FeedbackAnswer {
  question: string;
  answer: string;
}

/** docs/product.md §3 Feedback: the answers travel as HTML paragraphs inside `message`; user text is escaped. */
export function feedbackHtml(answers: readonly FeedbackAnswer[]): string {
  return answers
    .map(({ question, answer }) => `<p><strong>${escapeHtml(question)}</strong><br>${escapeHtml(answer.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

interface FeedbackInput {
  name: string;
  email: string;
  answers: readonly FeedbackAnswer[];
}

/** Feedback goes through the same signed-in messaging endpoint as support (docs/product.md §7). */
export function sendFeedback({ name, email, answers }: FeedbackInput): Promise<unknown> {
  return api.post<unknown>('/api/messaging/sendMessageFromUser', { name, email, message: feedbackHtml(answers) });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
