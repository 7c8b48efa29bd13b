import { ArrowDown, ArrowUp, ExternalLink, GripVertical, LoaderCircle, Search, Star, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { isAllowedUrl, MAX_ADDRESS, MAX_PHONE, MAX_PLACE_NOTE, MAX_TEXT, MAX_URL, type Place } from '@shared/schemas/instruction.ts';
import { visibleLength } from '@shared/schemas/instruction/places.ts';
import { PLACE_CATEGORIES } from '@shared/place-categories.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { RichTextField } from '../../../../components/rich-text/RichTextField.tsx';
import { resolveAddress } from '../../api/resolve-address.ts';
import { fieldId } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { ImageUploadField } from '../common/ImageUploadField.tsx';
import { useSortableStep } from '../steps/use-sortable-step.ts';

/** react-dnd item type: a place cannot be dropped into a step list. */
export const PLACE_DRAG_TYPE = 'place';

interface Props {
  place: Place;
  index: number;
  total: number;
  /** Just added: scrolled into view, focused and briefly highlighted, as a new step is. */
  highlighted: boolean;
  onChange: (change: (place: Place) => Place) => void;
  onPickUp: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onDrop: (from: number, to: number) => void;
  onMoveBy: (index: number, delta: -1 | 1) => void;
  onRemove: (place: Place) => void;
  headingRef: (node: HTMLHeadingElement | null) => void;
}

type Status = { state: 'idle' } | { state: 'resolving' } | { state: 'failed'; message: string };

const ICON_BUTTON =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink disabled:pointer-events-none disabled:opacity-35';

function asLink(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const link = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return isAllowedUrl(link, ['http:', 'https:']) ? link : null;
}

/**
 * One recommended place, laid out like a step card (handle, move buttons, delete in the header):
 * name, category, note, map link resolved like the property's address (AddressPanel), website,
 * phone, photo and the favourite star.
 */
export function PlaceCard({ place, index, total, highlighted, onChange, onPickUp, onMove, onDrop, onMoveBy, onRemove, headingRef }: Props) {
  const { readOnly } = useEditorContext();
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const cardNode = useRef<HTMLElement | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const lastResolved = useRef(place.mapUrl.trim());
  const request = useRef(0);
  const id = (field?: string) => (field ? fieldId('places', place.id, field) : fieldId('places', place.id));
  const name = `Place ${index + 1}`;
  const { isDragging, cardRef, handleRef } = useSortableStep({
    type: PLACE_DRAG_TYPE,
    id: place.id,
    index,
    label: place.name ? `${name}: ${place.name}` : name,
    disabled: readOnly,
    onPickUp,
    onMove,
    onDrop,
  });

  useEffect(() => {
    if (!highlighted) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    cardNode.current?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
    document.getElementById(id('name'))?.focus({ preventScroll: true });
    // Only when it turns on: later renders of the same card must not steal the focus back.
  }, [highlighted]);

  function moveBy(delta: -1 | 1) {
    onMoveBy(index, delta);
    requestAnimationFrame(() => {
      const same = delta === -1 ? upRef.current : downRef.current;
      const other = delta === -1 ? downRef.current : upRef.current;
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      onMoveBy(index, -1);
    } else if (event.key === 'ArrowDown' && index < total - 1) {
      event.preventDefault();
      onMoveBy(index, 1);
    }
  }

  const set = (patch: Partial<Place>) => onChange((current) => ({ ...current, ...patch }));

  async function resolve(force: boolean) {
    const link = asLink(place.mapUrl);
    if (!link || readOnly || (!force && link === lastResolved.current)) return;
    lastResolved.current = link;
    const ticket = ++request.current;
    setStatus({ state: 'resolving' });
    const result = await resolveAddress(link);
    if (ticket !== request.current) return;
    if (result.ok) {
      set({ address: result.address, lat: result.lat, lng: result.lng });
      setStatus({ state: 'idle' });
    } else {
      set({ lat: null, lng: null });
      setStatus({ state: 'failed', message: result.message });
    }
  }

  const mapLink = asLink(place.mapUrl);
  const noteLength = visibleLength(place.note);
  const noteTooLong = noteLength > MAX_PLACE_NOTE;

  return (
    <li
      ref={(node) => {
        cardNode.current = node;
        cardRef(node);
      }}
      aria-labelledby={`${id()}-heading`}
      className={`min-w-0 rounded-2xl border bg-surface transition-[box-shadow,border-color,opacity] duration-500 ${
        highlighted ? 'border-brand-500 shadow-[0_0_0_4px_var(--color-brand-100)]' : 'border-line'
      } ${isDragging ? 'opacity-50 ring-2 ring-brand-500' : ''}`}
    >
      <div className="flex items-center gap-1 border-b border-line py-1.5 pl-1.5 pr-2">
        <button
          ref={handleRef}
          type="button"
          className={`${ICON_BUTTON} touch-none ${readOnly ? '' : 'cursor-grab active:cursor-grabbing'}`}
          aria-label={`Reorder ${name}`}
          aria-describedby="editor-reorder-hint"
          disabled={readOnly}
          onKeyDown={onHandleKey}
        >
          <GripVertical className="size-5" aria-hidden="true" />
        </button>
        <h3 id={`${id()}-heading`} ref={headingRef} tabIndex={-1} className="flex min-w-0 flex-1 font-semibold text-ink outline-none">
          {/* The number stays whole on a phone; the name gives way. */}
          <span className="shrink-0">{name}</span>
          {place.name ? <span className="truncate whitespace-pre font-normal text-muted"> · {place.name}</span> : null}
        </h3>
        <button
          type="button"
          className={`${ICON_BUTTON.replace('text-muted', place.pick ? 'text-amber-600 dark:text-amber-400' : 'text-muted')}`}
          aria-label="Favourite"
          aria-pressed={place.pick}
          title={place.pick ? 'Favourite: shown first' : 'Mark as favourite'}
          onClick={() => set({ pick: !place.pick })}
        >
          <Star className="size-5" fill={place.pick ? 'currentColor' : 'none'} aria-hidden="true" />
        </button>
        {readOnly ? null : (
          <>
            <button ref={upRef} type="button" className={ICON_BUTTON} aria-label={`Move ${name} up`} title="Move up" disabled={index === 0} onClick={() => moveBy(-1)}>
              <ArrowUp className="size-5" aria-hidden="true" />
            </button>
            <button ref={downRef} type="button" className={ICON_BUTTON} aria-label={`Move ${name} down`} title="Move down" disabled={index === total - 1} onClick={() => moveBy(1)}>
              <ArrowDown className="size-5" aria-hidden="true" />
            </button>
            <button type="button" className={`${ICON_BUTTON} hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950/50 dark:hover:text-red-300`} aria-label={`Delete ${name}`} title="Delete" onClick={() => onRemove(place)}>
              <Trash2 className="size-5" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4">
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
                  <input type="radio" className="sr-only" name={id('category')} value={category.id} checked={chosen} onChange={() => set({ category: category.id })} />
                  <svg
                    className="size-4 shrink-0"
                    viewBox="0 0 24 24"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                    aria-hidden="true"
                    // A constant of ours (place-categories.ts), never user input.
                    dangerouslySetInnerHTML={{ __html: category.icon }}
                  />
                  {category.name}
                </label>
              );
            })}
          </div>
        </fieldset>
        <div>
          <RichTextField id={id('note')} label="Note" hint={`${noteLength.toLocaleString('en')} / ${MAX_PLACE_NOTE.toLocaleString('en')} characters`} value={place.note} readOnly={readOnly} onChange={(note) => set({ note })} />
          {noteTooLong ? <p className="field-error">The note can be at most {MAX_PLACE_NOTE.toLocaleString('en')} characters.</p> : null}
        </div>
        <div className="grid gap-3">
          <TextField
            id={id('mapUrl')}
            label="Map link"
            type="url"
            inputMode="url"
            placeholder="https://maps.app.goo.gl/…"
            maxLength={MAX_URL}
            value={place.mapUrl}
            onChange={(event) => set({ mapUrl: event.target.value })}
            onBlur={() => void resolve(false)}
          />
          {readOnly ? null : (
            <div className="flex flex-wrap items-center gap-2">
              <button type="button" className="btn-secondary px-4 py-2" disabled={!mapLink || status.state === 'resolving'} onClick={() => void resolve(true)}>
                {status.state === 'resolving' ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Search className="size-4" aria-hidden="true" />}
                Find address
              </button>
              {mapLink ? (
                <a href={mapLink} target="_blank" rel="noopener noreferrer" className="btn-ghost px-3 py-2">
                  <ExternalLink className="size-4" aria-hidden="true" />
                  Open map
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : null}
            </div>
          )}
          <div role="status" aria-live="polite">
            {status.state === 'resolving' ? <p className="text-sm text-muted">Looking up the address…</p> : null}
            {status.state === 'failed' ? (
              <p className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200">{status.message}</p>
            ) : null}
          </div>
          <TextField id={id('address')} label="Address" value={place.address} maxLength={MAX_ADDRESS} onChange={(event) => set({ address: event.target.value })} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={id('website')} label="Website" type="url" inputMode="url" placeholder="https://…" maxLength={MAX_URL} value={place.website} onChange={(event) => set({ website: event.target.value })} />
          <TextField id={id('phone')} label="Phone" type="tel" placeholder="+385 91 555 0101" maxLength={MAX_PHONE} value={place.phone} onChange={(event) => set({ phone: event.target.value })} />
        </div>
        <div>
          <span className="field-label">Photo</span>
          <ImageUploadField id={id('imageUrl')} label={`Photo of ${name}`} value={place.imageUrl} shape="rectangle" onChange={(imageUrl) => set({ imageUrl })} />
        </div>
      </div>
    </li>
  );
}
