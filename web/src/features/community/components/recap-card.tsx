/** A recap in a list (spotlights): its title (a link to it), the race, the start of the story and its author. */
import { Link } from 'react-router-dom';
import type { RecapSummary } from '#shared/schemas/recap';
import { RaceLine, writtenOn } from './race-line.tsx';

export function RecapCard({ recap, dateLabel }: { recap: RecapSummary; dateLabel?: string }) {
  return (
    <article className="community-card">
      <p className="community-card__kind community-card__kind--recap">Race recap</p>
      <h2 className="community-card__title">
        <Link to={`/recaps/${recap.id}`}>{recap.title}</Link>
      </h2>
      <RaceLine event={recap.event} />
      <p className="community-card__excerpt">{recap.excerpt}</p>
      <p className="community-card__byline">
        {recap.authorName}
        {recap.distance ? ` · ${recap.distance}` : ''} · {dateLabel ?? writtenOn(recap.createdAt)}
      </p>
      <Link to={`/recaps/${recap.id}`} className="community-card__more" aria-label={`Read the recap: ${recap.title}`}>
        Read the recap →
      </Link>
    </article>
  );
}
