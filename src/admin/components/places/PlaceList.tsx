import { MAX_PLACES, type Place } from '@shared/schemas/instruction.ts';
import { newPlace } from '../sortable/list-items.ts';
import { ExamplesEmptyState } from '../sortable/ExamplesEmptyState.tsx';
import { SortableList, type ScreenListProps } from '../sortable/SortableList.tsx';
import { PlaceCard } from './PlaceCard.tsx';

interface Props extends ScreenListProps<Place> {
  places: readonly Place[];
  /** DOM id of a place's field (the editor's and Auto-Fill's ids differ). */
  fieldId: (...path: ReadonlyArray<string | number>) => string;
}

/** react-dnd item type: a place cannot be dropped into a step list. */
const PLACE_DRAG_TYPE = 'place';

/** Ready examples the empty list offers: the host edits them rather than a blank card. */
const EXAMPLES: ReadonlyArray<{ label: string; start: Partial<Omit<Place, 'id'>> }> = [
  {
    label: 'Bakery round the corner',
    start: { name: 'Bakery round the corner', category: 'eat', pick: true, note: '<p>Fresh bread from 7 am; the burek sells out by ten.</p>' },
  },
  {
    label: 'The nearest beach',
    start: { name: 'The nearest beach', category: 'beach', note: '<p>Pebbles and clear water, ten minutes on foot. Bring water shoes.</p>' },
  },
];

/**
 * The host's recommendations (docs/product/places.md), in the editor and as Auto-Fill's default
 * places: cards ordered like the steps, at most MAX_PLACES, and an empty state with two examples.
 */
export function PlaceList({ places, fieldId, ...list }: Props) {
  return (
    <SortableList
      {...list}
      items={places}
      noun="Place"
      label="Recommendations"
      dragType={PLACE_DRAG_TYPE}
      max={MAX_PLACES}
      create={newPlace}
      addLabel="Add a place"
      empty={(add) => <ExamplesEmptyState text="No places yet. Guests love a tip from someone who lives here: the bakery you go to, the beach without the crowds. Start from an example or add your own." examples={EXAMPLES} readOnly={list.readOnly} add={add} />}
      renderItem={(place, card) => <PlaceCard place={place} card={card} fieldId={fieldId} />}
    />
  );
}
