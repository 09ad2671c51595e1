import RaceLandingPage from '../../features/events/pages/race-landing-page.tsx';
import { cardActions } from './event-actions.tsx';
import NotFoundPage from './not-found-page.tsx';

/** /races/{state}[/{kind}]: a state's upcoming races, its cards carrying the save heart; an unknown state or kind is the 404 page. */
export default function RaceLandingRoute() {
  return <RaceLandingPage cardActions={cardActions} notFound={<NotFoundPage />} />;
}
