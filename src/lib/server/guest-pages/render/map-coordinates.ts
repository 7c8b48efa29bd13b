import type { LatLng } from '@shared/map-coordinates.ts';

/** The embed docs/product.md §9 fixes: zoom 18. Loaded only after the guest asks for the map. */
export const MAP_EMBED_ORIGINS = ['https://maps.google.com', 'https://www.google.com'] as const;

export function mapEmbedUrl({ lat, lng }: LatLng): string {
  return `https://maps.google.com/maps?q=${lat},${lng}&z=18&output=embed`;
}
