import { setupGuideProgress } from '@convo/domain';
import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { safeReferrer } from '../../app/routing/referrer';
import { useLandingPath } from '../../app/routing/use-landing';
import { useSession } from '../../app/session/session-store';
import { storage } from '../../app/storage/safe-storage';
import { STORAGE_KEYS } from '../../app/storage/storage-keys';
import { PageHeader } from '../../components/page-header';
import { fetchOnboarding, onboardingKeys } from './onboarding-api';
import { NS, SetupGuide } from './setup-guide';

/** /welcome and /onboarding: the setup guide. */
export function WelcomePage() {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader title={t('title')} description={t('description')} />
      <SetupGuide />
    </Stack>
  );
}

/**
 * /startingup: where SPEC §2 default-view rule 2 sends a user whose local onboarding data says
 * getStarted. The guide, and a way on that clears the mark (else every page would come back here).
 */
export function StartingUpPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const landing = useLandingPath();
  // Done: the whole guide is ticked, so the mark goes (the page stays until the user moves on).
  const guide = useQuery({
    queryKey: onboardingKeys.guide,
    queryFn: ({ signal }) => fetchOnboarding(signal),
  });
  const complete =
    guide.data !== undefined && setupGuideProgress(guide.data.steps.map((s) => s.state)).percent === 100;
  useEffect(() => {
    if (complete) storage.removeItem(STORAGE_KEYS.onboarding);
  }, [complete]);
  const goOn = () => {
    storage.removeItem(STORAGE_KEYS.onboarding);
    const referrer = safeReferrer(storage.getItem(STORAGE_KEYS.referrer));
    storage.removeItem(STORAGE_KEYS.referrer);
    navigate(referrer ?? landing, { replace: true });
  };
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title={t('startingUp.title')}
        description={t('description')}
        actions={<Button onClick={goOn}>{t('startingUp.continue')}</Button>}
      />
      <SetupGuide />
    </Stack>
  );
}

/**
 * /getstarted (public): signed in, marks the local onboarding data getStarted, so the default view
 * leads to /startingup; signed out, getting started is signing up.
 */
export function GetStartedPage() {
  const navigate = useNavigate();
  const signedIn = useSession() !== null;
  useEffect(() => {
    if (signedIn) storage.setJson(STORAGE_KEYS.onboarding, { getStarted: true });
    navigate(signedIn ? PATHS.startingUp : PATHS.signup, { replace: true });
  }, [navigate, signedIn]);
  return null;
}
