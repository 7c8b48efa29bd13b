import { useState } from 'react';
import type { WordsOf } from '@shared/guest-words/t.ts';
import GuestIcon from './GuestIcon.tsx';
import type { MAP_FACADE_WORDS } from './island-words.ts';

interface Props {
  /** The embed URL of the map host (guest-pages/render/map-coordinates.ts), allowed by this page's CSP. */
  src: string;
  title: string;
  words: WordsOf<typeof MAP_FACADE_WORDS>;
}

/**
 * The map (a React island): a facade until the guest asks, so no request
 * reaches the map host before that click (privacy, and a lighter first load).
 */
export default function MapFacade({ src, title, words }: Props) {
  const [shown, setShown] = useState(false);
  if (shown) return <iframe className="map-frame" src={src} title={title} height={250} loading="lazy" referrerPolicy="no-referrer" />;
  return (
    <div className="map-facade">
      <GuestIcon name="map" size={36} />
      <button type="button" className="btn js-only" onClick={() => setShown(true)}>
        {words['map.show']}
      </button>
      <p className="muted small">{words['map.note']}</p>
    </div>
  );
}
