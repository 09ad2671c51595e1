import { Button } from '../../../components/button.tsx';
import { LoadErrorPanel } from '../../../components/load-error-panel.tsx';

/** The paging part of an infinite query that a list's foot needs. */
interface MorePages {
  readonly hasNextPage: boolean;
  readonly isFetchingNextPage: boolean;
  readonly isFetchNextPageError: boolean;
  readonly error: unknown;
  fetchNextPage(): Promise<unknown>;
}

/** A community list's foot: Show more while there are pages, or what went wrong loading the next one, with a retry. */
export function ShowMore({ pages }: { pages: MorePages }) {
  const more = () => void pages.fetchNextPage();
  if (pages.isFetchNextPageError) return <LoadErrorPanel title="We couldn't load more" error={pages.error} retry={more} />;
  if (!pages.hasNextPage) return null;
  return (
    <div className="community-more">
      <Button onClick={more} disabled={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? 'Loading…' : 'Show more'}
      </Button>
    </div>
  );
}
