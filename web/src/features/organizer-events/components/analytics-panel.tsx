/**
 * The organizer dashboard's Analytics tab: pick one of your events and a span (7, 30 or 90 days) and see its
 * views, saves and registration clicks per day, as totals, a chart (lazy: uPlot loads only here) and a table.
 * Counted on the server from the event page's beacon and the saves themselves (bots and repeats left out).
 */
import { lazy, Suspense, useState } from 'react';
import { todayInNewYork } from '#shared/dates';
import { ButtonLink } from '../../../components/button.tsx';
import { ChoiceField } from '../../../components/form-fields.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useEventAnalytics } from '../api/use-event-analytics.ts';
import { useMyEvents } from '../api/use-organizer-events.ts';
import '../../../components/state-panel.css';
import './analytics-panel.css';

const DailyChart = lazy(() => import('./daily-chart.tsx'));
const SPANS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
];

export function AnalyticsPanel() {
  const events = useMyEvents();
  const mine = events.data?.pages.flatMap((page) => page.items) ?? [];
  const [chosen, setChosen] = useState<string>('');
  const [span, setSpan] = useState('30');
  const eventId = chosen || mine[0]?.id;
  const analytics = useEventAnalytics(eventId, Number(span));

  if (events.isLoading) return <LoadingBlock label="Loading your events" />;
  if (events.isError) {
    return (
      <LoadErrorPanel title="Unable to load your events" error={events.error} retry={() => void events.refetch()} />
    );
  }
  if (mine.length === 0) {
    return (
      <div className="state-panel">
        <p className="state-panel__title">No events to measure yet</p>
        <p className="state-panel__text">Once you own an event (claimed or created), its views, saves and registration clicks show here day by day.</p>
        <ButtonLink to="/events" variant="primary">
          Find your event
        </ButtonLink>
      </div>
    );
  }

  const data = analytics.data;
  return (
    <section className="analytics" aria-labelledby="analytics-title">
      <h2 id="analytics-title" className="analytics__title">
        Event analytics
      </h2>
      <div className="analytics__controls">
        <ChoiceField label="Event" value={eventId ?? ''} onChange={setChosen} options={mine.map((event) => ({ value: event.id, label: `${event.title} (${formatEventDate(event.eventDate)})` }))} />
        <ChoiceField label="Span" value={span} onChange={setSpan} options={SPANS} />
      </div>
      {analytics.isLoading ? (
        <LoadingBlock label="Loading analytics" />
      ) : analytics.isError || !data ? (
        <LoadErrorPanel title="Unable to load analytics" error={analytics.error} retry={() => void analytics.refetch()} />
      ) : (
        <>
          <ul className="analytics__totals" aria-label="Totals">
            <li>
              <span className="analytics__figure">{data.totals.views}</span> views
            </li>
            <li>
              <span className="analytics__figure">{data.totals.saves}</span> saves
            </li>
            <li>
              <span className="analytics__figure">{data.totals.registerClicks}</span> registration clicks
            </li>
          </ul>
          <Suspense fallback={<LoadingBlock label="Loading the chart" />}>
            <DailyChart days={data.days} />
          </Suspense>
          <details className="analytics__table">
            <summary>Day by day</summary>
            <table>
              <caption className="visually-hidden">Views, saves and registration clicks per day</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Views</th>
                  <th scope="col">Saves</th>
                  <th scope="col">Registration clicks</th>
                </tr>
              </thead>
              <tbody>
                {[...data.days].reverse().map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{day.day === todayInNewYork() ? 'Today' : formatEventDate(day.day)}</th>
                    <td>{day.views}</td>
                    <td>{day.saves}</td>
                    <td>{day.registerClicks}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <p className="analytics__note">Counted on our side: visits by search engines and other bots, and the same visitor again within 30 minutes, are left out.</p>
        </>
      )}
    </section>
  );
}
