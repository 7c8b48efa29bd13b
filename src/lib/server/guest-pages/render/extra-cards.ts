import { t, type GuestWords } from '@shared/guest-words/index.ts';
import { formatPrice } from '@shared/currencies.ts';
import type { Extra } from '@shared/schemas/instruction.ts';
import type { FallbackLang, GuestExtraCard } from './guest-page-model.ts';

/** The active extras, in the host's order, as cards (available until the stay page says otherwise). */
export function extraCards(extras: readonly Extra[], rich: (extra: Extra) => { html: string; imageUrl: string; titleLang: FallbackLang; htmlLang: FallbackLang }, words: GuestWords): GuestExtraCard[] {
  return extras
    .filter((extra) => extra.active)
    .map((extra) => ({
      id: extra.id,
      kind: extra.kind,
      title: extra.title,
      price: extra.price === 0 ? words['extras.free'] : formatPrice(extra.price, extra.currency, words['locale.format']),
      ...rich(extra),
      when:
        extra.kind === 'late-checkout'
          ? t(words, 'extras.lateUntil', { time: extra.lateCheckoutUntil })
          : extra.kind === 'early-checkin'
            ? t(words, 'extras.earlyFrom', { time: extra.earlyCheckinFrom })
            : '',
      maxQuantity: extra.kind === 'item' ? extra.maxPerStay : 1,
      available: true,
      reason: null,
      confirmed: false,
      payOnline: false,
      priced: extra.price > 0,
    }));
}
