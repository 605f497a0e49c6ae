import type { ChatWidgetSettings } from '@convo/api';
import { isWithinBusinessHours } from '@convo/domain';
import { Alert, Box, Checkbox, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  asBusinessHours,
  type BusinessHoursForm as Form,
  formPathOf,
  fromBusinessHoursForm,
  toBusinessHoursForm,
} from '../lib/business-hours-form';
import { FormCard, NS, SaveBar, SectionPage, useSectionForm } from './section-page';

/** Every IANA zone the browser knows, with UTC (some browsers leave it out of the list). */
function timeZones(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort();
}

function useWeekdayNames(): (day: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
      weekday: 'long',
      timeZone: 'UTC',
    });
    // 2024-01-07 was a Sunday (day 0).
    return (day: number) => format.format(new Date(Date.UTC(2024, 0, 7 + day)));
  }, [i18n.resolvedLanguage, i18n.language]);
}

function BusinessHoursFormView({ settings }: { settings: ChatWidgetSettings }) {
  const { t } = useTranslation(NS);
  const weekday = useWeekdayNames();
  const { form, onSubmit, dirty, saving } = useSectionForm({
    section: 'businessHours',
    initial: settings.businessHours,
    toForm: toBusinessHoursForm,
    fromForm: fromBusinessHoursForm,
    formPathOf,
  });
  const zones = useMemo(() => timeZones(settings.businessHours.timeZone), [settings.businessHours.timeZone]);
  const values: Form = form.values;
  const weekError = form.errors.week;
  const draft = fromBusinessHoursForm(values);
  const draftValid = draft.days.length > 0 && Object.keys(form.errors).length === 0;
  const openNow = draftValid ? isWithinBusinessHours(asBusinessHours(draft), new Date()) : null;

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormCard>
        <Switch label={t('businessHours.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Select
          maw={360}
          searchable
          allowDeselect={false}
          label={t('businessHours.timeZone')}
          description={t('businessHours.timeZoneHint')}
          data={zones}
          limit={400}
          {...form.getInputProps('timeZone')}
        />
        <Stack gap={6}>
          <Text fw={500} size="sm" id="business-days-label">
            {t('businessHours.days')}
          </Text>
          {/* One row per weekday; on a phone the times wrap under the day. */}
          <Stack gap={0} role="group" aria-labelledby="business-days-label">
            {values.week.map((row, index) => {
              const name = weekday(row.day);
              return (
                <Group
                  key={row.day}
                  data-testid={`day-${row.day}`}
                  gap="xs"
                  py={6}
                  wrap="wrap"
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Box w={150}>
                    <Checkbox
                      label={name}
                      aria-label={t('businessHours.openOn', { day: name })}
                      {...form.getInputProps(`week.${index}.open`, { type: 'checkbox' })}
                      onChange={(event) => {
                        form.setFieldValue(`week.${index}.open`, event.currentTarget.checked);
                        form.clearFieldError('week');
                      }}
                    />
                  </Box>
                  {row.open ? (
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <TextInput
                        type="time"
                        w={128}
                        aria-label={t('businessHours.opens', { day: name })}
                        {...form.getInputProps(`week.${index}.from`)}
                      />
                      <Text mt={6} aria-hidden="true">
                        –
                      </Text>
                      <TextInput
                        type="time"
                        w={128}
                        aria-label={t('businessHours.closes', { day: name })}
                        {...form.getInputProps(`week.${index}.to`)}
                      />
                    </Group>
                  ) : (
                    <Text c="dimmed" size="sm">
                      {t('businessHours.closed')}
                    </Text>
                  )}
                </Group>
              );
            })}
          </Stack>
          {typeof weekError === 'string' && (
            <Alert color="red" role="alert" data-testid="business-days-error" py="xs">
              {weekError}
            </Alert>
          )}
        </Stack>
        <Text size="sm" c="dimmed" aria-live="polite">
          {!values.enabled
            ? t('businessHours.alwaysOpen')
            : openNow === null
              ? null
              : openNow
                ? t('businessHours.nowOpen')
                : t('businessHours.nowClosed')}
        </Text>
        <SaveBar dirty={dirty} saving={saving} onDiscard={form.reset} />
      </FormCard>
    </form>
  );
}

/** /settings/business-hours: days and hours in a time zone; outside them the away message shows. */
export function BusinessHoursPage() {
  const { t } = useTranslation(NS);
  return (
    <SectionPage slug="business-hours" description={t('businessHours.description')}>
      {(settings) => <BusinessHoursFormView settings={settings} />}
    </SectionPage>
  );
}
