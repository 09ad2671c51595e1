/** A race's when, where and how far, as the race alerts list it. */
import type { NotificationRace } from '#shared/schemas/notifications';
import type { DistanceUnit } from '#shared/units';
import { distancesOf, placeOf, raceWhen } from './format.ts';
import { Facts } from './layout.tsx';

export function RaceFacts({ race, unit }: { race: NotificationRace; unit: DistanceUnit }) {
  return (
    <Facts
      facts={[
        ['Race', race.title],
        ['When', raceWhen(race)],
        ['Where', placeOf(race)],
        ['Distances', distancesOf(race.distances, unit)],
      ]}
    />
  );
}
