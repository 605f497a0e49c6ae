import {
  ACCOUNT_SUSPENDED_ROUTE,
  privilegeForPath,
  type SignupBlock,
  TRIAL_EXPIRED_ROUTE,
} from '@convo/domain';
import { ModalsProvider } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { NotAllowed } from '../../components/not-allowed';
import { PageLoader } from '../../components/page-loader';
import { fetchMe } from '../../features/auth/api/auth-api';
import { FeatureGate } from '../../features/billing/components/feature-gate';
import { useBillingState } from '../../features/billing/hooks/use-billing-state';
import { billingRedirect } from '../../features/billing/lib/billing-redirect';
import { NotFoundPage } from '../../features/not-found/not-found-page';
import { ErrorBoundary } from '../errors/error-boundary';
import { ErrorFallback, notifyRenderError } from '../errors/error-fallback';
import {
  AutomationPage,
  BillingStatePages,
  BotAnalyticsPage,
  BotBuilderListPage,
  BotBuilderPage,
  BotIntegrationsPage,
  BotSuggestionsPage,
  CampaignComposePage,
  CampaignsPage,
  ComponentsPage,
  ConfigurationPage,
  CrmsPage,
  DashboardPage,
  ErrorReportsPage,
  HelpCenterAnswerBotPage,
  HelpCenterArticleEditorPage,
  HelpCenterArticlesPage,
  HelpCenterCustomizationPage,
  HelpPage,
  InboxPage,
  IntegrationDetailsPage,
  IntegrationsPage,
  ManageBotsPage,
  MessageLogsPage,
  MetabasePage,
  PoliciesPage,
  ReportsPage,
  SettingsLayout,
  StartingUpPage,
  UsersPage,
  WaitingQueueStatsPage,
  WelcomePage,
} from '../routing/pages';
import { PATHS } from '../routing/paths';
import { canOpen, useLandingPath } from '../routing/use-landing';
import { getSession, saveSession, useSession } from '../session/session-store';
import { AppLayout } from './app-layout';
import { DomainBlockedModal } from './domain-blocked-modal';

/** An authenticated screen: shown only when the role may open its path. */
function Guarded({ path, children }: { path: string; children: ReactNode }) {
  const session = useSession();
  return canOpen(session, path) ? children : <NotAllowed />;
}

/** Unknown paths inside the container: "not allowed" for a guarded area, else not found. */
function UnknownRoute() {
  const { pathname } = useLocation();
  const session = useSession();
  if (privilegeForPath(pathname) !== null && !canOpen(session, pathname)) return <NotAllowed />;
  return <NotFoundPage />;
}

/** SPEC §4: where the account state sends this screen (trial expired, suspended…), or null. */
function useBillingRedirect(pathname: string): string | null {
  const landing = useLandingPath();
  const state = useBillingState();
  return state.data ? billingRedirect(state.data.state, pathname, landing) : null;
}

function AuthenticatedRoutes() {
  const { pathname } = useLocation();
  const billingTarget = useBillingRedirect(pathname);
  if (billingTarget !== null) return <Navigate to={billingTarget} replace />;
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error) => <ErrorFallback error={error} />}
      onError={notifyRenderError}
    >
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route
            path={PATHS.dashboard}
            element={
              <Guarded path={PATHS.dashboard}>
                <DashboardPage />
              </Guarded>
            }
          />
          {[PATHS.conversations, `${PATHS.conversations}/:groupId`].map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <Guarded path={PATHS.conversations}>
                  <InboxPage />
                </Guarded>
              }
            />
          ))}
          <Route
            path={PATHS.users}
            element={
              <Guarded path={PATHS.users}>
                <UsersPage />
              </Guarded>
            }
          />
          {(
            [
              [PATHS.campaigns, <CampaignsPage key="campaigns" />],
              [PATHS.campaignPlatforms, <CampaignComposePage key="platforms" />],
            ] as const
          ).map(([path, page]) => (
            <Route
              key={path}
              path={path}
              element={
                <Guarded path={path}>
                  <FeatureGate feature="campaigns">{page}</FeatureGate>
                </Guarded>
              }
            />
          ))}
          <Route
            path={PATHS.messageLogs}
            element={
              <Guarded path={PATHS.messageLogs}>
                <FeatureGate feature="messageLogs">
                  <MessageLogsPage />
                </FeatureGate>
              </Guarded>
            }
          />
          <Route
            path={PATHS.waitingQueueStats}
            element={
              <Guarded path={PATHS.waitingQueueStats}>
                <WaitingQueueStatsPage />
              </Guarded>
            }
          />
          {(
            [
              [
                PATHS.reports,
                <FeatureGate key="reports" feature="conversationReports">
                  <ReportsPage />
                </FeatureGate>,
              ],
              [PATHS.metabaseDashboard, <MetabasePage key="metabase" />],
              [PATHS.components, <ComponentsPage key="components" />],
              [PATHS.configuration, <ConfigurationPage key="configuration" />],
              [PATHS.policies, <PoliciesPage key="policies" />],
            ] as const
          ).map(([path, page]) => (
            <Route key={path} path={path} element={<Guarded path={path}>{page}</Guarded>} />
          ))}
          {(
            [
              [PATHS.manageBots, <ManageBotsPage key="manage" />],
              [PATHS.botIntegrations, <BotIntegrationsPage key="integrations" />],
              [PATHS.botBuilderList, <BotBuilderListPage key="builder-list" />],
              [PATHS.botSuggestions, <BotSuggestionsPage key="suggestions" />],
              [PATHS.botAnalytics, <BotAnalyticsPage key="bot-analytics" />],
            ] as const
          ).map(([path, page]) => (
            <Route key={path} path={path} element={<Guarded path={path}>{page}</Guarded>} />
          ))}
          {[PATHS.botBuilder, `${PATHS.botBuilder}/:engine`].map((path) => (
            <Route
              key={path}
              path={path}
              element={
                <Guarded path={PATHS.botBuilder}>
                  <BotBuilderPage />
                </Guarded>
              }
            />
          ))}
          <Route
            path={PATHS.helpCenterContent}
            element={
              <Guarded path={PATHS.helpCenterContent}>
                <HelpCenterArticlesPage />
              </Guarded>
            }
          />
          <Route
            path={`${PATHS.helpCenterContent}/articles/:id`}
            element={
              <Guarded path={PATHS.helpCenterContent}>
                <HelpCenterArticleEditorPage />
              </Guarded>
            }
          />
          <Route
            path={PATHS.helpCenterCustomization}
            element={
              <Guarded path={PATHS.helpCenterCustomization}>
                <HelpCenterCustomizationPage />
              </Guarded>
            }
          />
          <Route
            path={PATHS.helpCenterAnswerBot}
            element={
              <Guarded path={PATHS.helpCenterAnswerBot}>
                <HelpCenterAnswerBotPage />
              </Guarded>
            }
          />
          {/* SPEC §2 /faq and /helpcenter: the help center's content is the one FAQ list. */}
          {(
            [
              [PATHS.integrations, <IntegrationsPage key="hub" view="all" />],
              [PATHS.integrationsAll, <IntegrationsPage key="all" view="all" />],
              [PATHS.messaging, <IntegrationsPage key="messaging" view="messaging" />],
              [PATHS.manageIntegrations, <IntegrationsPage key="manage" view="manage" />],
              [PATHS.integrationDetails, <IntegrationDetailsPage key="details" />],
              [PATHS.automationIntegration, <AutomationPage key="automation" />],
              [PATHS.crmsIntegration, <CrmsPage key="crms" />],
            ] as const
          ).map(([path, page]) => (
            // /messaging and /manage have no privilege of their own: they are the hub's views.
            <Route key={path} path={path} element={<Guarded path={PATHS.integrations}>{page}</Guarded>} />
          ))}
          <Route path={PATHS.faq} element={<Navigate to={PATHS.helpCenterContent} replace />} />
          {/* /bot: the bots section's landing (docs/decisions.md). */}
          <Route path={PATHS.bot} element={<Navigate to={PATHS.manageBots} replace />} />
          <Route path="/helpcenter" element={<Navigate to={PATHS.helpCenterContent} replace />} />
          <Route path={PATHS.help} element={<HelpPage />} />
          <Route path={PATHS.welcome} element={<WelcomePage />} />
          <Route path={PATHS.onboarding} element={<WelcomePage />} />
          <Route path={PATHS.startingUp} element={<StartingUpPage />} />
          <Route path={PATHS.errorReports} element={<ErrorReportsPage />} />
          <Route path={TRIAL_EXPIRED_ROUTE} element={<BillingStatePages.TrialExpired />} />
          <Route path={ACCOUNT_SUSPENDED_ROUTE} element={<BillingStatePages.AccountSuspended />} />
          <Route
            path={HELP_CENTER_BILLING_PATH}
            element={
              <Guarded path={HELP_CENTER_BILLING_PATH}>
                <BillingStatePages.HelpCenterBilling />
              </Guarded>
            }
          />
          <Route path={`${PATHS.settings}/*`} element={<SettingsLayout />} />
          <Route path="*" element={<UnknownRoute />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

/** SPEC §2 /helpcenter/billing: the help-center product's plan, beside its content screens. */
const HELP_CENTER_BILLING_PATH = '/helpcenter/billing';

const SESSION_REFRESH_MS = 5 * 60_000;

/**
 * Re-reads the session from the server: a revoked token logs out (401), and changes made elsewhere
 * (e-mail verified, role changed) reach the stored copy. Other failures are ignored.
 */
function useSessionRefresh(): void {
  const me = useQuery({
    queryKey: ['session', 'me'],
    queryFn: () => fetchMe(),
    staleTime: SESSION_REFRESH_MS,
    refetchInterval: SESSION_REFRESH_MS,
    retry: false,
  });
  useEffect(() => {
    const current = getSession();
    if (me.data !== undefined && current !== null && JSON.stringify(me.data) !== JSON.stringify(current)) {
      saveSession(me.data);
    }
  }, [me.data]);
}

/**
 * The signed-in dashboard container (its own chunk: visitors of the public pages never load it).
 * `blocked`: why the blocked-domain modal covers it instead of the screens; null when it does not.
 */
export function SignedInContainer({ blocked }: { blocked: SignupBlock | null }) {
  useSessionRefresh();
  // The modals manager (confirmations of the signed-in screens) lives here, not in the providers
  // of every page: the sign-in page then loads no Modal (issue 39).
  return (
    <ModalsProvider>
      <AppLayout>
        {blocked !== null ? <DomainBlockedModal reason={blocked} /> : <AuthenticatedRoutes />}
      </AppLayout>
    </ModalsProvider>
  );
}
