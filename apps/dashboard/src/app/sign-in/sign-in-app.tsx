// A cold /loginv2 (no session yet) renders the sign-in page alone: neither react-router's data
// router, nor react-query, nor the signed-in app's routes and their checks are downloaded for it
// (issue 39: /loginv2 ≤ 120 KB on the wire). Any navigation away (signed in, "Forgot password?",
// "Sign up") changes the URL and hands over to the whole app (boot.tsx), which reads it.

import { normalizePath } from '@convo/domain';
import { useEffect, useMemo, useState } from 'react';
import { LoginPage } from '../../features/auth/pages/login-page';
import { type PageNavigation, PageNavigationProvider } from '../routing/page-navigation';
import { PATHS } from '../routing/paths';
import { isSignInPath } from './sign-in-app-path';

export function SignInApp({ onLeave }: { onLeave: () => void }) {
  const [location, setLocation] = useState(() => ({
    pathname: window.location.pathname,
    search: window.location.search,
  }));

  // Back and forward between /loginv2 and /loginv2/sso stay here; elsewhere is the whole app's.
  useEffect(() => {
    const onPopState = () => {
      if (!isSignInPath(window.location.pathname)) onLeave();
      else setLocation({ pathname: window.location.pathname, search: window.location.search });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [onLeave]);

  const navigation = useMemo<PageNavigation>(
    () => ({
      search: location.search,
      navigate: (to, options) => {
        if (options?.replace === true) window.history.replaceState(null, '', to);
        else window.history.pushState(null, '', to);
        const url = new URL(to, window.location.href);
        if (isSignInPath(url.pathname)) setLocation({ pathname: url.pathname, search: url.search });
        else onLeave();
      },
    }),
    [location.search, onLeave],
  );

  return (
    <PageNavigationProvider value={navigation}>
      {/* Keyed like the router's two routes: each path mounts its own page. */}
      <LoginPage
        key={normalizePath(location.pathname)}
        sso={normalizePath(location.pathname) === PATHS.loginSso}
      />
    </PageNavigationProvider>
  );
}
