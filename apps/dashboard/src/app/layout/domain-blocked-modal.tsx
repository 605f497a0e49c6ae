import { BILLING_ROUTE, DOMAIN_MODAL_WIDTH_PX } from '@convo/domain';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BlockingModal } from '../../components/blocking-modal';
import { useConfig } from '../config/config-store';
import { logout } from '../logout';
import { PATHS } from '../routing/paths';
import { mailtoLink, SUPPORT_EMAIL } from '../support';

/**
 * Blocking modal for a blocked e-mail domain on the free plan (SPEC §2 default view, step 1).
 * It cannot be closed. The way out is to get in touch, to buy a plan (the billing page is exempt
 * from the block, SPEC §5), or to log out.
 */
export function DomainBlockedModal() {
  const { t } = useTranslation();
  const { t: tBilling } = useTranslation('billing');
  const navigate = useNavigate();
  const { variant } = useConfig();
  const product = t('app.name', { context: variant });
  return (
    <BlockingModal
      title={t('domainBlocked.title')}
      width={DOMAIN_MODAL_WIDTH_PX}
      actions={
        <>
          <Button variant="default" onClick={() => logout({ redirectTo: PATHS.login })}>
            {t('userMenu.logout')}
          </Button>
          <Button component="a" href={mailtoLink(SUPPORT_EMAIL, t('domainBlocked.mailSubject'), '')}>
            {t('domainBlocked.getInTouch')}
          </Button>
          <Button variant="light" onClick={() => navigate(BILLING_ROUTE)}>
            {tBilling('subscriptionRequired.purchase')}
          </Button>
        </>
      }
    >
      <Text>{t('domainBlocked.multipleAccounts', { product })}</Text>
    </BlockingModal>
  );
}
