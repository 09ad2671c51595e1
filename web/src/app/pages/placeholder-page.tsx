import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import './placeholder-page.css';

/** A page that a later issue builds: its title and one honest line about what it will be. */
export function PlaceholderPage({ title, summary }: { title: string; summary: string }) {
  useDocumentTitle(title);
  const onEvents = useLocation().pathname.startsWith('/events');
  return (
    <>
      <PageHeader title={title} lede={summary} />
      <div className="container placeholder-page">
        {onEvents ? null : (
          <ButtonLink to="/events" variant="primary">
            Browse events
          </ButtonLink>
        )}
        <ButtonLink to="/">Back to Home</ButtonLink>
      </div>
    </>
  );
}
