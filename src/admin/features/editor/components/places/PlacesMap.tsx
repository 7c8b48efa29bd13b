import { House, MapPinOff } from 'lucide-react';
import { useId, useMemo } from 'react';
import type { Place } from '@shared/schemas/instruction.ts';
import { fieldId } from '../../model/editor-form.ts';
import { formatPoint, placesMapLayout, SIZE } from '../../model/places-map.ts';

interface Props {
  places: readonly Place[];
  /** The property's map link: its point is the map's centre and where walks start. */
  propertyMapLink: string;
}

function focusField(id: string) {
  const field = document.getElementById(id);
  field?.scrollIntoView({ block: 'center' });
  field?.focus({ preventScroll: true });
}

/**
 * The recommendations on a map (docs/decisions/025-editor-places-map.md): each place with a point as
 * a numbered pin around the property, rings every few hundred metres, and beside it the same
 * places as a list with the walk guests will read and the coordinates, which is what a screen
 * reader gets. Drawn from the coordinates alone: no map tiles, no third party.
 */
export function PlacesMap({ places, propertyMapLink }: Props) {
  const layout = useMemo(() => placesMapLayout(places, propertyMapLink), [places, propertyMapLink]);
  const titleId = useId();
  if (places.length === 0) return null;
  const half = SIZE / 2;
  const onMap = layout.pins.length;
  const pins = new Map(layout.pins.map((pin) => [pin.id, pin]));

  return (
    <details open className="group mb-4 rounded-2xl border border-line bg-canvas/60">
      <summary className="flex cursor-pointer items-baseline gap-2 rounded-2xl px-4 py-3 font-semibold text-ink">
        Map
        <span className="text-sm font-normal text-muted">
          {onMap} of {places.length} {places.length === 1 ? 'place' : 'places'} on the map
        </span>
      </summary>
      <div className="grid gap-4 px-3 pb-4 sm:px-4 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)] md:items-start">
        <svg
          viewBox={`${-half} ${-half} ${SIZE} ${SIZE}`}
          role="img"
          aria-labelledby={titleId}
          className="mx-auto w-full max-w-72 rounded-xl border border-line bg-surface"
        >
          <title id={titleId}>
            {layout.property ? `Map of ${onMap} ${onMap === 1 ? 'place' : 'places'} around the property` : `Map of ${onMap} ${onMap === 1 ? 'place' : 'places'}`}
          </title>
          {layout.rings.map((ring) => (
            <g key={ring.label}>
              <circle r={ring.radius} className="fill-none stroke-line" strokeWidth={1.5} strokeDasharray="4 4" />
              <text x={ring.radius * Math.SQRT1_2 + 3} y={-ring.radius * Math.SQRT1_2 - 3} className="fill-muted text-[12px]">
                {ring.label}
              </text>
            </g>
          ))}
          <g transform={`translate(${-half + 18} ${-half + 22})`} className="fill-muted">
            <path d="M0 -12 L5 2 L0 -1 L-5 2 Z" />
            <text y={15} textAnchor="middle" className="text-[12px] font-semibold">
              N
            </text>
          </g>
          <g transform={`translate(${-half + 12} ${half - 14})`} className="fill-muted stroke-muted">
            <path d={`M0 -4 V0 H${layout.scale.length} V-4`} fill="none" strokeWidth={1.5} />
            <text x={layout.scale.length + 5} y={1} className="stroke-none text-[12px]">
              {layout.scale.label}
            </text>
          </g>
          {layout.property ? (
            <g>
              <title>The property</title>
              <rect x={-12} y={-12} width={24} height={24} rx={6} className="fill-ink" />
              <House x={-8} y={-8} width={16} height={16} className="text-surface" aria-hidden="true" />
            </g>
          ) : null}
          {layout.pins.map((pin) => (
            <g key={pin.id} transform={`translate(${pin.x} ${pin.y})`}>
              <title>{`Place ${pin.number}: ${pin.name || 'no name yet'}${pin.far ? ' (far away, off the map)' : ''}`}</title>
              <circle
                r={12}
                strokeWidth={2}
                strokeDasharray={pin.far ? '3 2' : undefined}
                className={pin.far ? 'fill-surface stroke-brand-700' : pin.pick ? 'fill-amber-400 stroke-surface' : 'fill-brand-700 stroke-surface'}
              />
              <text y={4.5} textAnchor="middle" className={`text-[13px] font-bold ${pin.far ? 'fill-brand-700 dark:fill-brand-300' : pin.pick ? 'fill-amber-950' : 'fill-white'}`}>
                {pin.number}
              </text>
            </g>
          ))}
        </svg>

        <div className="grid min-w-0 gap-3">
          <ol className="grid gap-2 text-sm" aria-label="Places on the map">
            {places.map((place, index) => {
              const pin = pins.get(place.id);
              return (
                <li key={place.id} className="flex min-w-0 gap-2.5">
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-[11px] font-bold ${pin ? (pin.pick ? 'bg-amber-400 text-amber-950' : 'bg-brand-700 text-white') : 'border border-dashed border-line text-muted'}`}
                  >
                    {index + 1}
                  </span>
                  <div className="min-w-0">
                    <button type="button" className="text-left font-semibold text-ink underline-offset-2 hover:underline" onClick={() => focusField(fieldId('places', place.id, 'mapUrl'))}>
                      <span className="sr-only">Place {index + 1}: </span>
                      {place.name || `Place ${index + 1}`}
                    </button>
                    {pin ? (
                      <p className="text-muted">
                        {pin.far ? 'Further than 10 km: check its map link' : pin.walk}
                        {pin.walk || pin.far ? ' · ' : ''}
                        <span className="tabular-nums">{formatPoint(pin.point)}</span>
                      </p>
                    ) : (
                      <p className="text-muted">
                        <MapPinOff className="mr-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
                        Not on the map: paste a map link that shows it.
                      </p>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
          {layout.property ? null : (
            <p className="rounded-xl bg-surface px-3 py-2 text-sm text-muted">
              Guests see how far each place is once the property&rsquo;s map link shows a point.{' '}
              <button type="button" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300" onClick={() => focusField(fieldId('addressUrl'))}>
                Paste it under Address
              </button>
            </p>
          )}
        </div>
      </div>
    </details>
  );
}
