import { Star } from 'lucide-react';
import { MAX_ADDRESS, MAX_PHONE, MAX_PLACE_NOTE, MAX_TEXT, MAX_URL, type Place } from '@shared/schemas/instruction.ts';
import { visibleLength } from '@shared/schemas/instruction/fields.ts';
import { PLACE_CATEGORIES } from '@shared/place-categories.ts';
import { StrokeIcon } from '../../../components/ui/StrokeIcon.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { MapLinkField } from '../map/MapLinkField.tsx';
import { RichTextField } from '../rich-text/RichTextField.tsx';
import { CARD_ICON_BUTTON, SortableCard } from '../sortable/SortableCard.tsx';
import type { CardControls } from '../sortable/SortableList.tsx';
import { ImageUploadField } from '../ui/ImageUploadField.tsx';

interface Props {
  place: Place;
  card: CardControls<Place>;
  /** DOM id of one of the place's fields (none: the card itself), so a validation message can send the focus there. */
  fieldId: (...path: ReadonlyArray<string | number>) => string;
}

/**
 * One recommended place (docs/product/places.md): name, category, note, map link resolved like the
 * property's address, address, website, phone, photo and the favourite star in the header.
 */
export function PlaceCard({ place, card, fieldId }: Props) {
  const { change, ...controls } = card;
  const { readOnly } = card;
  const id = (field?: string) => (field ? fieldId(place.id, field) : fieldId(place.id));
  const name = `Place ${card.index + 1}`;
  const set = (patch: Partial<Place>) => change((current) => ({ ...current, ...patch }));
  const noteLength = visibleLength(place.note);

  const star = (
    <button
      type="button"
      className={CARD_ICON_BUTTON.replace('text-muted', place.pick ? 'text-amber-600 dark:text-amber-400' : 'text-muted')}
      aria-label="Favourite"
      aria-pressed={place.pick}
      title={place.pick ? 'Favourite: shown first' : 'Mark as favourite'}
      disabled={readOnly}
      onClick={() => set({ pick: !place.pick })}
    >
      <Star className="size-5" fill={place.pick ? 'currentColor' : 'none'} aria-hidden="true" />
    </button>
  );

  return (
    <SortableCard {...controls} id={place.id} name={name} title={place.name} headingId={`${id()}-heading`} firstFieldId={id('name')} actions={star}>
      <TextField id={id('name')} label="Name" value={place.name} maxLength={MAX_TEXT} aria-required="true" onChange={(event) => set({ name: event.target.value })} />
      <fieldset className="m-0 min-w-0 border-0 p-0">
        <legend className="field-label">Category</legend>
        <div id={id('category')} className="flex flex-wrap gap-2">
          {PLACE_CATEGORIES.map((category) => {
            const chosen = place.category === category.id;
            return (
              <label
                key={category.id}
                className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-100 ${
                  chosen ? 'border-brand-500 bg-brand-50 text-brand-800 dark:bg-brand-950/50 dark:text-brand-200' : 'border-line text-muted hover:border-brand-300 hover:text-ink'
                }`}
              >
                <input type="radio" className="sr-only" name={id('category')} value={category.id} checked={chosen} disabled={readOnly} onChange={() => set({ category: category.id })} />
                <StrokeIcon markup={category.icon} className="size-4 shrink-0" />
                {category.name}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div>
        <RichTextField id={id('note')} label="Note" hint={`${noteLength.toLocaleString('en')} / ${MAX_PLACE_NOTE.toLocaleString('en')} characters`} value={place.note} readOnly={readOnly} onChange={(note) => set({ note })} />
        {noteLength > MAX_PLACE_NOTE ? <p className="field-error">The note can be at most {MAX_PLACE_NOTE.toLocaleString('en')} characters.</p> : null}
      </div>
      <div className="grid gap-3">
        <MapLinkField
          id={id('mapUrl')}
          value={place.mapUrl}
          onChange={(mapUrl) => set({ mapUrl })}
          readOnly={readOnly}
          // A link that names no point leaves the place without one: the old point belonged to the old
          // link. A point whose address could not be looked up stays (guests' walk needs only the point).
          onResolved={(result) => set(result.ok ? { address: result.address, lat: result.lat, lng: result.lng } : { lat: result.point?.lat ?? null, lng: result.point?.lng ?? null })}
          addressFieldId={id('address')}
        />
        <TextField id={id('address')} label="Address" value={place.address} maxLength={MAX_ADDRESS} onChange={(event) => set({ address: event.target.value })} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={id('website')} label="Website" type="url" inputMode="url" placeholder="https://…" maxLength={MAX_URL} value={place.website} onChange={(event) => set({ website: event.target.value })} />
        <TextField id={id('phone')} label="Phone" type="tel" placeholder="+385 91 555 0101" maxLength={MAX_PHONE} value={place.phone} onChange={(event) => set({ phone: event.target.value })} />
      </div>
      <div>
        <span className="field-label">Photo</span>
        <ImageUploadField id={id('imageUrl')} label={`Photo of ${name}`} value={place.imageUrl} shape="rectangle" disabled={readOnly} onChange={(imageUrl) => set({ imageUrl })} />
      </div>
    </SortableCard>
  );
}
