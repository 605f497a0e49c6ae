import { Alert, Button, List } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { storage } from '../../app/storage/safe-storage';
import { STORAGE_KEYS } from '../../app/storage/storage-keys';
import { AuthLayout } from '../../components/auth-layout';
import { PageLoader } from '../../components/page-loader';
import { BIGCOMMERCE_SIGNUP_SOURCE, parseBigCommerceLink } from './bigcommerce';

/**
 * /bigcommerce?accessToken=…&email=…&storeHash=…: the BigCommerce marketplace's install link.
 * Stores what it carries, marks the signup source, and continues to sign-up with the e-mail filled.
 */
export function BigCommercePage() {
  const { t, ready } = useTranslation('routes');
  const { search } = useLocation();
  const navigate = useNavigate();
  const link = useMemo(() => parseBigCommerceLink(search), [search]);

  useEffect(() => {
    if (!link.ok) return;
    storage.setJson(STORAGE_KEYS.bigCommerce, link.data);
    storage.setItem(STORAGE_KEYS.signupSource, BIGCOMMERCE_SIGNUP_SOURCE);
    navigate(PATHS.signup, { replace: true });
  }, [link, navigate]);

  if (!ready || link.ok) return <PageLoader minHeight="100vh" />;
  return (
    <AuthLayout title={t('bigCommerce.title')}>
      <Alert color="red" variant="light" role="alert" data-testid="bigcommerce-error">
        {t('bigCommerce.incomplete')}
        <List size="sm" mt="xs">
          {link.missing.map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List>
      </Alert>
      <Button component={Link} to={PATHS.signup} fullWidth>
        {t('bigCommerce.toSignup')}
      </Button>
    </AuthLayout>
  );
}
