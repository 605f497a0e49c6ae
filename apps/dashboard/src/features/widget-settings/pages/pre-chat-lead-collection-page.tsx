import { type ChatWidgetSettings, LEAD_FIELDS } from '@convo/api';
import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '@convo/domain';
import { Checkbox, Switch, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LeadField, setLeadField } from '../lib/lead-fields';
import { FormCard, NS, SaveBar, SectionPage, useSectionForm } from './section-page';

type PreChat = ChatWidgetSettings['preChatLeadCollection'];
const same = (value: PreChat): PreChat => value;

function PreChatForm({ settings }: { settings: ChatWidgetSettings }) {
  const { t } = useTranslation(NS);
  const { form, onSubmit, dirty, saving } = useSectionForm({
    section: 'preChatLeadCollection',
    initial: settings.preChatLeadCollection,
    toForm: same,
    fromForm: same,
  });
  const change = (field: LeadField, patch: { enabled?: boolean; required?: boolean }) =>
    form.setFieldValue('fields', setLeadField(form.values, field, patch).fields);

  return (
    <form onSubmit={onSubmit} noValidate>
      <FormCard>
        <Switch
          label={t('preChatLeadCollection.enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <TextInput
          label={t('preChatLeadCollection.title')}
          maxLength={200}
          {...form.getInputProps('title')}
        />
        <Table maw={460} aria-label={t('preChatLeadCollection.fieldsLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('preChatLeadCollection.field')}</Table.Th>
              <Table.Th>{t('preChatLeadCollection.ask')}</Table.Th>
              <Table.Th>{t('preChatLeadCollection.required')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {LEAD_FIELDS.map((field) => {
              const state = form.values.fields[field];
              const fieldName = t(`preChatLeadCollection.fields.${field}`);
              return (
                <Table.Tr key={field}>
                  <Table.Td>{t(`preChatLeadCollection.fieldNames.${field}`)}</Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('preChatLeadCollection.askField', { field: fieldName })}
                      checked={state.enabled}
                      onChange={(e) => change(field, { enabled: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('preChatLeadCollection.requireField', { field: fieldName })}
                      checked={state.required}
                      onChange={(e) => change(field, { required: e.currentTarget.checked })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {form.values.fields.phone.enabled && (
          <Text size="xs" c="dimmed">
            {t('preChatLeadCollection.phoneRule', { min: PHONE_MIN_LENGTH, max: PHONE_MAX_LENGTH })}
          </Text>
        )}
        <SaveBar dirty={dirty} saving={saving} onDiscard={form.reset} />
      </FormCard>
    </form>
  );
}

/** /settings/pre-chat-lead-collection: a form (name, e-mail, phone) before the first message. */
export function PreChatLeadCollectionPage() {
  const { t } = useTranslation(NS);
  return (
    <SectionPage slug="pre-chat-lead-collection" description={t('preChatLeadCollection.description')}>
      {(settings) => <PreChatForm settings={settings} />}
    </SectionPage>
  );
}
