import L from 'leaflet';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { eventTimeRange } from '../utils/event-time';
import { useEventsInArea } from './use-events-in-area';
import './event-markers.css';

/** "Seed swap: Library swap, Sat, Dec 12, 10:00 AM – 2:00 PM". */
const labelOf = (event: { title: string; starts_at: string; ends_at: string }) =>
  `Seed swap: ${event.title}, ${eventTimeRange(event)}`;

/**
 * The seed swaps within the map's area, as markers of their own beside the listings' pins (each
 * opens its event) and as a list of links under the map, so the map is never the only way to them.
 */
export function EventMarkers({ map, box }: { map: L.Map | undefined; box: string }) {
  const navigate = useNavigate();
  const found = useEventsInArea(box);
  const events = found.data?.events ?? [];
  useEffect(() => {
    if (!map || !events.length) return;
    const layer = L.layerGroup().addTo(map);
    for (const event of events) {
      const label = labelOf(event);
      const marker = L.marker([event.spot.latitude, event.spot.longitude], {
        icon: L.divIcon({
          className: 'map-event',
          html: '<span aria-hidden="true">★</span>',
          iconSize: [32, 32],
        }),
        title: label,
        alt: label,
        keyboard: true,
        // Above the listings' pins, which may share its ZIP code's spot.
        zIndexOffset: 1000,
      });
      marker.on('click', () => void navigate(`/events/${event.id}`));
      marker.addTo(layer);
      marker.getElement()?.setAttribute('aria-label', label);
    }
    return () => void layer.remove();
  }, [map, events, navigate]);
  if (!events.length) return null;
  return (
    <details className="map-list map-events">
      <summary>{events.length === 1 ? '1 seed swap in this area' : `${events.length} seed swaps in this area`}</summary>
      <ul>
        {events.map((event) => (
          <li key={event.id}>
            <Link to={`/events/${event.id}`}>{event.title}</Link>
            <span className="muted"> · {eventTimeRange(event)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
