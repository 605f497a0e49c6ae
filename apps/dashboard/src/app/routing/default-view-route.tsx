import { normalizePath } from '@convo/domain';
import { Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { NotFoundPage } from '../../features/not-found/not-found-page';
import { isLogoutRedirecting, logout } from '../logout';
import { useSession } from '../session/session-store';
import { storage } from '../storage/safe-storage';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { decideDefaultView } from './default-view';
import { PublicHelpPage } from './pages';
import { PATHS } from './paths';
import { SignedInContainer } from './signed-in-page';
import { useLandingPath } from './use-landing';

function onboardingSaysGetStarted(): boolean {
  const data = storage.getJson<{ getStarted?: unknown }>(STORAGE_KEYS.onboarding);
  return data?.getStarted === true;
}

/** The catch-all route: the default view of SPEC §2 (see decideDefaultView). */
export function DefaultViewRoute() {
  const session = useSession();
  const location = useLocation();
  const landing = useLandingPath();
  const decision = decideDefaultView({
    session:
      session === null
        ? null
        : {
            email: session.email,
            plan: session.application.subscriptionPlan,
            signupBlock: session.application.signupBlock,
          },
    pathname: location.pathname,
    search: location.search,
    onboardingGetStarted: session !== null && onboardingSaysGetStarted(),
    hasStoredReferrer: storage.getItem(STORAGE_KEYS.referrer) !== null,
    landingPath: landing,
  });
  const mustLogout = decision.kind === 'login' && decision.logout;

  useEffect(() => {
    // Not logged in on a non-public route: logout (clears what is left), then the login page.
    if (mustLogout) logout({ redirectTo: false });
  }, [mustLogout]);

  switch (decision.kind) {
    case 'login':
      // A logout already on its way to the login page decides where exactly (e.g. no referrer).
      return isLogoutRedirecting() ? null : <Navigate to={decision.to} replace />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'public': {
      const path = normalizePath(location.pathname);
      if (path === PATHS.help) return <PublicHelpPage />;
      // The setup guide's entry needs an account: signed out, it starts with signing up.
      if (path === PATHS.startingUp) return <Navigate to={PATHS.signup} replace />;
      return <NotFoundPage />;
    }
    case 'domain-blocked':
    case 'container':
      return (
        <Suspense fallback={<PageLoader minHeight="100vh" />}>
          <SignedInContainer blocked={decision.kind === 'domain-blocked' ? decision.reason : null} />
        </Suspense>
      );
  }
}
