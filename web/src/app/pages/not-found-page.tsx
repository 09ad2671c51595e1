import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../components/button.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import './not-found-page.css';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <section className="not-found container" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="not-found__code">
        404
      </h1>
      <p className="not-found__title">Oops! Page not found</p>
      <p className="not-found__text">
        There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <div className="not-found__actions">
        <ButtonLink to="/" variant="primary">
          Return to Home
        </ButtonLink>
        <ButtonLink to="/events">Browse events</ButtonLink>
      </div>
    </section>
  );
}
