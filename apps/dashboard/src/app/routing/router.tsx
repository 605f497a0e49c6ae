import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, Outlet, useLocation, useNavigate, useRouteError } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { NotFoundPage } from '../../features/not-found/not-found-page';
import { useConfig } from '../config/config-store';
import { ErrorFallback, notifyRenderError } from '../errors/error-fallback';
import { setLogoutNavigator } from '../logout';
import { SupportWidget } from '../support-widget/support-widget';
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

function Root() {
  return (
    <RouterPageNavigation>
      <DocumentTitle />
      <SupportWidget />
      <Suspense fallback={<PageLoader minHeight="100vh" />}>
        <Outlet />
      </Suspense>
    </RouterPageNavigation>
  );
}

/** Render errors inside routes land here (the data router catches them before any outer boundary). */
function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
    notifyRenderError(error);
  }, [error]);
  return <ErrorFallback error={error} />;
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

type AppRouter = ReturnType<typeof createBrowserRouter>;
let router: AppRouter | null = null;

/**
 * The router, made on first use rather than when this module runs: it reads the URL once, when
 * made, and the sign-in app (app/sign-in/sign-in-app.tsx) may change the URL after this chunk was
 * loaded for something else.
 */
export function appRouter(): AppRouter {
  if (router !== null) return router;
  const made = createRoutes();
  setLogoutNavigator((to) => made.navigate(to, { replace: true }));
  router = made;
  return made;
}

const createRoutes = (): AppRouter =>
  createBrowserRouter([
    {
      element: <Root />,
      errorElement: <RouteError />,
      children: [
        { path: PATHS.login, element: <LoginPage sso={false} /> },
        { path: PATHS.loginSso, element: <LoginPage sso /> },
        { path: PATHS.oldLogin, element: <RedirectKeepingQuery to={PATHS.login} /> },
        { path: PATHS.oldLoginSso, element: <RedirectKeepingQuery to={PATHS.loginSso} /> },
        { path: PATHS.signup, element: <SignupPage /> },
        { path: PATHS.signupV2, element: <SignupPage /> },
        { path: PATHS.passwordReset, element: <PasswordResetPage /> },
        { path: PATHS.passwordUpdate, element: <PasswordUpdatePage /> },
        { path: PATHS.emailValidate, element: <EmailValidatePage /> },
        { path: PATHS.emailUpdate, element: <EmailUpdatePage /> },
        { path: PATHS.bigCommerce, element: <BigCommercePage /> },
        { path: PATHS.dialogflowCallback, element: <DialogflowCallbackPage /> },
        { path: PATHS.liveAgent, element: <LiveAgentPage /> },
        { path: PATHS.documentPreview, element: <DocumentPreviewPage /> },
        { path: PATHS.tokenSignIn, element: <TokenSignInPage /> },
        { path: PATHS.devMailbox, element: <DevMailboxRoute /> },
        { path: PATHS.subscribe, element: <MailPreferencesPage mode="subscribe" /> },
        { path: PATHS.unsubscribe, element: <MailPreferencesPage mode="unsubscribe" /> },
        { path: PATHS.twoFactorSetup, element: <TwoFactorSetupPage /> },
        { path: PATHS.getStarted, element: <GetStartedPage /> },
        { path: PATHS.setUpPage, element: <SetUpPage skippable /> },
        { path: PATHS.installation, element: <SetUpPage skippable={false} /> },
        { path: PATHS.apps, element: <ApplicationsPage /> },
        { path: PATHS.notFound, element: <NotFoundPage /> },
        { path: '*', element: <DefaultViewRoute /> },
      ],
    },
  ]);
