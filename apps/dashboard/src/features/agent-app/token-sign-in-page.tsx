import { Alert, Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api/api-error';
import { PATHS } from '../../app/routing/paths';
import { saveSession } from '../../app/session/session-store';
import { translateMessage } from '../../app/translate-message';
import { AuthLayout } from '../../components/auth-layout';
import { PageLoader } from '../../components/page-loader';
import { exchangeMobileSignIn } from './agent-app-api';

/**
 * /t/:token, SPEC §2's `{token}` route: the single-use link of the agent app's QR code. The phone
 * that opens it is signed in as the member who showed the code, and lands in the inbox.
 */
export function TokenSignInPage() {
  const { t, ready } = useTranslation('routes');
  const { t: tc } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  // A query, not a mutation: the token is spent on first use, so it must be sent once.
  const result = useQuery({
    queryKey: ['mobile-sign-in', token],
    queryFn: () => exchangeMobileSignIn(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const session = result.data;
  useEffect(() => {
    if (!session) return;
    saveSession(session);
    navigate(PATHS.conversations, { replace: true });
  }, [session, navigate]);

  if (!ready || !result.isError) return <PageLoader minHeight="100vh" />;
  return (
    <AuthLayout title={t('tokenSignIn.failedTitle')}>
      <Alert color="red" variant="light" role="alert" data-testid="token-sign-in-error">
        {isApiError(result.error) ? translateMessage(result.error.message) : tc('messages.genericRetry')}
      </Alert>
      <Button component={Link} to={PATHS.login} fullWidth>
        {t('tokenSignIn.toLogin')}
      </Button>
    </AuthLayout>
  );
}
