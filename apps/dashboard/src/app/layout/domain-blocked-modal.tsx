import { BILLING_ROUTE, DOMAIN_MODAL_WIDTH_PX, SIGNUP_BLOCK, type SignupBlock } from '@convo/domain';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BlockingModal } from '../../components/blocking-modal';
import { useConfig } from '../config/config-store';
import { logout } from '../logout';
import { PATHS } from '../routing/paths';
import { mailtoLink, SUPPORT_EMAIL } from '../support';

/**
 * Blocking modal for an account blocked by its e-mail domain (SPEC §2 default view, step 1), with
 * SPEC §8's message for the reason: multiple accounts on the domain (a disposable domain on the free
 * plan) or frequent sign-ups (stored at sign-up, while on the trial or free plan). It cannot be
 * closed. The way out is to get in touch, to buy a plan (the billing page is exempt from the block,
 * SPEC §5), or to log out.
 */
export function DomainBlockedModal({ reason }: { reason: SignupBlock }) {
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
      <Text>
        {reason === SIGNUP_BLOCK.FREQUENT_SIGNUPS
          ? t('domainBlocked.frequentSignups', { product })
          : t('domainBlocked.multipleAccounts', { product })}
      </Text>
    </BlockingModal>
  );
}
