// URL parameters of the signup page (SPEC §2 Signup), as a pure reading.

/**
 * The deal channel: a signup link with utm_source=appsumo comes from the AppSumo-style partner deal
 * (SPEC §1 "a partner deal channel"). It marks the signup source as that deal and stores the deal
 * code, read from `dealCode` (or `code`).
 */
export const DEAL_CHANNEL_SOURCE = 'appsumo';

export interface SignupParams {
  /** A Shopify install link (shopify=true or a shop parameter). */
  shopify: boolean;
  shopUrl: string | null;
  shopifyAccessToken: string | null;
  utmSource: string | null;
  /** The deal channel's name when utm_source is the deal channel, else null. */
  dealSource: string | null;
  dealCode: string | null;
  /** invite or inviteToken: an invited signup. */
  inviteToken: string | null;
}

function read(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value === undefined || value === '' ? null : value;
}

export function parseSignupParams(search: string): SignupParams {
  const params = new URLSearchParams(search);
  const shopUrl = read(params, 'shop');
  const shopifyFlag = read(params, 'shopify');
  const utmSource = read(params, 'utm_source');
  const isDeal = utmSource?.toLowerCase() === DEAL_CHANNEL_SOURCE;
  return {
    shopify: shopUrl !== null || (shopifyFlag !== null && shopifyFlag !== 'false' && shopifyFlag !== '0'),
    shopUrl,
    shopifyAccessToken: read(params, 'shopifyAccessToken'),
    utmSource,
    dealSource: isDeal ? DEAL_CHANNEL_SOURCE : null,
    dealCode: isDeal ? (read(params, 'dealCode') ?? read(params, 'code')) : null,
    inviteToken: read(params, 'inviteToken') ?? read(params, 'invite'),
  };
}
