import { MapPinned } from 'lucide-react';
import { MAX_PLACES, type Place } from '@shared/schemas/instruction.ts';
import { PlaceList } from '../../../../components/places/PlaceList.tsx';
import { fieldId } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';
import { PlacesMap } from './PlacesMap.tsx';

interface Props {
  places: readonly Place[];
  update: (change: (places: Place[]) => Place[]) => void;
  /** The property's map link: the map's centre. */
  propertyMapLink: string;
}

const placeFieldId = (...path: ReadonlyArray<string | number>) => fieldId('places', ...path);

/** The editor's "Recommendations" section (docs/product.md §2 Editor, docs/product/places.md): the map, then the cards. */
export function PlacesSection({ places, update, propertyMapLink }: Props) {
  const { readOnly, announce } = useEditorContext();
  return (
    <Section
      id="places"
      title="Recommendations"
      icon={MapPinned}
      description="Your own places nearby: where to eat, swim, shop or walk. Star your favourites; guests see them first."
      aside={<span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold text-muted">{places.length}</span>}
    >
      <PlacesMap places={places} propertyMapLink={propertyMapLink} />
      <PlaceList places={places} update={update} readOnly={readOnly} announce={announce} fieldId={placeFieldId} fullText={`A guidebook holds at most ${MAX_PLACES} places.`} />
    </Section>
  );
}
