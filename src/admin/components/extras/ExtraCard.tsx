import type { LucideIcon } from 'lucide-react';
import { ShoppingBasket, Sunrise, Sunset } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useState } from 'react';
import type { Currency } from '@shared/currencies.ts';
import { MAX_EXTRA_DESCRIPTION, MAX_PER_STAY, MAX_TEXT, type Extra, type ExtraApproval, type ExtraKind } from '@shared/schemas/instruction.ts';
import { visibleLength } from '@shared/schemas/instruction/fields.ts';
import { TextField } from '../../../components/ui/TextField.tsx';
import { RichTextField } from '../rich-text/RichTextField.tsx';
import { SortableCard } from '../sortable/SortableCard.tsx';
import type { CardControls } from '../sortable/SortableList.tsx';
import { ImageUploadField } from '../ui/ImageUploadField.tsx';
import { WholeNumberField } from '../ui/WholeNumberField.tsx';
import { belowMinimum, parsePrice, priceLabel, priceText, withKind } from './extra-items.ts';
import { ExtraPreview } from './ExtraPreview.tsx';

interface Props {
  extra: Extra;
  card: CardControls<Extra>;
  /** DOM id of one of the extra's fields (none: the card itself), so a validation message can send the focus there. */
  fieldId: (...path: ReadonlyArray<string | number>) => string;
  /** The host's one currency: every extra is priced in it. */
  currency: Currency;
  /** Kinds another extra of the list already is (one late check-out, one early check-in at most). */
  taken: ReadonlySet<ExtraKind>;
}

const KINDS: ReadonlyArray<{ id: ExtraKind; name: string; icon: LucideIcon; taken: string }> = [
  { id: 'late-checkout', name: 'Late check-out', icon: Sunset, taken: 'You already offer a late check-out.' },
  { id: 'early-checkin', name: 'Early check-in', icon: Sunrise, taken: 'You already offer an early check-in.' },
  { id: 'item', name: 'Something else', icon: ShoppingBasket, taken: '' },
];

const APPROVALS: ReadonlyArray<{ id: ExtraApproval; name: string; hint: string }> = [
  { id: 'instant', name: 'Confirmed at once', hint: 'The guest has it as soon as they ask (or pay).' },
  { id: 'host', name: 'I confirm each one', hint: 'You accept or decline each request; a card is only held until then.' },
];

const CHIP = 'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-100';
const CHIP_ON = 'cursor-pointer border-brand-500 bg-brand-50 text-brand-800 dark:bg-brand-950/50 dark:text-brand-200';
const CHIP_OFF = 'cursor-pointer border-line text-muted hover:border-brand-300 hover:text-ink';
const CHIP_DISABLED = 'cursor-not-allowed border-dashed border-line text-muted opacity-60';

/**
 * One extra (docs/decisions/020-extras-and-the-money-flow.md): its kind, title, description,
 * price typed in the currency's major units, the time a late check-out or early check-in buys,
 * who confirms it, how many per stay, whether it is offered, its photo, and beneath it all the
 * guest's view of it.
 */
export function ExtraCard({ extra, card, fieldId, currency, taken }: Props) {
  const { change, ...controls } = card;
  const { readOnly } = card;
  const id = (field?: string) => (field ? fieldId(extra.id, field) : fieldId(extra.id));
  const name = `Extra ${card.index + 1}`;
  const set = (patch: Partial<Extra>) => change((current) => ({ ...current, ...patch }));
  const descriptionLength = visibleLength(extra.description);
  // The price is typed as text ("12.", "12,5" on the way to "12,50"); the stored minor units
  // follow every valid keystroke, and a text that is no price leaves NaN, which no save accepts.
  const [price, setPrice] = useState(() => priceText(extra.price, currency));
  const parsed = parsePrice(price, currency);
  const priceError = parsed.ok ? belowMinimum(parsed.minor, currency) : parsed.message;
  const kindHints = KINDS.filter((kind) => kind.id !== extra.kind && taken.has(kind.id));

  return (
    <SortableCard {...controls} id={extra.id} name={name} title={extra.title} headingId={`${id()}-heading`} firstFieldId={id('title')}>
      <fieldset className="m-0 min-w-0 border-0 p-0">
        <legend className="field-label">Kind</legend>
        <div id={id('kind')} tabIndex={-1} className="flex flex-wrap gap-2 outline-none">
          {KINDS.map((kind) => {
            const chosen = extra.kind === kind.id;
            const unavailable = !chosen && taken.has(kind.id);
            const Icon = kind.icon;
            return (
              <label key={kind.id} className={`${CHIP} ${chosen ? CHIP_ON : unavailable ? CHIP_DISABLED : CHIP_OFF}`} title={unavailable ? kind.taken : undefined}>
                <input
                  type="radio"
                  className="sr-only"
                  name={id('kind')}
                  value={kind.id}
                  checked={chosen}
                  disabled={readOnly || unavailable}
                  aria-describedby={unavailable ? id(`kind-${kind.id}-taken`) : undefined}
                  onChange={() => change((current) => withKind(current, kind.id))}
                />
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {kind.name}
              </label>
            );
          })}
        </div>
        {kindHints.map((kind) => (
          <p key={kind.id} id={id(`kind-${kind.id}-taken`)} className="mt-1.5 text-sm text-muted">
            {kind.taken}
          </p>
        ))}
      </fieldset>

      <TextField id={id('title')} label="Title" value={extra.title} maxLength={MAX_TEXT} aria-required="true" placeholder={extra.kind === 'item' ? 'Breakfast basket' : undefined} onChange={(event) => set({ title: event.target.value })} />

      <div>
        <RichTextField
          id={id('description')}
          label="Description"
          hint={`${descriptionLength.toLocaleString('en')} / ${MAX_EXTRA_DESCRIPTION.toLocaleString('en')} characters`}
          value={extra.description}
          readOnly={readOnly}
          onChange={(description) => set({ description })}
        />
        {descriptionLength > MAX_EXTRA_DESCRIPTION ? <p className="field-error dark:text-red-400">The description can be at most {MAX_EXTRA_DESCRIPTION.toLocaleString('en')} characters.</p> : null}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('price')}
          label="Price"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={price}
          error={priceError ?? undefined}
          hint={parsed.ok && !priceError ? (parsed.minor > 0 ? `Guests see ${priceLabel(parsed.minor, currency)}` : priceLabel(parsed.minor, currency)) : undefined}
          inputClassName="pr-16"
          end={
            <span className="pointer-events-none absolute inset-y-0 right-4 flex items-center text-sm font-semibold text-muted" aria-hidden="true">
              {currency.toUpperCase()}
            </span>
          }
          onChange={(event) => {
            setPrice(event.target.value);
            const next = parsePrice(event.target.value, currency);
            set({ price: next.ok ? next.minor : Number.NaN, currency });
          }}
        />
        {extra.kind === 'late-checkout' ? (
          <TextField id={id('lateCheckoutUntil')} label="Latest check-out" type="time" value={extra.lateCheckoutUntil} aria-required="true" onChange={(event) => set({ lateCheckoutUntil: event.target.value })} />
        ) : extra.kind === 'early-checkin' ? (
          <TextField id={id('earlyCheckinFrom')} label="Earliest check-in" type="time" value={extra.earlyCheckinFrom} aria-required="true" onChange={(event) => set({ earlyCheckinFrom: event.target.value })} />
        ) : (
          <WholeNumberField id={id('maxPerStay')} label="Most per stay" min={1} max={MAX_PER_STAY} value={extra.maxPerStay} hint={`1 to ${MAX_PER_STAY}`} onChange={(maxPerStay) => set({ maxPerStay })} />
        )}
      </div>

      <fieldset className="m-0 min-w-0 border-0 p-0">
        <legend className="field-label">Approval</legend>
        <div id={id('approval')} tabIndex={-1} className="flex flex-wrap gap-2 outline-none">
          {APPROVALS.map((approval) => {
            const chosen = extra.approval === approval.id;
            return (
              <label key={approval.id} className={`${CHIP} ${chosen ? CHIP_ON : CHIP_OFF}`}>
                <input type="radio" className="sr-only" name={id('approval')} value={approval.id} checked={chosen} disabled={readOnly} onChange={() => set({ approval: approval.id })} />
                {approval.name}
              </label>
            );
          })}
        </div>
        <p className="mt-1.5 text-sm text-muted">{APPROVALS.find((approval) => approval.id === extra.approval)?.hint}</p>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <div>
          <span className="field-label">Photo</span>
          <ImageUploadField id={id('imageUrl')} label={`Photo of ${name}`} value={extra.imageUrl} shape="rectangle" disabled={readOnly} onChange={(imageUrl) => set({ imageUrl })} />
        </div>
        <div className="flex items-center gap-3 sm:pt-7">
          <Switch.Root
            id={id('active')}
            checked={extra.active}
            disabled={readOnly}
            onCheckedChange={(active) => set({ active })}
            className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-line bg-stone-300 transition-colors disabled:cursor-not-allowed data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 dark:bg-stone-700"
          >
            <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform duration-150 data-[state=checked]:translate-x-6" />
          </Switch.Root>
          <label htmlFor={id('active')} className="cursor-pointer text-sm font-medium text-ink">
            Offered to guests
          </label>
        </div>
      </div>

      <ExtraPreview extra={extra} currency={currency} />
    </SortableCard>
  );
}
