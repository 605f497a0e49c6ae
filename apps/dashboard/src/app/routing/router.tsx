import type { BrowserHistory } from 'history';
import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  unstable_HistoryRouter as HistoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { NotFoundPage } from '../../features/not-found/not-found-page';
import { useConfig } from '../config/config-store';
import { ErrorBoundary } from '../errors/error-boundary';
import { ErrorFallback, notifyRenderError } from '../errors/error-fallback';
import { setLogoutNavigator } from '../logout';
import { SupportWidget } from '../support-widget/support-widget';
import { BlockableHistoryContext, browserHistory, type RouterHistory, routerHistoryOf } from './app-history';
import { DefaultViewRoute } from './default-view-route';
import { type PageNavigation, PageNavigationProvider } from './page-navigation';
import {
  ApplicationsPage,
  BigCommercePage,
  DevMailboxPage,
  DialogflowCallbackPage,
  DocumentPreviewPage,
  EmailUpdatePage,
  EmailValidatePage,
  GetStartedPage,
  LiveAgentPage,
  LoginPage,
  MailPreferencesPage,
  PasswordResetPage,
  PasswordUpdatePage,
  SetUpPage,
  SignupPage,
  TokenSignInPage,
  TwoFactorSetupPage,
} from './pages';
import { PATHS } from './paths';

/** Page title follows the variant and the language. */
function DocumentTitle() {
  // t changes identity when the language changes, so the title follows it.
  const { t } = useTranslation();
  const { variant } = useConfig();
  useEffect(() => {
    document.title = t('app.title', { context: variant });
  }, [t, variant]);
  return null;
}

/** The pages written without react-router (the sign-in page, page-navigation.tsx) navigate with it here. */
function RouterPageNavigation({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<PageNavigation>(
    () => ({
      search,
      navigate: (to, options) => {
        void navigate(to, options?.replace === true ? { replace: true } : {});
      },
    }),
    [search, navigate],
  );
  return <PageNavigationProvider value={navigation}>{children}</PageNavigationProvider>;
}

/** A render error inside a route; navigating to another path clears it. */
function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      onError={notifyRenderError}
      fallback={(error) => <ErrorFallback error={error} />}
    >
      {children}
    </ErrorBoundary>
  );
}

/** The old login sends the browser to our login page (the "external" one), keeping the query. */
function RedirectKeepingQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

function DevMailboxRoute() {
  const { devMailbox } = useConfig();
  return devMailbox ? <DevMailboxPage /> : <NotFoundPage />;
}

/** Every route: its path and what it shows (the signed-in app behind the last one, "*"). */
const ROUTES: Record<string, ReactNode> = {
  [PATHS.login]: <LoginPage sso={false} />,
  [PATHS.loginSso]: <LoginPage sso />,
  [PATHS.oldLogin]: <RedirectKeepingQuery to={PATHS.login} />,
  [PATHS.oldLoginSso]: <RedirectKeepingQuery to={PATHS.loginSso} />,
  [PATHS.signup]: <SignupPage />,
  [PATHS.signupV2]: <SignupPage />,
  [PATHS.passwordReset]: <PasswordResetPage />,
  [PATHS.passwordUpdate]: <PasswordUpdatePage />,
  [PATHS.emailValidate]: <EmailValidatePage />,
  [PATHS.emailUpdate]: <EmailUpdatePage />,
  [PATHS.bigCommerce]: <BigCommercePage />,
  [PATHS.dialogflowCallback]: <DialogflowCallbackPage />,
  [PATHS.liveAgent]: <LiveAgentPage />,
  [PATHS.documentPreview]: <DocumentPreviewPage />,
  [PATHS.tokenSignIn]: <TokenSignInPage />,
  [PATHS.devMailbox]: <DevMailboxRoute />,
  [PATHS.subscribe]: <MailPreferencesPage mode="subscribe" />,
  [PATHS.unsubscribe]: <MailPreferencesPage mode="unsubscribe" />,
  [PATHS.twoFactorSetup]: <TwoFactorSetupPage />,
  [PATHS.getStarted]: <GetStartedPage />,
  [PATHS.setUpPage]: <SetUpPage skippable />,
  [PATHS.installation]: <SetUpPage skippable={false} />,
  [PATHS.apps]: <ApplicationsPage />,
  [PATHS.notFound]: <NotFoundPage />,
  '*': <DefaultViewRoute />,
};

function AppRoutes() {
  return (
    <Routes>
      {Object.entries(ROUTES).map(([path, element]) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>
  );
}

let routed: { history: BrowserHistory; router: RouterHistory } | null = null;

/** The history and react-router's view of it, made once, on the router's first render. */
function appHistory() {
  if (routed !== null) return routed;
  const history = browserHistory();
  setLogoutNavigator((to) => history.replace(to));
  routed = { history, router: routerHistoryOf(history) };
  return routed;
}

/** Every page of the app, on the browser's history (app-history.ts: why not the data router). */
export function AppRouter() {
  const { history, router } = appHistory();
  return (
    <HistoryRouter history={router}>
      <BlockableHistoryContext.Provider value={history}>
        <RouteErrorBoundary>
          <RouterPageNavigation>
            <DocumentTitle />
            <SupportWidget />
            <Suspense fallback={<PageLoader minHeight="100vh" />}>
              <AppRoutes />
            </Suspense>
          </RouterPageNavigation>
        </RouteErrorBoundary>
      </BlockableHistoryContext.Provider>
    </HistoryRouter>
  );
}
