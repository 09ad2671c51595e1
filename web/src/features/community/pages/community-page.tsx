/**
 * /community: the feed of recent reviews and race recaps across races, newest first, one state at a time when
 * chosen (?state=, in the address). Each entry shows the race, the stars or the recap's title, the start of the
 * text, its author (first name and initial) and date. More entries load on demand.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { isStateCode, STATE_CODES, US_STATES } from '#shared/us-states';
import { ButtonLink } from '../../../components/button.tsx';
import { ChoiceField } from '../../../components/form-fields.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useCommunityFeed } from '../api/use-community.ts';
import { FeedItem } from '../components/feed-item.tsx';
import { ShowMore } from '../components/show-more.tsx';
import '../components/community.css';
import '../../../components/state-panel.css';

const STATE_OPTIONS = [{ value: '', label: 'All states' }, ...STATE_CODES.map((code) => ({ value: code, label: US_STATES[code] }))];

export default function CommunityPage() {
  useDocumentTitle('Community');
  const [params, setParams] = useSearchParams();
  const asked = params.get('state') ?? '';
  const state = isStateCode(asked) ? asked : '';
  const feed = useCommunityFeed(state);
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <PageHeader
        eyebrow="Community"
        title="Community"
        lede="What athletes say about the races they ran: the newest reviews and race recaps."
        actions={
          <ButtonLink to="/submit-race-recap" variant="primary">
            Write a Recap
          </ButtonLink>
        }
      />
      <div className="container community-page community-narrow">
        <div className="community-toolbar">
          <ChoiceField label="State" value={state} onChange={(value) => setParams(value ? { state: value } : {}, { replace: true })} options={STATE_OPTIONS} />
          <p className="community-card__byline">
            See also the <Link to="/leaderboard">leaderboard</Link> and the <Link to="/athlete-spotlights">athlete spotlights</Link>.
          </p>
        </div>
        {feed.isPending ? (
          <LoadingBlock label="Loading the community feed" />
        ) : feed.isError && items.length === 0 ? (
          <LoadErrorPanel title="We couldn't load the community feed" error={feed.error} retry={() => void feed.refetch()} />
        ) : items.length === 0 ? (
          <div className="state-panel">
            <p className="state-panel__title">{state ? `No reviews or recaps in ${US_STATES[state]} yet` : 'No reviews or recaps yet'}</p>
            <p className="state-panel__text">Ran a race lately? Tell other athletes how it went.</p>
            <ButtonLink to="/submit-race-recap" variant="primary">
              Write a Recap
            </ButtonLink>
          </div>
        ) : (
          <>
            <ul className="community-list" aria-label={state ? `Reviews and recaps in ${US_STATES[state]}` : 'Reviews and recaps'}>
              {items.map((item) => (
                <li key={`${item.kind}-${item.id}`}>
                  <FeedItem item={item} />
                </li>
              ))}
            </ul>
            <ShowMore pages={feed} />
          </>
        )}
      </div>
    </>
  );
}
