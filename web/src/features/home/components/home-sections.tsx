import { lazy, Suspense } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { LoadingBlock } from '../../../components/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useMe } from '../../../lib/use-me.ts';
import { FeatureSection, JourneyCta } from './home-cards.tsx';

const loadRoleSections = () => import('./home-role-sections.tsx');
const RoleSections = lazy(loadRoleSections);

/** The part of the home page below the hero, which depends on who is looking (role from /api/me only). */
export function HomeSections() {
  const { status } = useAuth();
  const me = useMe();

  if (status === 'loading') return <LoadingBlock label="Loading" />;
  if (status === 'signedOut') {
    return (
      <>
        <FeatureSection title="Everything You Need to Succeed" lede="From finding the right race to crossing the finish line." signedIn={false} />
        <JourneyCta />
      </>
    );
  }
  // Fetch the signed-in sections' chunk while the profile is on its way (the import runs once).
  void loadRoleSections();
  if (me.isPending) return <LoadingBlock label="Loading your profile" />;
  if (me.isError) {
    return (
      <section className="home-section container">
        <Alert tone="error" title="We couldn't load your profile">
          <p>{errorMessage(me.error)}</p>
          <Button size="sm" className="home-retry" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </Alert>
      </section>
    );
  }
  return (
    <Suspense fallback={<LoadingBlock label="Loading your profile" />}>
      <RoleSections role={me.data.role} firstName={me.data.firstName} />
    </Suspense>
  );
}
