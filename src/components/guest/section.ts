import type { GuestPage } from '../../lib/server/guest-pages/render/guest-page-model.ts';
import type { GuestWords } from '../../lib/shared/guest-words/index.ts';

/** What each section of the guest page is given: the page and the words of its language. */
export interface SectionProps {
  page: GuestPage;
  words: GuestWords;
}
