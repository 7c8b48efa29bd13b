import { useState } from 'react';
import GuestIcon from './GuestIcon.tsx';

interface Props {
  /** The embed URL of the map host (guest/map-coordinates.ts), allowed by this page's CSP. */
  src: string;
  title: string;
}

/**
 * The map (issue 14 item 4: a React island): a facade until the guest asks, so no request
 * reaches the map host before that click (privacy, and a lighter first load).
 */
export default function MapFacade({ src, title }: Props) {
  const [shown, setShown] = useState(false);
  if (shown) return <iframe className="map-frame" src={src} title={title} height={250} loading="lazy" referrerPolicy="no-referrer" />;
  return (
    <div className="map-facade">
      <GuestIcon name="map" size={36} />
      <button type="button" className="btn js-only" onClick={() => setShown(true)}>
        Show map
      </button>
      <p className="muted small">The map loads from Google Maps when you ask for it.</p>
    </div>
  );
}
