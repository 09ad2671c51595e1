/** One entry of the community feed: a review (its stars) or a recap (its title), with the race, excerpt and author. */
import { Link } from 'react-router-dom';
import type { CommunityItem } from '#shared/schemas/community';
import { formatEventDate } from '../../../lib/event-format.ts';
import { RaceLine, writtenOn } from './race-line.tsx';
import { Stars } from './stars.tsx';

export function FeedItem({ item }: { item: CommunityItem }) {
  if (item.kind === 'recap') {
    return (
      <article className="community-card">
        <p className="community-card__kind community-card__kind--recap">Race recap</p>
        <h2 className="community-card__title">
          <Link to={`/recaps/${item.id}`}>{item.title}</Link>
        </h2>
        <RaceLine event={item.event} />
        <p className="community-card__excerpt">{item.excerpt}</p>
        <p className="community-card__byline">
          {item.authorName} · {writtenOn(item.createdAt)}
        </p>
      </article>
    );
  }
  return (
    <article className="community-card">
      <p className="community-card__kind">Review</p>
      <h2 className="community-card__title">
        <Link to={`/events/${item.event.id}`}>{item.event.title}</Link>
      </h2>
      <p className="race-line">
        <span className="race-line__facts">
          {formatEventDate(item.event.eventDate)} · {item.event.city}, {item.event.state}
        </span>
      </p>
      <Stars value={item.overall} />
      <p className="community-card__excerpt">{item.excerpt}</p>
      <p className="community-card__byline">
        {item.authorName} · {writtenOn(item.createdAt)}
      </p>
    </article>
  );
}
