// What every chat-widget settings page shares: the heading, the loading and error states of the
// settings document, and a form over one section that saves that section alone.

import { type ChatWidgetSection, type ChatWidgetSettings, chatWidgetSettingsSchema } from '@convo/api';
import { ERROR_CODES } from '@convo/domain';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import type { SettingsSlug } from '../../../app/routing/settings-paths';
import { toast, toastError } from '../../../app/toasts';
import { translateMessage } from '../../../app/translate-message';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { useChatWidgetSettings, useSaveChatWidgetSection } from '../hooks/use-chat-widget-settings';
import { type FieldProblem, validationProblems } from '../lib/validation-problems';

export const NS = 'widgetSettings';

/** The translated text of a validation problem. */
export function useProblemText(): (problem: FieldProblem) => string {
  const { t } = useTranslation(NS);
  return (problem) => t(`errors.${problem.key}`, problem.values ?? {});
}

interface PageHeadingProps {
  slug: SettingsSlug;
  description: ReactNode;
}

export function PageHeading({ slug, description }: PageHeadingProps) {
  const { t } = useTranslation();
  return <PageHeader title={t(`settingsNav.pages.${slug}`)} description={description} />;
}

function SettingsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-label={t('common.loading')} data-testid="settings-loading">
      <Skeleton h={36} w="60%" />
      <Skeleton h={36} />
      <Skeleton h={36} />
      <Skeleton h={36} w="40%" />
    </Stack>
  );
}

interface SectionPageProps {
  slug: SettingsSlug;
  description: ReactNode;
  /** Rendered once the document has loaded. */
  children: (settings: ChatWidgetSettings) => ReactNode;
}

/** Heading, then a skeleton while the document loads, an error with a retry, or the page. */
export function SectionPage({ slug, description, children }: SectionPageProps) {
  const { t, ready } = useTranslation(NS);
  const query = useChatWidgetSettings();
  if (!ready) return <PageLoader />;
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeading slug={slug} description={description} />
      {query.isPending ? (
        <SettingsSkeleton />
      ) : query.isError ? (
        <Alert color="red" title={t('common.loadError')} role="alert">
          <Button variant="light" color="red" mt="xs" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}

/** Form values: a plain object type (type aliases, not interfaces, satisfy it). */
export type FormValues = Record<string, unknown>;

export interface SectionFormOptions<S extends ChatWidgetSection, F extends FormValues> {
  section: S;
  initial: ChatWidgetSettings[S];
  /** Document section → form values (identity for most pages). */
  toForm: (value: ChatWidgetSettings[S]) => F;
  /** Form values → document section. */
  fromForm: (values: F) => ChatWidgetSettings[S];
  /** Where a problem found at a document path shows in the form; default: the same path. */
  formPathOf?: (docPath: string, value: ChatWidgetSettings[S]) => string | null;
}

export interface SectionForm<F extends FormValues> {
  form: UseFormReturnType<F, F, (values: F) => FormErrors>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  dirty: boolean;
  saving: boolean;
}

/**
 * A Mantine form over one section, validated by the contract's own schema (messages translated),
 * saved with a PATCH of that section; the save button stays off until something changed.
 */
export function useSectionForm<S extends ChatWidgetSection, F extends FormValues>(
  options: SectionFormOptions<S, F>,
): SectionForm<F> {
  const { section, initial, toForm, fromForm, formPathOf } = options;
  const { t } = useTranslation(NS);
  const problemText = useProblemText();
  const save = useSaveChatWidgetSection(section);
  const schema = chatWidgetSettingsSchema.shape[section];

  const form = useForm<F, F, FormErrors>({
    initialValues: toForm(initial),
    validateInputOnBlur: true,
    validate: (values: F): FormErrors => {
      const doc = fromForm(values);
      const errors: Record<string, string> = {};
      for (const problem of validationProblems(schema, doc)) {
        const path = formPathOf ? formPathOf(problem.path, doc) : problem.path;
        if (path !== null && errors[path] === undefined) errors[path] = problemText(problem);
      }
      return errors;
    },
  });

  const onSubmit = form.onSubmit(
    (values) => {
      save.mutate(fromForm(values), {
        onSuccess: (saved) => {
          const next = toForm(saved[section]);
          form.setInitialValues(next);
          form.setValues(next);
          form.resetDirty(next);
          toast.success(t('common.saved'));
        },
        onError: (error) => {
          // Field problems the server found (the client checks the same schema, so rare).
          const details =
            isApiError(error) && error.code === ERROR_CODES.INVALID_PARAMETER ? error.details : null;
          const first = Array.isArray(details)
            ? (details[0] as { message?: unknown } | undefined)
            : undefined;
          if (typeof first?.message === 'string') toast.error(translateMessage(first.message));
          else toastError(error);
        },
      });
    },
    (errors) => {
      const first = Object.values(errors).find((message) => typeof message === 'string');
      if (typeof first === 'string') toast.error(first, { id: `invalid-${section}` });
    },
  );

  return { form, onSubmit, dirty: form.isDirty(), saving: save.isPending };
}

/** Save (off until changed), discard, and the unsaved-changes mark. */
export function SaveBar({
  dirty,
  saving,
  onDiscard,
}: {
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Group gap="sm" justify="flex-start" wrap="wrap">
      <Button type="submit" disabled={!dirty} loading={saving}>
        {t('common.save')}
      </Button>
      {dirty && (
        <Button type="button" variant="subtle" onClick={onDiscard} disabled={saving}>
          {t('common.discard')}
        </Button>
      )}
      <div aria-live="polite">
        {dirty && (
          <Badge variant="light" color="yellow" data-testid="unsaved-changes">
            {t('common.unsaved')}
          </Badge>
        )}
      </div>
    </Group>
  );
}

/** The bordered card a settings form sits in. */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}
