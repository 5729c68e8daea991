import { MAP_TEXTS } from '@gardenswap/shared/map-texts';
import type { Spot } from '@gardenswap/shared/listings';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { ownBasemap } from './basemap';
import '../map.css';

/** How wide the shaded area drawn around a spot is: the offset's own reach, in metres. */
const AREA_METRES = 1_000;

/**
 * A listing's approximate spot on a small map: a shaded area around its owner's spot, never a pin
 * on a house, with the words saying what it is. The same spot the marketplace's map shows.
 */
export function SpotMap({ spot, tiles }: { spot: Spot; tiles: { url: string; attribution: string } | null }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A picture, not a control: nothing in it to focus or operate (the tiles' credit is the caption's).
    const map = L.map(element.current!, {
      zoomControl: false,
      attributionControl: false,
      dragging: false,
      keyboard: false,
      scrollWheelZoom: false,
      doubleClickZoom: false,
      touchZoom: false,
      boxZoom: false,
    });
    map.setView([spot.latitude, spot.longitude], 13);
    if (tiles) L.tileLayer(tiles.url, { maxZoom: 16 }).addTo(map);
    else void ownBasemap(map);
    L.circle([spot.latitude, spot.longitude], {
      radius: AREA_METRES,
      color: '#1d6b2f',
      fillColor: '#1d6b2f',
      fillOpacity: 0.2,
      weight: 2,
      interactive: false,
    }).addTo(map);
    return () => void map.remove();
  }, [spot.latitude, spot.longitude, tiles]);
  return (
    <figure className="spot-map">
      <div ref={element} className="spot-map-canvas" role="img" aria-label={MAP_TEXTS.approximate} />
      <figcaption className="muted">
        {MAP_TEXTS.approximate}
        {tiles?.attribution && <span className="spot-map-credit"> · {tiles.attribution}</span>}
      </figcaption>
    </figure>
  );
}
