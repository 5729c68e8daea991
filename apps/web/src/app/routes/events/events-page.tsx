import { CalendarPlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Tabs } from '../../../components/tabs';
import { type EventsKind } from '../../../features/events/api/use-events';
import { EventList } from '../../../features/events/components/event-list';
import '../../../features/events/events.css';

const TABS: { value: EventsKind; label: string }[] = [
  { value: 'near', label: 'Near me' },
  { value: 'going', label: 'Going' },
  { value: 'mine', label: 'Hosting' },
];

const tabOf = (value: string | null): EventsKind => TABS.find((t) => t.value === value)?.value ?? 'near';

/** /events: seed swaps near me, those I am going to and those I host; the tab lives in the address. */
export default function EventsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  return (
    <div className="events-page">
      <div className="page-header">
        <h1>Seed swap events</h1>
        <Link className="button button-primary" to="/events/new">
          <CalendarPlus aria-hidden size={18} /> Host an event
        </Link>
      </div>
      <Tabs
        label="Which events"
        idPrefix="events"
        value={tab}
        onChange={(value) => setParams(value === 'near' ? {} : { tab: value }, { replace: true })}
        tabs={TABS}
      />
      <div id="events-panel" role="tabpanel" aria-labelledby={`events-tab-${tab}`}>
        <EventList key={tab} kind={tab} />
      </div>
    </div>
  );
}
