/**
 * /leaderboard: the most-reviewed races, the best-rated races (with at least three reviews) and the reviewers
 * athletes found most helpful, ten each, from the counters the reviews keep. Races link to their pages;
 * reviewers appear by first name and initial.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LeaderboardRace } from '#shared/schemas/community';
import { countOf } from '#shared/plural';
import { ButtonLink } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { formatEventDate } from '../../../lib/event-format.ts';
import { useLeaderboard } from '../api/use-community.ts';
import { Stars } from '../components/stars.tsx';
import '../components/community.css';
import '../../../components/state-panel.css';

export default function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  const board = useLeaderboard();
  return (
    <>
      <PageHeader
        eyebrow="Community"
        title="Leaderboard"
        lede="The races athletes review most and rate best, and the reviewers whose words help others most."
        actions={<ButtonLink to="/community">See the community</ButtonLink>}
      />
      <div className="container community-page">
        {board.isPending ? (
          <LoadingBlock label="Loading the leaderboard" />
        ) : board.isError ? (
          <LoadErrorPanel title="We couldn't load the leaderboard" error={board.error} retry={() => void board.refetch()} />
        ) : (
          <div className="leaderboard">
            <Board title="Most Reviewed Races" note="By number of reviews." empty="No race has a review yet.">
              {board.data.mostReviewed.map((race) => (
                <RaceRow key={race.event.id} race={race} figure={countOf(race.reviewCount, 'review')} />
              ))}
            </Board>
            <Board title="Top Rated Races" note={`Average stars, for races with at least ${board.data.topRatedMinReviews} reviews.`} empty={`No race has ${board.data.topRatedMinReviews} reviews yet.`}>
              {board.data.topRated.map((race) => (
                <RaceRow
                  key={race.event.id}
                  race={race}
                  figure={
                    <>
                      <Stars value={race.average} /> {race.average.toFixed(1)} · {countOf(race.reviewCount, 'review')}
                    </>
                  }
                />
              ))}
            </Board>
            <Board title="Most Helpful Reviewers" note="By helpful votes other athletes gave their reviews." empty="No review has a helpful vote yet.">
              {board.data.mostHelpful.map((reviewer) => (
                <li key={`${reviewer.rank}-${reviewer.name}`} className="leaderboard-row">
                  <span className="leaderboard-row__rank">
                    <span className="visually-hidden">Rank </span>
                    {reviewer.rank}
                  </span>
                  <span className="leaderboard-row__main">
                    <span className="leaderboard-row__name">{reviewer.name}</span>
                    <span className="leaderboard-row__figure">
                      {countOf(reviewer.helpfulVotes, 'helpful vote')} · {countOf(reviewer.reviewCount, 'review')}
                    </span>
                  </span>
                </li>
              ))}
            </Board>
          </div>
        )}
      </div>
    </>
  );
}

function Board({ title, note, empty, children }: { title: string; note: string; empty: string; children: ReactNode[] }) {
  const headingId = useId();
  return (
    <section className="leaderboard-board" aria-labelledby={headingId}>
      <h2 id={headingId} className="leaderboard-board__title">
        {title}
      </h2>
      <p className="leaderboard-board__note">{note}</p>
      {children.length > 0 ? <ol className="leaderboard-rows">{children}</ol> : <p className="leaderboard-empty">{empty}</p>}
    </section>
  );
}

function RaceRow({ race, figure }: { race: LeaderboardRace; figure: ReactNode }) {
  return (
    <li className="leaderboard-row">
      <span className="leaderboard-row__rank">
        <span className="visually-hidden">Rank </span>
        {race.rank}
      </span>
      <span className="leaderboard-row__main">
        <Link to={`/events/${race.event.id}`} className="leaderboard-row__name">
          {race.event.title}
        </Link>
        <span className="leaderboard-row__figure">
          {formatEventDate(race.event.eventDate)} · {race.event.city}, {race.event.state}
        </span>
        <span className="leaderboard-row__figure">{figure}</span>
      </span>
    </li>
  );
}
