// /campaign-message/platforms: pick the platforms and each one's message (SPEC §3 campaign state per
// platform: data, isChecked, hasError), the recipients (the application's users paged by 20, search,
// last seen, select-all of the current page, or everyone matching), send now or schedule. A checked
// platform without its message raises its banner (SPEC §4, closed after 15 s); the audience's
// left-out counts (opted out, unreachable) are shown before anything is sent.

import type {
  CampaignDraft,
  CampaignDraftRequest,
  CampaignPlatforms,
  CampaignSender,
  CampaignSendRequest,
  CampaignSendResult,
} from '@convo/api';
import {
  allOnPageSelected,
  CAMPAIGN_ERROR_BANNER_TIMEOUT_MS,
  CAMPAIGN_PLATFORMS,
  type CampaignPlatform,
  type CampaignPlatformData,
  type CampaignPlatformState,
  campaignBanners,
  campaignRecipientsFromCsv,
  emptyCampaignPlatforms,
  MAX_IMAGE_UPLOAD_BYTES,
  markSelected,
  selectAllOnPage,
  toggleCampaignUser,
  type WhatsAppProvider,
} from '@convo/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../app/routing/paths';
import { toast, toastError } from '../../app/toasts';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoader, SectionLoader } from '../../components/page-loader';
import { uploadFile } from '../inbox/api/inbox-api';
import { useTeammates, useTeams } from '../inbox/hooks/use-inbox-data';
import { CampaignPager } from './campaign-pager';
import {
  type CampaignUsersQuery,
  campaignKeys,
  fetchCampaignDraft,
  fetchCampaignUsers,
  fetchSenders,
  fetchTemplates,
  saveCampaignDraft,
  sendCampaign,
} from './campaigns-api';

const NS = 'campaigns';
type Platforms = Record<CampaignPlatform, CampaignPlatformState>;

/** The send request's platforms from the form's checked ones (SPEC §3 names). */
function requestPlatforms(platforms: Platforms): CampaignPlatforms {
  const out: CampaignPlatforms = {};
  for (const p of CAMPAIGN_PLATFORMS) {
    const { isChecked, data } = platforms[p];
    if (!isChecked) continue;
    const image = data.image?.fileMeta
      ? { fileMeta: data.image.fileMeta, fileName: data.image.fileName, message: data.image.message }
      : undefined;
    const text = image
      ? { editorType: 2 as const, textValue: data.textValue ?? '', image }
      : { editorType: 1 as const, textValue: data.textValue ?? '' };
    if (p === 'whatsApp') {
      out.whatsApp = {
        selectedProvider: data.selectedProvider!,
        selectedTemplate: data.selectedTemplate ?? '',
        selectedTemplateData: {
          language: data.selectedTemplateData?.language ?? '',
          parameters: [...(data.selectedTemplateData?.parameters ?? [])],
          ...(data.selectedTemplateData?.header ? { header: data.selectedTemplateData.header } : {}),
          buttons: [...(data.selectedTemplateData?.buttons ?? [])],
        },
        platformName: 'whatsApp',
      };
    } else if (p === 'facebook' || p === 'instagram')
      out[p] = { ...text, selectedPage: data.selectedPage ?? '' };
    else if (p === 'telegram') out.telegram = { ...text, selectedToken: data.selectedToken ?? '' };
    else out[p] = text;
  }
  return out;
}

/** A reopened draft's platforms as the form holds them (a draft keeps each checked one's data). */
function platformsOfDraft(draft: CampaignDraft): Platforms {
  const out = emptyCampaignPlatforms();
  for (const p of CAMPAIGN_PLATFORMS) {
    const data = draft.form.platforms[p];
    // The draft holds what this form saved (the same field names), so it is the form's data again.
    if (data) out[p] = { isChecked: true, hasError: false, data: data as CampaignPlatformData };
  }
  return out;
}

function WhatsAppFields({
  senders,
  data,
  onChange,
}: {
  senders: CampaignSender[];
  data: CampaignPlatformData;
  onChange: (data: CampaignPlatformData) => void;
}) {
  const { t } = useTranslation(NS);
  const provider = data.selectedProvider ?? null;
  const templates = useQuery({
    queryKey: campaignKeys.templates(provider),
    queryFn: ({ signal }) => fetchTemplates(provider as WhatsAppProvider, signal),
    enabled: provider !== null,
  });
  useEffect(() => {
    if (templates.isError) toastError(templates.error);
  }, [templates.isError, templates.error]);
  const list = templates.data ?? [];
  const key = data.selectedTemplate
    ? `${data.selectedTemplate}|${data.selectedTemplateData?.language ?? ''}`
    : null;
  const template = list.find((x) => `${x.name}|${x.language}` === key);
  const parameters = data.selectedTemplateData?.parameters ?? [];
  const chosen = data.selectedTemplateData;
  const setValues = (change: Partial<NonNullable<CampaignPlatformData['selectedTemplateData']>>) =>
    template &&
    onChange({
      ...data,
      selectedTemplateData: { language: template.language, parameters, ...chosen, ...change },
    });
  const headerFormat = template?.header?.format.toUpperCase();
  const headerKind =
    headerFormat === 'IMAGE' || headerFormat === 'DOCUMENT' || headerFormat === 'VIDEO'
      ? (headerFormat.toLowerCase() as 'image' | 'document' | 'video')
      : null;
  const headerTakesText = headerFormat === 'TEXT' && /\{\{\s*\d+\s*\}\}/.test(template?.header?.text ?? '');
  const urlButtons = (template?.buttons ?? []).flatMap((b, index) =>
    b.type.toUpperCase() === 'URL' && /\{\{\s*\d+\s*\}\}/.test(b.url ?? '') ? [{ index, text: b.text }] : [],
  );
  const buttonValue = (index: number) => {
    const found = chosen?.buttons?.find((b) => b.index === index);
    return found?.type === 'url' ? found.text : '';
  };
  return (
    <Stack gap="xs">
      <Select
        label={t('compose.provider')}
        data={senders.map((s) => ({ value: s.provider ?? '', label: `${s.name} (${s.channel})` }))}
        value={provider}
        onChange={(v) => onChange({ selectedProvider: (v as WhatsAppProvider | null) ?? undefined })}
        allowDeselect={false}
      />
      {provider !== null &&
        (templates.isPending ? (
          <SectionLoader label={t('compose.templatesLoading')} />
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('compose.noTemplates')}
          </Text>
        ) : (
          <Select
            label={t('compose.template')}
            placeholder={t('compose.templatePlaceholder')}
            data={list
              .filter((x) => x.status.toLowerCase() === 'approved')
              .map((x) => ({ value: `${x.name}|${x.language}`, label: `${x.name} (${x.language})` }))}
            value={key}
            onChange={(v) => {
              const picked = list.find((x) => `${x.name}|${x.language}` === v);
              onChange({
                ...data,
                selectedTemplate: picked?.name,
                selectedTemplateData: picked
                  ? { language: picked.language, parameters: Array(picked.parameterCount).fill('') }
                  : undefined,
              });
            }}
          />
        ))}
      {template && (
        <>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {template.body}
          </Text>
          {parameters.map((value, i) => (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: parameters are positional ({{1}}, {{2}}…)
              key={i}
              label={t('compose.parameter', { n: `{{${i + 1}}}` })}
              value={value}
              onChange={(e) => {
                const next = [...parameters];
                next[i] = e.currentTarget.value;
                setValues({ parameters: next });
              }}
            />
          ))}
          {headerTakesText && (
            <TextInput
              label={t('compose.headerText')}
              maxLength={60}
              value={chosen?.header?.type === 'text' ? chosen.header.text : ''}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setValues({ header: text.trim() ? { type: 'text', text } : undefined });
              }}
            />
          )}
          {headerKind && (
            <TextInput
              label={t('compose.headerLink', { kind: headerKind })}
              type="url"
              value={chosen?.header && chosen.header.type !== 'text' ? chosen.header.link : ''}
              onChange={(e) => {
                const link = e.currentTarget.value;
                setValues({ header: link.trim() ? { type: headerKind, link } : undefined });
              }}
            />
          )}
          {urlButtons.map((b) => (
            <TextInput
              key={b.index}
              label={t('compose.buttonUrl', { button: b.text })}
              value={buttonValue(b.index)}
              onChange={(e) => {
                const text = e.currentTarget.value;
                const others = (chosen?.buttons ?? []).filter((x) => x.index !== b.index);
                setValues({
                  buttons: text.trim() ? [...others, { index: b.index, type: 'url', text }] : others,
                });
              }}
            />
          ))}
        </>
      )}
    </Stack>
  );
}

function PlatformFields({
  platform,
  senders,
  state,
  onChange,
}: {
  platform: CampaignPlatform;
  senders: CampaignSender[];
  state: CampaignPlatformState;
  onChange: (data: CampaignPlatformData) => void;
}) {
  const { t } = useTranslation(NS);
  if (platform === 'whatsApp')
    return <WhatsAppFields senders={senders} data={state.data} onChange={onChange} />;
  const names = senders.map((s) => s.name);
  return (
    <Stack gap="xs">
      {(platform === 'facebook' || platform === 'instagram') && (
        <Select
          label={t('compose.page')}
          data={names}
          value={state.data.selectedPage ?? null}
          onChange={(v) => onChange({ ...state.data, selectedPage: v ?? undefined })}
        />
      )}
      {platform === 'telegram' && (
        <Select
          label={t('compose.bot')}
          data={names}
          value={state.data.selectedToken ?? null}
          onChange={(v) => onChange({ ...state.data, selectedToken: v ?? undefined })}
        />
      )}
      <Textarea
        label={t('compose.message')}
        placeholder={t('compose.messagePlaceholder')}
        autosize
        minRows={3}
        maxLength={4096}
        value={state.data.textValue ?? ''}
        onChange={(e) => onChange({ ...state.data, editorType: 1, textValue: e.currentTarget.value })}
        data-testid={`campaign-text-${platform}`}
      />
      <ImageField data={state.data} onChange={onChange} />
    </Stack>
  );
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

/** SPEC §3 image {fileMeta, fileName, message}: uploaded at once (SPEC §5: 3 MB at most); the text is its caption. */
function ImageField({
  data,
  onChange,
}: {
  data: CampaignPlatformData;
  onChange: (data: CampaignPlatformData) => void;
}) {
  const { t } = useTranslation(NS);
  const [uploading, setUploading] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type)) return void toast.error(t('compose.imageOnly'));
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) return void toast.error(t('compose.imageTooLarge'));
    setUploading(true);
    try {
      const uploaded = await uploadFile(file);
      onChange({
        ...data,
        editorType: 2,
        image: { fileMeta: { key: uploaded.key }, fileName: uploaded.name, message: '' },
      });
    } catch (error) {
      toastError(error);
    } finally {
      setUploading(false);
    }
  };
  if (data.image?.fileMeta)
    return (
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" style={{ textTransform: 'none', maxWidth: '100%' }}>
          {data.image.fileName}
        </Badge>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => onChange({ ...data, editorType: 1, image: undefined })}
        >
          {t('compose.removeImage')}
        </Button>
      </Group>
    );
  return (
    <FileButton accept={IMAGE_TYPES.join(',')} onChange={(file) => void pick(file)}>
      {(props) => (
        <Button size="xs" variant="default" loading={uploading} w="fit-content" {...props}>
          {t('compose.addImage')}
        </Button>
      )}
    </FileButton>
  );
}

const LAST_SEEN_DAYS = [7, 30, 90];

export function CampaignComposePage() {
  const { t, i18n, ready } = useTranslation(NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The form's key: pressing send twice (or a retried request) creates one campaign.
  const [clientKey] = useState(() => crypto.randomUUID());
  const [name, setName] = useState('');
  const [platforms, setPlatforms] = useState<Platforms>(emptyCampaignPlatforms);
  const [banners, setBanners] = useState<CampaignPlatform[]>([]);
  const [search, setSearch] = useState('');
  const [filter] = useDebouncedValue(search.trim(), 300);
  const [lastSeen, setLastSeen] = useState<number | null>(null);
  const [attributeKey, setAttributeKey] = useState('');
  const [attributeValue, setAttributeValue] = useState('');
  const [debouncedKey] = useDebouncedValue(attributeKey.trim(), 300);
  const [debouncedValue] = useDebouncedValue(attributeValue.trim(), 300);
  const attribute = { key: debouncedKey, value: debouncedValue };
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [sendToAll, setSendToAll] = useState(false);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [team, setTeam] = useState<string | null>(null);
  const teammates = useTeammates();
  const teams = useTeams();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [scheduleAt, setScheduleAt] = useState('');
  const [preview, setPreview] = useState<{ request: CampaignSendRequest; result: CampaignSendResult } | null>(
    null,
  );
  // A reopened draft (?draft=<id>): its form fills this one once; sending it sends that draft.
  const [params] = useSearchParams();
  const [draftId, setDraftId] = useState<string | null>(() => params.get('draft'));
  const [draftLoaded, setDraftLoaded] = useState(false);
  const draft = useQuery({
    queryKey: campaignKeys.draft(params.get('draft') ?? ''),
    queryFn: ({ signal }) => fetchCampaignDraft(params.get('draft')!, signal),
    enabled: params.get('draft') !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (draft.isError) toastError(draft.error);
  }, [draft.isError, draft.error]);
  useEffect(() => {
    if (!draft.data || draftLoaded) return;
    const { form } = draft.data;
    setName(form.name);
    setPlatforms(platformsOfDraft(draft.data));
    setSelected(form.userIds);
    setSendToAll(form.sendMessageToAll);
    setSearch(form.filter.search ?? '');
    setLastSeen(form.filter.lastSeenWithinDays ?? null);
    setAttributeKey(form.filter.attribute?.key ?? '');
    setAttributeValue(form.filter.attribute?.value ?? '');
    setAssignee(form.groupAssignee ?? null);
    setTeam(form.groupAssigneeTeam ?? null);
    if (form.scheduledAt !== undefined && form.scheduledAt > Date.now()) {
      setWhen('later');
      const at = new Date(form.scheduledAt - new Date(form.scheduledAt).getTimezoneOffset() * 60_000);
      setScheduleAt(at.toISOString().slice(0, 16));
    }
    setDraftLoaded(true);
  }, [draft.data, draftLoaded]);

  const senders = useQuery({ queryKey: campaignKeys.senders, queryFn: ({ signal }) => fetchSenders(signal) });
  const query: CampaignUsersQuery = { filter, page, lastSeenWithinDays: lastSeen, attribute };
  const users = useQuery({
    queryKey: campaignKeys.users(query),
    queryFn: ({ signal }) => fetchCampaignUsers(query, signal),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (senders.isError) toastError(senders.error);
  }, [senders.isError, senders.error]);

  // SPEC §8: a campaign banner closes after 15 s.
  useEffect(() => {
    if (banners.length === 0) return;
    const timer = setTimeout(() => setBanners([]), CAMPAIGN_ERROR_BANNER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [banners]);

  const dryRun = useMutation({
    mutationFn: sendCampaign,
    onError: (e) => toastError(e),
  });
  const saveDraft = useMutation({
    mutationFn: saveCampaignDraft,
    onSuccess: (saved) => {
      setDraftId(saved.campaignId);
      toast.success(t('compose.draftSaved'));
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
    onError: (e) => toastError(e),
  });
  const send = useMutation({
    mutationFn: sendCampaign,
    onSuccess: (result) => {
      setPreview(null);
      toast.success(
        result.duplicate
          ? t('compose.duplicate')
          : result.status === 'scheduled'
            ? t('compose.scheduled')
            : t('compose.sent'),
      );
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
      void navigate(PATHS.campaigns);
    },
    onError: (e) => toastError(e),
  });

  if (!ready || (draft.isPending && params.get('draft') !== null)) return <PageLoader />;
  const rows = markSelected(users.data?.result.map((u) => u.userId) ?? [], selected);
  const byId = new Map((users.data?.result ?? []).map((u) => [u.userId, u]));
  const sendersOf = (p: CampaignPlatform) => (senders.data ?? []).filter((s) => s.platform === p);
  const seen = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const setPlatform = (p: CampaignPlatform, next: Partial<CampaignPlatformState>) =>
    setPlatforms((all) => ({ ...all, [p]: { ...all[p], ...next } }));
  const check = (p: CampaignPlatform, isChecked: boolean) => {
    const only = sendersOf(p);
    const first = only.length === 1 ? only[0] : undefined;
    const data = { ...platforms[p].data };
    // One connected account: picked for the admin.
    if (isChecked && first) {
      if (p === 'whatsApp' && !data.selectedProvider && first.provider)
        data.selectedProvider = first.provider;
      if ((p === 'facebook' || p === 'instagram') && !data.selectedPage) data.selectedPage = first.name;
      if (p === 'telegram' && !data.selectedToken) data.selectedToken = first.name;
    }
    setPlatform(p, { isChecked, hasError: false, data });
  };

  const submit = () => {
    const checked = CAMPAIGN_PLATFORMS.filter((p) => platforms[p].isChecked);
    if (checked.length === 0) return toast.warning(t('compose.noPlatform'));
    // With "send to all" the recipients are the server's to check (WhatsApp numbers included).
    const raised = campaignBanners(platforms, sendToAll ? ['*'] : selected);
    setPlatforms((all) => {
      const next = { ...all };
      for (const p of CAMPAIGN_PLATFORMS) next[p] = { ...all[p], hasError: raised.includes(p) };
      return next;
    });
    setBanners(raised);
    if (raised.length > 0) return;
    if (!sendToAll && selected.length === 0) return toast.warning(t('compose.noRecipients'));
    const at = when === 'later' ? new Date(scheduleAt).getTime() : undefined;
    if (at !== undefined && (Number.isNaN(at) || at <= Date.now()))
      return toast.warning(t('compose.scheduleInvalid'));
    const request: CampaignSendRequest = {
      name,
      clientKey,
      platforms: requestPlatforms(platforms),
      userIds: sendToAll ? [] : [...selected],
      sendMessageToAll: sendToAll,
      filter: sendToAll
        ? {
            search: filter || undefined,
            lastSeenWithinDays: lastSeen ?? undefined,
            ...(attribute.key ? { attribute } : {}),
          }
        : {},
      ...(at !== undefined ? { scheduledAt: at } : {}),
      ...(assignee ? { groupAssignee: assignee } : {}),
      ...(team ? { groupAssigneeTeam: team } : {}),
      ...(draftId ? { draftId } : {}),
    };
    dryRun.mutate({ ...request, dryRun: true }, { onSuccess: (result) => setPreview({ request, result }) });
  };

  // Saved as it stands: nothing needs to be complete yet (sending checks everything).
  const keepDraft = () => {
    const at = when === 'later' ? new Date(scheduleAt).getTime() : Number.NaN;
    const checked: CampaignDraftRequest['platforms'] = {};
    for (const p of CAMPAIGN_PLATFORMS) if (platforms[p].isChecked) checked[p] = { ...platforms[p].data };
    saveDraft.mutate({
      ...(draftId ? { campaignId: draftId } : {}),
      name,
      platforms: checked,
      userIds: [...selected],
      sendMessageToAll: sendToAll,
      filter: {
        search: search.trim() || undefined,
        lastSeenWithinDays: lastSeen ?? undefined,
        ...(attributeKey.trim()
          ? { attribute: { key: attributeKey.trim(), value: attributeValue.trim() } }
          : {}),
      },
      ...(Number.isNaN(at) || at <= 0 ? {} : { scheduledAt: at }),
      ...(assignee ? { groupAssignee: assignee } : {}),
      ...(team ? { groupAssigneeTeam: team } : {}),
    });
  };

  const selection = { selected, result: rows };
  // SPEC §5 CSV rules: the file's userId column adds to the selection (unknown ids are refused on send).
  const addFromCsv = async (file: File | null) => {
    if (!file) return;
    const parsed = campaignRecipientsFromCsv(await file.text());
    if (!parsed.ok) {
      toast.error(
        parsed.code === 'MISSING_USER_ID_COLUMN' ? t('compose.csvMissingColumn') : t('compose.csvEmpty'),
      );
      return;
    }
    setSelected((current) => [...new Set([...current, ...parsed.userIds])]);
    toast.success(t('compose.csvAdded', { count: parsed.userIds.length }));
  };
  const total = users.data?.total ?? 0;

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }} maw={1100}>
      <Anchor component={Link} to={PATHS.campaigns} size="sm">
        {t('compose.back')}
      </Anchor>
      <PageHeader title={t('compose.title')} />
      <TextInput
        label={t('compose.name')}
        placeholder={t('compose.namePlaceholder')}
        maxLength={120}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maw={480}
      />

      <Stack gap="xs" component="section" aria-labelledby="campaign-platforms">
        <Title order={2} size="h4" id="campaign-platforms">
          {t('compose.platforms')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('compose.platformsHint')}
        </Text>
        {banners.map((p) => (
          <Alert
            key={p}
            color="red"
            withCloseButton
            closeButtonLabel={t('keep')}
            onClose={() => setBanners((b) => b.filter((x) => x !== p))}
            data-testid={`campaign-banner-${p}`}
          >
            {p === 'whatsApp'
              ? t('compose.bannerWhatsApp')
              : t('compose.banner', { platform: t(`platform.${p}`) })}
          </Alert>
        ))}
        {senders.isPending ? (
          <SectionLoader label={t('loading')} />
        ) : (
          <>
            {(senders.data ?? []).length === 0 && (
              <Text size="sm" c="dimmed">
                {t('compose.noSenders')}{' '}
                <Anchor component={Link} to={PATHS.integrations}>
                  {t('compose.notConnected')}
                </Anchor>
              </Text>
            )}
            {CAMPAIGN_PLATFORMS.map((p) => {
              const state = platforms[p];
              const available = sendersOf(p);
              const disabled = p === 'slack' || available.length === 0;
              return (
                <Paper
                  key={p}
                  withBorder
                  p="sm"
                  style={state.hasError ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
                >
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Checkbox
                      label={t(`platform.${p}`)}
                      checked={state.isChecked}
                      disabled={disabled}
                      // The theme's disabled text is for buttons; a platform that cannot be picked stays readable.
                      styles={disabled ? { label: { color: 'var(--mantine-color-dimmed)' } } : undefined}
                      onChange={(e) => check(p, e.currentTarget.checked)}
                      data-testid={`campaign-platform-${p}`}
                    />
                    {p === 'slack' ? (
                      <Text size="xs" c="dimmed">
                        {t('compose.slackNotice')}
                      </Text>
                    ) : (
                      available.length === 0 && (
                        <Badge variant="light" color="gray">
                          {t('compose.notConnected')}
                        </Badge>
                      )
                    )}
                  </Group>
                  {state.isChecked && (
                    <Stack mt="sm">
                      <PlatformFields
                        platform={p}
                        senders={available}
                        state={state}
                        onChange={(data) => setPlatform(p, { data, hasError: false })}
                      />
                    </Stack>
                  )}
                </Paper>
              );
            })}
          </>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="campaign-recipients">
        <Title order={2} size="h4" id="campaign-recipients">
          {t('compose.recipients')}
        </Title>
        <Group wrap="wrap" gap="sm" align="flex-end">
          <TextInput
            aria-label={t('compose.search')}
            placeholder={t('compose.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 280 }}
          />
          <Select
            aria-label={t('compose.lastSeen')}
            value={lastSeen === null ? 'any' : String(lastSeen)}
            onChange={(v) => {
              setLastSeen(v === null || v === 'any' ? null : Number(v));
              setPage(1);
            }}
            data={[
              { value: 'any', label: t('compose.lastSeenAny') },
              ...LAST_SEEN_DAYS.map((d) => ({
                value: String(d),
                label: t('compose.lastSeenDays', { count: d }),
              })),
            ]}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
          />
          <TextInput
            aria-label={t('compose.attributeKey')}
            placeholder={t('compose.attributeKey')}
            value={attributeKey}
            onChange={(e) => {
              setAttributeKey(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 160 }}
          />
          <TextInput
            aria-label={t('compose.attributeValue')}
            placeholder={t('compose.attributeValue')}
            value={attributeValue}
            onChange={(e) => {
              setAttributeValue(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 160 }}
          />
        </Group>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Checkbox
            label={t('compose.sendToAll', { count: total })}
            checked={sendToAll}
            onChange={(e) => setSendToAll(e.currentTarget.checked)}
          />
          {!sendToAll && (
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed" data-testid="campaign-selected">
                {t('compose.selected', { count: selected.length })}
              </Text>
              {selected.length > 0 && (
                <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
                  {t('compose.clearSelection')}
                </Button>
              )}
              <FileButton
                accept=".csv,text/csv"
                onChange={(file) => void addFromCsv(file)}
                inputProps={{ 'aria-label': t('compose.uploadCsv') }}
              >
                {(props) => (
                  <Button size="xs" variant="default" {...props}>
                    {t('compose.uploadCsv')}
                  </Button>
                )}
              </FileButton>
            </Group>
          )}
        </Group>
        {users.isPending ? (
          <SectionLoader label={t('compose.usersLoading')} />
        ) : users.isError ? (
          <LoadFailed
            message={t('compose.usersFailed')}
            retryLabel={t('retry')}
            onRetry={() => void users.refetch()}
            py="md"
          />
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {filter !== '' || lastSeen !== null || attribute.key !== ''
              ? t('compose.usersNoMatch')
              : t('compose.usersEmpty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" data-testid="campaign-users">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('compose.selectPage')}
                      disabled={sendToAll}
                      checked={sendToAll || allOnPageSelected(rows)}
                      onChange={(e) =>
                        setSelected(selectAllOnPage(selection, e.currentTarget.checked).selected)
                      }
                    />
                  </Table.Th>
                  <Table.Th>{t('compose.columns.name')}</Table.Th>
                  <Table.Th>{t('compose.columns.contact')}</Table.Th>
                  <Table.Th>{t('compose.columns.channel')}</Table.Th>
                  <Table.Th>{t('compose.columns.lastSeen')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  const user = byId.get(row.userId);
                  const label = user?.displayName || row.userId;
                  return (
                    <Table.Tr key={row.userId}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('compose.selectUser', { name: label })}
                          disabled={sendToAll}
                          checked={sendToAll || row.checked}
                          onChange={() => setSelected(toggleCampaignUser(selection, row.userId).selected)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {label}
                        </Text>
                        {user?.optedOut && (
                          <Badge size="xs" color="gray" variant="light">
                            {t('compose.optedOut')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {user?.contactNumber || user?.email || '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{user?.channel ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">
                          {user?.lastSeenTime ? seen.format(user.lastSeenTime) : t('compose.neverSeen')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <CampaignPager total={users.data?.pageNumber ?? 1} value={page} onChange={setPage} />
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="campaign-replies">
        <Title order={2} size="h4" id="campaign-replies">
          {t('compose.replies')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('compose.repliesHint')}
        </Text>
        <Group wrap="wrap" gap="sm">
          <Select
            label={t('compose.assignee')}
            placeholder={t('compose.routedAsUsual')}
            clearable
            searchable
            data={(teammates.data ?? [])
              .filter((u) => u.roleType !== null && u.roleType !== '3')
              .map((u) => ({ value: u.userId, label: u.displayName || u.userId }))}
            value={assignee}
            onChange={(v) => {
              setAssignee(v);
              if (v) setTeam(null);
            }}
            w={{ base: '100%', sm: 260 }}
          />
          <Select
            label={t('compose.team')}
            placeholder={t('compose.routedAsUsual')}
            clearable
            data={(teams.data ?? []).map((x) => ({ value: x.clientGroupId, label: x.teamName }))}
            value={team}
            onChange={(v) => {
              setTeam(v);
              if (v) setAssignee(null);
            }}
            w={{ base: '100%', sm: 260 }}
          />
        </Group>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="campaign-when">
        <Title order={2} size="h4" id="campaign-when">
          {t('compose.when')}
        </Title>
        <SegmentedControl
          aria-label={t('compose.when')}
          value={when}
          onChange={(v) => setWhen(v as 'now' | 'later')}
          data={[
            { value: 'now', label: t('compose.now') },
            { value: 'later', label: t('compose.later') },
          ]}
          w={{ base: '100%', sm: 'auto' }}
        />
        {when === 'later' && (
          <TextInput
            type="datetime-local"
            label={t('compose.scheduleAt')}
            value={scheduleAt}
            onChange={(e) => setScheduleAt(e.currentTarget.value)}
            maw={280}
          />
        )}
      </Stack>

      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={keepDraft}
          loading={saveDraft.isPending}
          data-testid="campaign-save-draft"
        >
          {t('compose.saveDraft')}
        </Button>
        <Button onClick={submit} loading={dryRun.isPending} data-testid="campaign-send">
          {when === 'later' ? t('compose.schedule') : t('compose.send')}
        </Button>
      </Group>

      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title={t('compose.confirmTitle')}
        centered
      >
        {preview && (
          <Stack>
            <Text size="sm" data-testid="campaign-preview">
              {t('compose.confirmBody', {
                total: preview.result.total,
                optedOut: preview.result.optedOut,
                unreachable: preview.result.unreachable,
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>
                {t('compose.back2')}
              </Button>
              <Button
                loading={send.isPending}
                disabled={preview.result.total === 0}
                onClick={() => send.mutate(preview.request)}
                data-testid="campaign-confirm"
              >
                {t('compose.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
