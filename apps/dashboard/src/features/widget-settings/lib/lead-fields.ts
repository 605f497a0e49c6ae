import type { ChatWidgetSettings, LEAD_FIELDS } from '@convo/api';

type PreChat = ChatWidgetSettings['preChatLeadCollection'];
export type LeadField = (typeof LEAD_FIELDS)[number];

/** A required field is always asked: ticking "required" ticks "ask", unticking "ask" unticks "required". */
export function setLeadField(
  value: PreChat,
  field: LeadField,
  change: { enabled?: boolean; required?: boolean },
): PreChat {
  const current = value.fields[field];
  let next = { ...current, ...change };
  if (change.required === true) next = { ...next, enabled: true };
  if (change.enabled === false) next = { ...next, required: false };
  return { ...value, fields: { ...value.fields, [field]: next } };
}
