import { scriptSnippet } from '@convo/api';
import { setupGuideProgress } from '@convo/domain';
import { Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../app/config/config-store';
import { useRequiredSession } from '../../app/session/use-required-session';
import { toastError } from '../../app/toasts';
import { CheckIcon } from '../../components/icons';
import { LoadFailed } from '../../components/load-failed';
import { SectionLoader } from '../../components/page-loader';
import { SnippetBlock } from '../widget-settings/components/snippet-block';
import { fetchOnboarding, onboardingKeys } from './onboarding-api';
import { type SetupStep, setupSteps, testPageUrl } from './setup-steps';
import { StarterBotPanel } from './starter-bot';

// The setup guide: every step with its tick, the progress bar, and a way to each step's screen.
// Steps are ticked by the server when the action happens; the guide re-reads them while it is open
// (a widget installed on another site, a reply sent in another tab).

const REFRESH_MS = 5000;

export const NS = 'onboarding';

function InstallDetails() {
  const { t } = useTranslation(NS);
  const { applicationId } = useRequiredSession();
  const { variant } = useConfig();
  const code = scriptSnippet({ origin: window.location.origin, appId: applicationId, variant });
  return (
    <Stack gap="xs">
      <SnippetBlock
        id="setup-script"
        title={t('install.snippetTitle')}
        description={t('install.snippetDescription')}
        code={code}
        copyLabel={t('install.copy')}
      />
      <Group>
        <Button
          component="a"
          href={testPageUrl(applicationId)}
          target="_blank"
          rel="noopener"
          variant="light"
        >
          {t('install.testPage')}
        </Button>
      </Group>
    </Stack>
  );
}

function StepRow({
  step,
  reachedAt,
  index,
}: {
  step: SetupStep;
  reachedAt: number | undefined;
  index: number;
}) {
  const { t, i18n } = useTranslation(NS);
  const done = reachedAt !== undefined;
  const titleId = `setup-step-${step.key}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={titleId}
      data-testid={`setup-step-${step.key}`}
      data-done={done ? 'true' : 'false'}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon
          radius="xl"
          size={28}
          color={done ? 'teal' : 'gray'}
          variant={done ? 'filled' : 'light'}
          aria-hidden
        >
          {done ? <CheckIcon size={16} /> : <Text size="xs">{index + 1}</Text>}
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={2} fz="h5" id={titleId}>
              {t(`steps.${step.key}.title`)}
            </Title>
            {done ? (
              <Badge color="teal" variant="light">
                {t('done', { date: new Date(reachedAt).toLocaleDateString(i18n.language) })}
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                {t('todo')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {t(`steps.${step.key}.description`)}
          </Text>
          {step.key === 'install' && !done && <InstallDetails />}
          {step.key === 'bot' && <StarterBotPanel done={done} />}
          <Group>
            <Button
              component={Link}
              to={step.to}
              size="xs"
              variant={done || step.key === 'bot' ? 'subtle' : 'filled'}
            >
              {t(`steps.${step.key}.action`)}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** The guide's body, shared by /welcome, /onboarding and /startingup. */
export function SetupGuide() {
  const { t, ready } = useTranslation([NS, 'widgetSettings']);
  const guide = useQuery({
    queryKey: onboardingKeys.guide,
    queryFn: ({ signal }) => fetchOnboarding(signal),
    refetchInterval: REFRESH_MS,
  });
  const failed = guide.isError && guide.data === undefined;
  useEffect(() => {
    if (failed) toastError(guide.error);
  }, [failed, guide.error]);

  if (!ready || guide.isPending) return <SectionLoader label={t('loading')} />;
  if (failed) {
    return (
      <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void guide.refetch()} />
    );
  }
  const reached = new Map(guide.data.steps.map((s) => [s.state, s.reachedAt]));
  const progress = setupGuideProgress([...reached.keys()]);
  const steps = setupSteps();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group justify="space-between">
          <Text fw={600} id="setup-progress-label">
            {t('progress', { done: progress.done, total: progress.total })}
          </Text>
          <Text c="dimmed">{progress.percent}%</Text>
        </Group>
        <Progress
          value={progress.percent}
          color={progress.percent === 100 ? 'teal' : undefined}
          aria-labelledby="setup-progress-label"
          data-testid="setup-progress"
        />
        {progress.percent === 100 && <Text c="teal">{t('complete')}</Text>}
      </Stack>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step, index) => (
          <StepRow key={step.state} step={step} index={index} reachedAt={reached.get(step.state)} />
        ))}
      </Stack>
    </Stack>
  );
}
