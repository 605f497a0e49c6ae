// Campaigns' calls (SPEC §7 messaging side): the list, the users a campaign may go to, the
// connected senders and WhatsApp templates for the form, the send itself, cancel and the export.

import {
  type CampaignDraftRequest,
  type CampaignSendRequest,
  campaignCancelResponseSchema,
  campaignDraftDeleteResponseSchema,
  campaignDraftResponseSchema,
  campaignListResponseSchema,
  campaignSendersResponseSchema,
  campaignSendResponseSchema,
  campaignTemplatesResponseSchema,
  campaignUsersResponseSchema,
  CAMPAIGN_PATHS as P,
} from '@convo/api';
import type { WhatsAppProvider } from '@convo/domain';
import { apiRequest } from '../../app/api/api-client';
import { downloadFile } from '../../app/api/download';

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (page: number) => ['campaigns', 'list', page] as const,
  users: (q: CampaignUsersQuery) => ['campaigns', 'users', q] as const,
  recipients: (campaignId: string, page: number) => ['campaigns', 'recipients', campaignId, page] as const,
  senders: ['campaigns', 'senders'] as const,
  templates: (provider: WhatsAppProvider | null) => ['campaigns', 'templates', provider] as const,
  draft: (campaignId: string) => ['campaigns', 'draft', campaignId] as const,
};

export const CAMPAIGN_LIST_LIMIT = 10;

export async function fetchCampaigns(page: number, signal?: AbortSignal) {
  return (
    await apiRequest(P.list, {
      family: 'messaging',
      query: { page, limit: CAMPAIGN_LIST_LIMIT },
      schema: campaignListResponseSchema,
      signal,
    })
  ).response;
}

export interface CampaignUsersQuery {
  filter: string;
  page: number;
  lastSeenWithinDays: number | null;
  /** A customer attribute and the value it must hold; ignored without a key. */
  attribute: { key: string; value: string };
}

export async function fetchCampaignUsers(q: CampaignUsersQuery, signal?: AbortSignal) {
  return (
    await apiRequest(P.users, {
      family: 'messaging',
      query: {
        filter: q.filter || undefined,
        page: q.page,
        lastSeenWithinDays: q.lastSeenWithinDays ?? undefined,
        attributeKey: q.attribute.key || undefined,
        attributeValue: q.attribute.key ? q.attribute.value : undefined,
      },
      schema: campaignUsersResponseSchema,
      signal,
    })
  ).response;
}

/** A campaign's recipients with their results, 20 a page. */
export async function fetchRecipients(campaignId: string, page: number, signal?: AbortSignal) {
  return (
    await apiRequest(P.users, {
      family: 'messaging',
      query: { campaignId, page },
      schema: campaignUsersResponseSchema,
      signal,
    })
  ).response;
}

export async function fetchSenders(signal?: AbortSignal) {
  return (await apiRequest(P.senders, { family: 'messaging', schema: campaignSendersResponseSchema, signal }))
    .response;
}

export async function fetchTemplates(provider: WhatsAppProvider, signal?: AbortSignal) {
  return (
    await apiRequest(P.templates, {
      family: 'messaging',
      query: { provider },
      schema: campaignTemplatesResponseSchema,
      signal,
    })
  ).response;
}

export async function sendCampaign(body: CampaignSendRequest) {
  return (
    await apiRequest(P.send, {
      family: 'messaging',
      method: 'POST',
      body,
      schema: campaignSendResponseSchema,
    })
  ).response;
}

/** Saves the form without sending (a new draft, or the given one again). */
export async function saveCampaignDraft(body: CampaignDraftRequest) {
  return (
    await apiRequest(P.draft, {
      family: 'messaging',
      method: 'POST',
      body,
      schema: campaignDraftResponseSchema,
    })
  ).response;
}

export async function fetchCampaignDraft(campaignId: string, signal?: AbortSignal) {
  return (
    await apiRequest(P.draft, {
      family: 'messaging',
      query: { campaignId },
      schema: campaignDraftResponseSchema,
      signal,
    })
  ).response;
}

/** Deletes a draft for good (nothing was sent from it). */
export async function deleteCampaignDraft(campaignId: string) {
  return (
    await apiRequest(P.draft, {
      family: 'messaging',
      method: 'DELETE',
      query: { campaignId },
      schema: campaignDraftDeleteResponseSchema,
    })
  ).response;
}

export async function cancelCampaign(campaignId: string) {
  return (
    await apiRequest(P.cancel, {
      family: 'messaging',
      method: 'POST',
      query: { campaignId },
      schema: campaignCancelResponseSchema,
    })
  ).response;
}

/** The campaign's per-recipient results as a CSV file the browser saves. */
export async function downloadResults(campaignId: string): Promise<void> {
  const query = `?campaignId=${encodeURIComponent(campaignId)}&blob=true`;
  await downloadFile(`${P.users}${query}`, `campaign-${campaignId}.csv`, 'messaging');
}
