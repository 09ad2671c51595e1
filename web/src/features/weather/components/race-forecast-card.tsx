import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { daysBetween, PRODUCT_TIME_ZONE } from '#shared/dates';
import type { ForecastPeriod, RaceForecast, RaceForecastEntry } from '#shared/schemas/race-forecast';
import { Button } from '../../../components/button.tsx';
import { CalendarIcon, PinIcon } from '../../../components/icons.tsx';
import { formatDistances, formatLongDate } from '../../../lib/event-format.ts';
import { HeatAdvicePanel } from './heat-advice-panel.tsx';

function countdown(today: string, eventDate: string): string {
  const days = daysBetween(today, eventDate);
  if (days === 0) return 'Race day is today';
  if (days === 1) return 'Tomorrow';
  return `In ${days} days`;
}

/** When the NWS last updated it, in the product's time zone: 'Updated Jul 11, 2:51 PM EDT'. */
const updatedFormat = new Intl.DateTimeFormat('en-US', { timeZone: PRODUCT_TIME_ZONE, month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

function Period({ period }: { period: ForecastPeriod }) {
  return (
    <li className={`forecast-period ${period.isDaytime ? 'forecast-period--day' : 'forecast-period--night'}`}>
      <p className="forecast-period__name">{period.name}</p>
      <p className="forecast-period__temperature">
        <span>{period.temperatureF}°F</span>
        <span className="forecast-period__celsius">{period.temperatureC}°C</span>
        <span className="visually-hidden">{period.isDaytime ? ' high' : ' low'}</span>
      </p>
      <p className="forecast-period__short">{period.shortForecast}</p>
      <dl className="forecast-period__facts">
        <div>
          <dt>Precipitation</dt>
          <dd>{period.precipitationChance === null ? 'No chance given' : `${period.precipitationChance}%`}</dd>
        </div>
        <div>
          <dt>Wind</dt>
          <dd>
            {period.windDirection} {period.windSpeed}
          </dd>
        </div>
      </dl>
      <p className="forecast-period__detail">{period.detailedForecast}</p>
    </li>
  );
}

function Notice({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="forecast-notice">
      {icon ? <span className="forecast-notice__icon">{icon}</span> : null}
      <div>
        <p className="forecast-notice__title">{title}</p>
        {children ? <div className="forecast-notice__text">{children}</div> : null}
      </div>
    </div>
  );
}

function ForecastBody({ forecast, retry, retrying, headingId }: { forecast: RaceForecast; retry(): void; retrying: boolean; headingId: string }) {
  switch (forecast.status) {
    case 'ready':
      return (
        <>
          <ul className="forecast-periods" aria-label="Race-day forecast">
            {forecast.periods.map((period) => (
              <Period key={period.startTime} period={period} />
            ))}
          </ul>
          <HeatAdvicePanel heat={forecast.heat} headingId={headingId} />
          <p className="forecast-source">
            Forecast by the US National Weather Service{forecast.updatedAt ? `, updated ${updatedFormat.format(new Date(forecast.updatedAt))}` : ''}.
          </p>
        </>
      );
    case 'later':
      return (
        <Notice icon={<CalendarIcon size={20} />} title={`Forecast available from ${formatLongDate(forecast.availableFrom)}`}>
          The National Weather Service forecasts seven days ahead; race day's forecast and heat advice appear here then.
        </Notice>
      );
    case 'needs-location':
      return (
        <Notice icon={<PinIcon size={20} />} title="The forecast needs the race's location">
          This race has no map coordinates yet, so there is no place to ask the forecast for.
        </Notice>
      );
    case 'unavailable':
      return forecast.reason === 'outside-coverage' ? (
        <Notice title="No forecast for this location">The National Weather Service forecasts the United States and its territories only.</Notice>
      ) : (
        <Notice title="Forecast unavailable right now">
          <p>The weather service did not answer in time. Your other races are not affected.</p>
          <Button size="sm" onClick={retry} disabled={retrying}>
            {retrying ? 'Trying again…' : 'Try again'}
          </Button>
        </Notice>
      );
  }
}

/** One saved race: what, when and where, then its forecast or why there is none yet. */
export function RaceForecastCard({ entry, today, retry, retrying }: { entry: RaceForecastEntry; today: string; retry(): void; retrying: boolean }) {
  const titleId = useId();
  const adviceId = useId();
  const { event, forecast } = entry;
  const distances = formatDistances(event.distances);
  return (
    <li>
      <article className={`race-forecast race-forecast--${forecast.status}`} aria-labelledby={titleId}>
        <header className="race-forecast__head">
          <div>
            <h3 className="race-forecast__title" id={titleId}>
              <Link to={`/events/${event.id}`}>{event.title}</Link>
            </h3>
            <p className="race-forecast__meta">
              {formatLongDate(event.eventDate)} · {event.city}, {event.state}
              {distances ? ` · ${distances}` : ''}
            </p>
          </div>
          <span className="race-forecast__countdown">{countdown(today, event.eventDate)}</span>
        </header>
        <ForecastBody forecast={forecast} retry={retry} retrying={retrying} headingId={adviceId} />
      </article>
    </li>
  );
}
