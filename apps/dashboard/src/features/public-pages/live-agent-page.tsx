import { Anchor, Box, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { joinUrl } from '../../app/api/api-error';
import { useConfig } from '../../app/config/config-store';
import { PATHS } from '../../app/routing/paths';
import { AuthLayout } from '../../components/auth-layout';
import { PageLoader } from '../../components/page-loader';

/** The chat frame alone (the iframe snippet's embedded mode), for an application id. */
export function liveAgentFrameUrl(apiBaseUrl: string, appId: string): string {
  return joinUrl(apiBaseUrl, `/widget/frame.html?appId=${encodeURIComponent(appId)}&mode=embedded`);
}

/**
 * /live-agent?appId=…: a full-page chat with a company's support team, anyone may open it. Without
 * an appId it is the operator's own support application. The notification and third-party area is
 * hidden on this path (SPEC §2), so the page is the chat and nothing else.
 */
export function LiveAgentPage() {
  const { t, ready } = useTranslation('routes');
  const { search } = useLocation();
  const { apiBaseUrl, supportAppId } = useConfig();
  const appId = new URLSearchParams(search).get('appId')?.trim() || supportAppId;

  if (!ready) return <PageLoader minHeight="100vh" />;
  if (!appId) {
    return (
      <AuthLayout title={t('liveAgent.title')}>
        <Stack gap="sm" role="alert" data-testid="live-agent-missing">
          <Text>{t('liveAgent.noApp')}</Text>
          <Anchor component={Link} to={PATHS.help}>
            {t('liveAgent.toHelp')}
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <Box component="main" h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <VisuallyHidden>
        <h1>{t('liveAgent.title')}</h1>
      </VisuallyHidden>
      <iframe
        title={t('liveAgent.title')}
        src={liveAgentFrameUrl(apiBaseUrl, appId)}
        allow="autoplay"
        style={{ border: 0, flex: 1, width: '100%' }}
        data-testid="live-agent-frame"
      />
    </Box>
  );
}
