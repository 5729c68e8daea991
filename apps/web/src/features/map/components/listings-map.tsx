import { MAP_PINS } from '@gardenswap/shared/constants';
import type { Listing } from '@gardenswap/shared/listings';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { LocateFixed, X } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import Supercluster from 'supercluster';
import { ErrorBanner } from '../../../components/feedback';
import { useMapListings } from '../api/use-map-listings';
import { type MapArea, WHOLE_COUNTRY, areaText, clampArea } from '../map-area';
import { MAP_TEXTS } from '@gardenswap/shared/map-texts';
import { ownBasemap } from './basemap';
import '../map.css';

type Pin = Listing & { spot: { latitude: number; longitude: number } };

/** Past this zoom nothing is clustered; a spot's listings that still share it open together. */
const CLUSTER_MAX_ZOOM = 16;
const MAX_ZOOM = 18;

/** A marker a screen reader names by `label` (a div icon's own text would be all it read). */
const labelled = (marker: L.Marker, label: string) =>
  marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));

const boundsOf = (a: MapArea) => L.latLngBounds([a.south, a.west], [a.north, a.east]);
const areaOf = (b: L.LatLngBounds): MapArea =>
  clampArea({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() });

/**
 * The marketplace on a map: the listings its list shows (the same tab, filters and search, from the
 * server) within the area asked, each at its owner's approximate spot, clustered where they crowd.
 * A pin opens its card below the map; "Search this area" asks again for what is in view. The
 * same listings are a list of links under the map, for a keyboard or a screen reader.
 */
export function ListingsMap({
  filter,
  area,
  onArea,
  tiles,
  card,
  overlay,
}: {
  /** The list's query string (tab, category, filters, search). */
  filter: string;
  /** The area searched, from the address; undefined: the whole country, then the results' own area. */
  area: MapArea | undefined;
  onArea: (area: MapArea) => void;
  /** The operator's tiles (MAP_STYLE_URL); null: the basemap that ships with the app; undefined: not known yet. */
  tiles: { url: string; attribution: string } | null | undefined;
  /** A pin's card, as the marketplace shows it. */
  card: (listing: Listing) => ReactNode;
  /** More on the same map and area (the seed swaps in it), drawn by whoever composes the map. */
  overlay?: (map: L.Map | undefined, box: string) => ReactNode;
}) {
  const asked = area ?? WHOLE_COUNTRY;
  const found = useMapListings(filter, areaText(asked));
  const pins = useMemo(() => (found.data?.listings ?? []).filter((l): l is Pin => !!l.spot), [found.data]);

  const element = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map>();
  const [moved, setMoved] = useState(false);
  /** The listings whose cards are open: a pin's, or every one of a spot's when they share it. */
  const [selected, setSelected] = useState<number[]>([]);
  const programmatic = useRef(false);

  // The map itself, once: its basemap, and whether the member has moved it since the last search.
  useEffect(() => {
    const m = L.map(element.current!, { zoomSnap: 0.5, worldCopyJump: false, minZoom: 3, maxZoom: MAX_ZOOM });
    m.fitBounds(boundsOf(asked));
    m.attributionControl.setPrefix(false);
    m.on('moveend', () => {
      if (programmatic.current) programmatic.current = false;
      else setMoved(true);
    });
    setMap(m);
    return () => {
      m.remove();
    };
    // The first area only: later ones move the map through the effect below.
  }, []);

  useEffect(() => {
    if (!map || tiles === undefined) return;
    if (tiles) {
      const layer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
      return () => void layer.remove();
    }
    void ownBasemap(map);
  }, [map, tiles]);

  // An area the map does not show (the address went back to an earlier search): the map goes there.
  useEffect(() => {
    if (!map || !area || map.getBounds().contains(boundsOf(area))) return;
    programmatic.current = true;
    map.fitBounds(boundsOf(area));
  }, [map, area && areaText(area)]);

  // With no area asked, the view goes to where the listings are once they are known.
  const fitted = useRef(false);
  useEffect(() => {
    if (!map || area || fitted.current || !found.isSuccess || pins.length === 0) return;
    fitted.current = true;
    programmatic.current = true;
    map.fitBounds(L.latLngBounds(pins.map((p) => [p.spot.latitude, p.spot.longitude])), {
      maxZoom: 12,
      padding: [24, 24],
    });
  }, [map, area, found.isSuccess, pins]);

  // The pins, clustered for the view, drawn again as it moves.
  const index = useMemo(() => {
    const cluster = new Supercluster<{ id: number }>({ radius: 48, maxZoom: CLUSTER_MAX_ZOOM });
    cluster.load(
      pins.map((p) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.spot.longitude, p.spot.latitude] },
        properties: { id: p.id },
      })),
    );
    return cluster;
  }, [pins]);
  useEffect(() => {
    if (!map) return;
    const byId = new Map(pins.map((p) => [p.id, p]));
    const layer = L.layerGroup().addTo(map);
    const draw = () => {
      layer.clearLayers();
      const b = map.getBounds();
      const zoom = Math.round(map.getZoom());
      for (const point of index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom)) {
        const [lng, lat] = point.geometry.coordinates as [number, number];
        if ('cluster' in point.properties && point.properties.cluster) {
          const count = point.properties.point_count;
          const clusterId = point.properties.cluster_id;
          labelled(
            L.marker([lat, lng], {
              icon: L.divIcon({
                className: 'map-cluster',
                html: `<span aria-hidden="true">${count}</span>`,
                iconSize: [40, 40],
              }),
              title: MAP_TEXTS.cluster(count),
              keyboard: true,
            }),
            MAP_TEXTS.cluster(count),
          )
            .on('click', () => {
              const zoomTo = index.getClusterExpansionZoom(clusterId);
              if (zoomTo > CLUSTER_MAX_ZOOM || map.getZoom() >= CLUSTER_MAX_ZOOM) {
                // One member's spot, or spots too close to tell apart: their cards, together.
                setSelected(index.getLeaves(clusterId, Infinity).map((leaf) => leaf.properties.id));
                return;
              }
              programmatic.current = true;
              setMoved(true);
              map.setView([lat, lng], zoomTo);
            })
            .addTo(layer);
        } else {
          const pin = byId.get((point.properties as { id: number }).id);
          if (!pin) continue;
          labelled(
            L.marker([lat, lng], {
              icon: L.divIcon({
                className: 'map-pin',
                html: '<span aria-hidden="true"></span>',
                iconSize: [28, 28],
                iconAnchor: [14, 28],
              }),
              title: pin.title,
              keyboard: true,
            }),
            pin.title,
          )
            .on('click', () => setSelected([pin.id]))
            .addTo(layer);
        }
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.remove();
    };
  }, [map, index, pins]);

  const shown = pins.filter((p) => selected.includes(p.id));

  return (
    <div className="listings-map">
      <div className="map-frame">
        <div ref={element} className="map-canvas" role="region" aria-label={MAP_TEXTS.mapLabel} />
        {moved && (
          <button
            type="button"
            className="button button-primary map-search-area"
            onClick={() => {
              setMoved(false);
              setSelected([]);
              fitted.current = true;
              onArea(areaOf(map!.getBounds()));
            }}
          >
            <LocateFixed aria-hidden size={18} /> {MAP_TEXTS.searchArea}
          </button>
        )}
      </div>
      <p className="muted map-status" role="status">
        {found.isPending
          ? MAP_TEXTS.loading
          : found.isError
            ? ''
            : found.data.more
              ? MAP_TEXTS.more(MAP_PINS)
              : MAP_TEXTS.count(found.data.listings.length)}
      </p>
      {found.isError && <ErrorBanner message={MAP_TEXTS.loadFailed} />}
      {shown.length > 0 && (
        <div className="map-selected">
          <button
            type="button"
            className="icon-button map-selected-close"
            aria-label={MAP_TEXTS.closeCard}
            onClick={() => setSelected([])}
          >
            <X aria-hidden size={20} />
          </button>
          <div className="grid listing-grid">
            {shown.map((listing) => (
              <div key={listing.id}>{card(listing)}</div>
            ))}
          </div>
        </div>
      )}
      {found.data && found.data.listings.length > 0 && (
        <details className="map-list">
          <summary>{MAP_TEXTS.listSummary(found.data.listings.length)}</summary>
          <ul>
            {found.data.listings.map((listing) => (
              <li key={listing.id}>
                <Link to={`/listings/${listing.id}`}>{listing.title}</Link>
                <span className="muted"> · {listing.owner.city ?? listing.owner.username}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {overlay?.(map, areaText(asked))}
    </div>
  );
}
