/**
 * /weather-tracker: the signed-in athlete's upcoming saved races, soonest first, each with race day's National
 * Weather Service forecast (day and night, °F and °C, precipitation, wind) and heat advice once race day is
 * within seven days, else the date its forecast comes. One request; the server asks the weather service.
 */
import { Link } from 'react-router-dom';
import { countOf } from '#shared/plural';
import { ButtonLink } from '../../../components/button.tsx';
import { ArrowRightIcon, CalendarIcon, SearchIcon } from '../../../components/icons.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { PageGate } from '../../../components/role-gate.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useRaceForecasts } from '../api/use-race-forecasts.ts';
import { RaceForecastCard } from '../components/race-forecast-card.tsx';
import '../../../components/state-panel.css';
import '../components/weather.css';

/** Signed-in only (the router wraps the page in the role gate with these words). */
export const gate: PageGate = {
  signInTitle: 'Weather Tracker',
  signInText: 'Sign in to see the race-day forecast and heat advice for the races you saved.',
  loadingLabel: 'Loading your race forecasts',
};

export default function WeatherTrackerPage() {
  useDocumentTitle('Weather Tracker');
  const forecasts = useRaceForecasts();
  const { data, error, isPending, isFetching, refetch } = forecasts;
  const retry = () => void refetch();

  let body;
  if (isPending) {
    body = <LoadingBlock label="Loading your race forecasts" />;
  } else if (error) {
    body = <LoadErrorPanel title="Your race forecasts could not be loaded" error={error} retry={retry} />;
  } else if (data.items.length === 0) {
    body = (
      <div className="state-panel">
        <span className="state-panel__icon">
          <CalendarIcon size={26} />
        </span>
        <h2 className="state-panel__title">No upcoming saved races</h2>
        <p className="state-panel__text">Save a race you plan to run: its race-day forecast and heat advice show here from seven days out.</p>
        <Link to="/events" className="btn btn--primary">
          Browse events
          <ArrowRightIcon size={16} />
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <h2 className="race-weather__heading">Your upcoming races</h2>
        <ul className="race-forecasts" aria-label="Your upcoming races">
          {data.items.map((entry) => (
            <RaceForecastCard key={entry.event.id} entry={entry} today={data.today} retry={retry} retrying={isFetching} />
          ))}
        </ul>
        {data.more > 0 ? (
          <p className="race-weather__more">
            And {countOf(data.more, 'later saved race')}: <Link to="/dashboard?tab=upcoming">see them all on your dashboard</Link>.
          </p>
        ) : null}
        <p className="race-weather__disclaimer">
          Heat advice is general guidance for healthy runners, not medical advice. On race day, follow the organizer’s and the medical team’s instructions.
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Race day"
        title="Weather Tracker"
        lede="The race-day forecast for each race you saved, from seven days out, and what the heat means for your pace and fluids."
        actions={
          <ButtonLink to="/events" variant="secondary">
            <SearchIcon size={18} />
            Find races
          </ButtonLink>
        }
      />
      <div className="container race-weather">{body}</div>
    </>
  );
}
