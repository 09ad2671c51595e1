/** /athlete-spotlights: race recaps admins featured, most recently featured first, each with its start and a link. */
import { ButtonLink } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useSpotlights } from '../api/use-recaps.ts';
import { writtenOn } from '../components/race-line.tsx';
import { ShowMore } from '../components/show-more.tsx';
import { RecapCard } from '../components/recap-card.tsx';
import '../components/community.css';
import '../../../components/state-panel.css';

export default function AthleteSpotlightsPage() {
  useDocumentTitle('Athlete Spotlights');
  const spotlights = useSpotlights();
  const items = spotlights.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <PageHeader
        eyebrow="Community"
        title="Athlete Spotlights"
        lede="Race stories from the RaceFinder community, picked by our team."
        actions={
          <ButtonLink to="/submit-race-recap" variant="primary">
            Share Your Story
          </ButtonLink>
        }
      />
      <div className="container community-page community-narrow">
        {spotlights.isPending ? (
          <LoadingBlock label="Loading the spotlights" />
        ) : spotlights.isError && items.length === 0 ? (
          <LoadErrorPanel title="We couldn't load the spotlights" error={spotlights.error} retry={() => void spotlights.refetch()} />
        ) : items.length === 0 ? (
          <div className="state-panel">
            <p className="state-panel__title">No spotlights yet</p>
            <p className="state-panel__text">Our team features race recaps athletes write. Yours could be the first.</p>
            <ButtonLink to="/submit-race-recap" variant="primary">
              Write a Recap
            </ButtonLink>
          </div>
        ) : (
          <>
            <ul className="community-list" aria-label="Featured recaps">
              {items.map((recap) => (
                <li key={recap.id}>
                  <RecapCard recap={recap} dateLabel={recap.featuredAt ? `featured ${writtenOn(recap.featuredAt)}` : undefined} />
                </li>
              ))}
            </ul>
            <ShowMore pages={spotlights} />
          </>
        )}
      </div>
    </>
  );
}
