import { BILLING_ROUTE, type FeatureKey } from '@convo/domain';
import { Alert, Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canOpen } from '../../../app/routing/use-landing';
import { useSession } from '../../../app/session/session-store';
import { LockIcon } from '../../../components/icons';
import { SectionLoader } from '../../../components/page-loader';
import { useBillingState } from '../hooks/use-billing-state';

const NS = 'billing';

/** What a gated screen shows instead of itself: why, and the way to a plan that has it. */
export function UpgradePrompt({ reason }: { reason: 'FEATURE_NOT_AVAILABLE' | 'UPGRADE_TO_LATEST_PRICING' }) {
  const { t } = useTranslation(NS);
  const session = useSession();
  const mayBuy = canOpen(session, BILLING_ROUTE);
  return (
    <Center mih="40vh" p="md" data-testid="upgrade-prompt">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <LockIcon size={40} />
        <Title order={2}>{t('gate.title')}</Title>
        <Text c="dimmed">{reason === 'UPGRADE_TO_LATEST_PRICING' ? t('gate.latest') : t('gate.body')}</Text>
        {mayBuy ? (
          <Button component={Link} to={BILLING_ROUTE}>
            {t('gate.upgrade')}
          </Button>
        ) : (
          <Text size="sm">{t('gate.askAdmin')}</Text>
        )}
      </Stack>
    </Center>
  );
}

/**
 * Shows the children when the plan opens the feature, else the upgrade prompt (never a page whose
 * calls the server would refuse). If the state cannot be read the screen is shown: the server
 * still refuses what the plan does not open.
 */
export function FeatureGate({ feature, children }: { feature: FeatureKey; children: ReactNode }) {
  const { t } = useTranslation(NS);
  const state = useBillingState();
  if (state.isPending) return <SectionLoader label={t('loading')} />;
  const locked = state.data?.lockedFeatures[feature];
  return locked ? <UpgradePrompt reason={locked.reason} /> : children;
}

/** A settings page behind a feature gate (the settings registry wraps the gated pages with it). */
export function gated(feature: FeatureKey, Page: ComponentType): ComponentType {
  const GatedPage = () => (
    <FeatureGate feature={feature}>
      <Page />
    </FeatureGate>
  );
  GatedPage.displayName = `Gated(${feature})`;
  return GatedPage;
}

/** Why the plan refuses the feature, or null when it is open (or the state cannot be read yet). */
export function useLockedFeature(feature: FeatureKey) {
  const state = useBillingState();
  return state.data?.lockedFeatures[feature] ?? null;
}

/**
 * The upgrade prompt inside a screen that stays usable (a field, a channel, an engine the plan does
 * not open): the same words and way to the plans as the full-page prompt; nothing when it is open.
 */
export function UpgradeNotice({ feature }: { feature: FeatureKey }) {
  const { t } = useTranslation(NS);
  const session = useSession();
  const locked = useLockedFeature(feature);
  if (!locked) return null;
  const mayBuy = canOpen(session, BILLING_ROUTE);
  return (
    <Alert
      color="yellow"
      icon={<LockIcon size={18} />}
      title={t('gate.title')}
      data-testid="upgrade-prompt"
      data-feature={feature}
    >
      <Stack gap={4}>
        <Text size="sm">
          {locked.reason === 'UPGRADE_TO_LATEST_PRICING' ? t('gate.latest') : t('gate.body')}
        </Text>
        {mayBuy ? (
          <Anchor component={Link} to={BILLING_ROUTE} size="sm">
            {t('gate.upgrade')}
          </Anchor>
        ) : (
          <Text size="sm">{t('gate.askAdmin')}</Text>
        )}
      </Stack>
    </Alert>
  );
}
