import MiniSearch from 'minisearch';
import type { RuleAudience } from '@shared/channels.ts';
import { fillAnswer, type AskAnswerWords } from '@shared/guest-words/ask-answer-words.ts';
import { askWords } from '@shared/guest-words/ask-words.ts';
import type { GuestWords } from '@shared/guest-words/index.ts';
import type { AskAnswer, AskSource } from '@shared/schemas/guest-ask.ts';
import type { PageIndex } from './build-index.ts';
import type { SecretTopic } from './secret-questions.ts';

/**
 * The answer to a question about a secret (docs/decisions/031 §8): the place on the page that
 * shows it, never the secret, which the index does not hold. Under the `stay` and `pin` policies
 * the door code and Wi-Fi card (`access`); under `always` the Wi-Fi section for the password and
 * the check-in step that carries the code's marker for the code. Null (the guest is handed over to
 * the host) for a secret the page shows nowhere: no Wi-Fi password, a code no text carries under
 * `always`, a PIN where none is asked. The secrets API alone decides whether a guest may see a
 * secret (docs/decisions/013); this reads neither it nor the stays' lock codes. Pure.
 */
export function secretAnswer(topic: SecretTopic, index: PageIndex, words: AskAnswerWords, guest: GuestWords, audience: RuleAudience): AskAnswer | null {
  const { secretsPolicy, language } = index.header;
  const marker = askWords(language);
  // The section's own passage first: a host's step may also mention "the Wi-Fi password (see Wi-Fi)".
  const holding = (text: string, section: string) =>
    index.search
      .search(MiniSearch.wildcard, { filter: (doc) => (doc['audience'] === 'all' || (Array.isArray(doc['audience']) && doc['audience'].includes(audience))) && String(doc['text']).includes(text) })
      .sort((a, b) => Number(b['section'] === section) - Number(a['section'] === section));
  const access: AskSource = { section: 'access', anchor: 'access', title: guest['access.title'] };
  const gated = secretsPolicy !== 'always';
  // Said where the page asks first: a stay in its window, or the PIN.
  const after = secretsPolicy === 'stay' ? ` ${words.whenAllowed}` : secretsPolicy === 'pin' ? ` ${fillAnswer(words.pinShown, { place: access.title })}` : '';
  const pointTo = (template: string, source: AskSource): AskAnswer => ({ answer: `${fillAnswer(template, { place: source.title })}${after}`, sources: [source], handedOver: false, kind: 'secret' });
  if (topic === 'pin') return secretsPolicy === 'pin' ? { answer: fillAnswer(words.pinShown, { place: access.title }), sources: [access], handedOver: false, kind: 'secret' } : null;
  if (topic === 'wifi') {
    const [wifi] = holding(marker.wifiPassword, 'wifi');
    if (!wifi) return null;
    return pointTo(words.wifiShown, gated ? access : sourceOfDocument(wifi));
  }
  if (gated) return pointTo(words.codeShown, access);
  const [step] = holding(marker.doorCode, 'check-in');
  return step ? pointTo(words.codeShown, sourceOfDocument(step)) : null;
}

/** A stored passage's place on the page. */
function sourceOfDocument(document: Record<string, unknown>): AskSource {
  return { section: document['section'] as AskSource['section'], anchor: String(document['anchor']), title: String(document['title']) };
}
