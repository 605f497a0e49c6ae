import { BILLING_ROUTE, MODAL_WIDTH_PX } from '@convo/domain';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfig } from '../../../app/config/config-store';
import { logout } from '../../../app/logout';
import { PATHS } from '../../../app/routing/paths';
import { canOpen } from '../../../app/routing/use-landing';
import { useSession } from '../../../app/session/session-store';
import { BlockingModal } from '../../../components/blocking-modal';
import { GetInTouchButton } from '../pages/billing-page';

const NS = 'billing';

/**
 * SPEC §4: the Subscription Required modal over /trial-expired. It cannot be closed: the ways on
 * are to purchase a plan (billing, for those who may open it), get in touch, or log out.
 */
export function SubscriptionRequiredModal() {
  const { t } = useTranslation(NS);
  const { t: tShell } = useTranslation();
  const { variant } = useConfig();
  const session = useSession();
  const navigate = useNavigate();
  const mayBuy = canOpen(session, BILLING_ROUTE);
  return (
    <BlockingModal
      title={t('subscriptionRequired.title')}
      width={MODAL_WIDTH_PX}
      actions={
        <>
          <Button variant="subtle" onClick={() => logout({ redirectTo: PATHS.login })}>
            {tShell('userMenu.logout')}
          </Button>
          <GetInTouchButton />
          {mayBuy ? (
            <Button data-autofocus onClick={() => navigate(BILLING_ROUTE)}>
              {t('subscriptionRequired.purchase')}
            </Button>
          ) : null}
        </>
      }
    >
      <Text>
        {t('subscriptionRequired.trialEnded', { product: tShell('app.name', { context: variant }) })}
      </Text>
      {mayBuy ? null : <Text size="sm">{t('subscriptionRequired.askAdmin')}</Text>}
    </BlockingModal>
  );
}
