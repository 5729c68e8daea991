import L from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countiesUrl from 'us-atlas/counties-10m.json?url';
import statesUrl from 'us-atlas/states-10m.json?url';

/** The outlines are data files of the app's own (JSON parses faster than a module of it evaluates). */
const topology = async (url: string) => (await (await fetch(url)).json()) as Topology;

/** The map's own basemap colours: land, its lines, and (behind it, the map's background) water. */
const LAND = { color: '#8aa58a', weight: 1, fillColor: '#f3f6ee', fillOpacity: 1 };
const COUNTY_LINES = { color: '#b9c9b5', weight: 0.6, fill: false, interactive: false };

/**
 * The basemap that ships with the app: the states (us-atlas, from the Census Bureau's cartographic
 * boundaries) as land on the map's water-blue background, and county lines once zoomed in, loaded
 * then. Nothing is asked of any other server.
 */
export async function ownBasemap(map: L.Map) {
  const states = await topology(statesUrl);
  const land = feature(states, states.objects.states as GeometryCollection);
  L.geoJSON(land, { style: LAND, interactive: false }).addTo(map);

  let counties: L.Layer | undefined;
  const countiesAt = 7;
  const follow = async () => {
    if (map.getZoom() < countiesAt || counties) return;
    const lines = await topology(countiesUrl).then((t) =>
      mesh(t, t.objects.counties as GeometryCollection, (a, b) => a !== b),
    );
    if (counties) return;
    counties = L.geoJSON(lines, { style: COUNTY_LINES }).addTo(map);
  };
  map.on('zoomend', () => void follow());
  await follow();
}
