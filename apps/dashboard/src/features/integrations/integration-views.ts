import {
  DEFAULT_INTEGRATION_CATEGORY,
  INTEGRATION_CATEGORIES,
  INTEGRATION_TYPES,
  type Integration,
  type IntegrationCategory,
  type IntegrationType,
} from '@convo/api';

// Pure rules of the hub's screens (SPEC §2): which integrations a view lists, the category filter
// (default 'all'), and the paths between the screens.

export const INTEGRATION_SCREEN_PATHS = {
  hub: '/integrations',
  all: '/integrations/all',
  details: '/integration-details',
  messaging: '/messaging',
  manage: '/manage',
  /** The automation connector (REST hooks for Zapier, Make, n8n): SPEC §2 /integrations/automation-analytics. */
  automation: '/integrations/automation-analytics',
  /** CRMs and helpdesks (Zendesk, HubSpot, Salesforce): SPEC §2 /integrations/crms. */
  crms: '/integrations/crms',
} as const;

/** all: every integration; messaging: the messaging channels; manage: the ones connected (or failing). */
export type IntegrationView = 'all' | 'messaging' | 'manage';
export type CategoryFilter = IntegrationCategory | typeof DEFAULT_INTEGRATION_CATEGORY;

/** The category filter read from the URL: a known category, else 'all'. */
export function categoryFilterOf(value: string | null): CategoryFilter {
  return (INTEGRATION_CATEGORIES as readonly string[]).includes(value ?? '')
    ? (value as IntegrationCategory)
    : DEFAULT_INTEGRATION_CATEGORY;
}

/** The categories worth offering: those of the integrations this server runs. */
export function categoriesOf(items: readonly Integration[]): IntegrationCategory[] {
  return INTEGRATION_CATEGORIES.filter((c) => items.some((i) => i.category === c));
}

export function visibleIntegrations(
  items: readonly Integration[],
  view: IntegrationView,
  category: CategoryFilter,
): Integration[] {
  return items.filter(
    (i) =>
      (category === DEFAULT_INTEGRATION_CATEGORY || i.category === category) &&
      (view !== 'messaging' || i.category === 'messaging') &&
      (view !== 'manage' || i.status !== 'not_connected'),
  );
}

export function integrationTypeOf(value: string | null): IntegrationType | null {
  return (INTEGRATION_TYPES as readonly string[]).includes(value ?? '') ? (value as IntegrationType) : null;
}

export const detailsPath = (type: IntegrationType) => `${INTEGRATION_SCREEN_PATHS.details}?type=${type}`;

/** Badge colour of a status. */
export const STATUS_COLOR: Readonly<Record<Integration['status'], string>> = {
  connected: 'green',
  error: 'red',
  disabled: 'gray',
  not_connected: 'gray',
};
