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

function AppRoutes() {
  return (
    <Routes>
      <Route path={PATHS.login} element={<LoginPage sso={false} />} />
      <Route path={PATHS.loginSso} element={<LoginPage sso />} />
      <Route path={PATHS.oldLogin} element={<RedirectKeepingQuery to={PATHS.login} />} />
      <Route path={PATHS.oldLoginSso} element={<RedirectKeepingQuery to={PATHS.loginSso} />} />
      <Route path={PATHS.signup} element={<SignupPage />} />
      <Route path={PATHS.signupV2} element={<SignupPage />} />
      <Route path={PATHS.passwordReset} element={<PasswordResetPage />} />
      <Route path={PATHS.passwordUpdate} element={<PasswordUpdatePage />} />
      <Route path={PATHS.emailValidate} element={<EmailValidatePage />} />
      <Route path={PATHS.emailUpdate} element={<EmailUpdatePage />} />
      <Route path={PATHS.bigCommerce} element={<BigCommercePage />} />
      <Route path={PATHS.dialogflowCallback} element={<DialogflowCallbackPage />} />
      <Route path={PATHS.liveAgent} element={<LiveAgentPage />} />
      <Route path={PATHS.documentPreview} element={<DocumentPreviewPage />} />
      <Route path={PATHS.tokenSignIn} element={<TokenSignInPage />} />
      <Route path={PATHS.devMailbox} element={<DevMailboxRoute />} />
      <Route path={PATHS.subscribe} element={<MailPreferencesPage mode="subscribe" />} />
      <Route path={PATHS.unsubscribe} element={<MailPreferencesPage mode="unsubscribe" />} />
      <Route path={PATHS.twoFactorSetup} element={<TwoFactorSetupPage />} />
      <Route path={PATHS.getStarted} element={<GetStartedPage />} />
      <Route path={PATHS.setUpPage} element={<SetUpPage skippable />} />
      <Route path={PATHS.installation} element={<SetUpPage skippable={false} />} />
      <Route path={PATHS.apps} element={<ApplicationsPage />} />
      <Route path={PATHS.notFound} element={<NotFoundPage />} />
      <Route path="*" element={<DefaultViewRoute />} />
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
