import type { ChatWidgetSettings } from '@convo/api';
import { CSAT_NEW_SCALE, csatLevel } from '@convo/domain';
import { Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormCard, NS, SaveBar, SectionPage, useSectionForm } from './section-page';

type Csat = ChatWidgetSettings['csat'];
const same = (value: Csat): Csat => value;

/** SPEC §9's new 5-point scale, in order. */
export const CSAT_POINTS = [
  { rating: CSAT_NEW_SCALE.BAD, label: 'bad' },
  { rating: CSAT_NEW_SCALE.POOR, label: 'poor' },
  { rating: CSAT_NEW_SCALE.AVERAGE, label: 'average' },
  { rating: CSAT_NEW_SCALE.GOOD, label: 'good' },
  { rating: CSAT_NEW_SCALE.GREAT, label: 'great' },
] as const;

const LEVEL_COLOUR = { poor: 'red.7', average: 'yellow.8', great: 'teal.7' } as const;

/** A face from frowning (1) to smiling (5): the mouth's curve follows the rating. */
function Face({ rating }: { rating: number }) {
  const bend = (rating - 3) * 2.2; // negative frowns, positive smiles
  return (
    <svg
      width={32}
      height={32}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9.5" />
      <circle cx="9" cy="10" r="0.9" fill="currentColor" stroke="none" />
      <circle cx="15" cy="10" r="0.9" fill="currentColor" stroke="none" />
      <path d={`M8 ${15.5 - bend / 2} Q12 ${15.5 + bend} 16 ${15.5 - bend / 2}`} strokeLinecap="round" />
    </svg>
  );
}

function CsatScale() {
  const { t } = useTranslation(NS);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="csat-scale"
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id="csat-scale">
          {t('csat.scaleTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('csat.scaleBody')}
        </Text>
        <SimpleGrid
          cols={{ base: 5 }}
          spacing="xs"
          component="ol"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {CSAT_POINTS.map((point) => {
            const level = csatLevel(point.rating, 'new');
            return (
              <Stack
                key={point.rating}
                component="li"
                align="center"
                gap={4}
                data-testid={`csat-point-${point.rating}`}
              >
                <Text c={LEVEL_COLOUR[level]} lh={0}>
                  <Face rating={point.rating} />
                </Text>
                <Text fw={600} size="sm">
                  {point.rating}
                </Text>
                <Text size="xs" ta="center">
                  {t(`csat.labels.${point.label}`)}
                </Text>
                <Text size="xs" c={LEVEL_COLOUR[level]} fw={600} ta="center">
                  {t(`csat.levels.${level}`)}
                </Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function CsatForm({ settings }: { settings: ChatWidgetSettings }) {
  const { t } = useTranslation(NS);
  const { form, onSubmit, dirty, saving } = useSectionForm({
    section: 'csat',
    initial: settings.csat,
    toForm: same,
    fromForm: same,
  });
  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate>
        <FormCard>
          <Switch label={t('csat.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Switch
            label={t('csat.askComment')}
            description={t('csat.askCommentHint')}
            {...form.getInputProps('askComment', { type: 'checkbox' })}
          />
          <Group>
            <SaveBar dirty={dirty} saving={saving} onDiscard={form.reset} />
          </Group>
        </FormCard>
      </form>
      <CsatScale />
    </Stack>
  );
}

/** /settings/csat-ratings: the rating asked when a conversation is resolved. */
export function CsatRatingsPage() {
  const { t } = useTranslation(NS);
  return (
    <SectionPage slug="csat-ratings" description={t('csat.description')}>
      {(settings) => <CsatForm settings={settings} />}
    </SectionPage>
  );
}
