import CharityRacesPage from '../../features/events/pages/charity-races-page.tsx';
import { cardActions } from './event-actions.tsx';

/** /charity-races: the event search with the charity tag fixed, its cards carrying the save heart. */
export default function CharityRacesRoute() {
  return <CharityRacesPage cardActions={cardActions} />;
}
