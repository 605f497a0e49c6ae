import { describe, expect, it } from 'vitest';
import { parseSignupParams } from './signup-params';

describe('parseSignupParams', () => {
  it('reads nothing from a plain signup link', () => {
    expect(parseSignupParams('')).toEqual({
      shopify: false,
      shopUrl: null,
      shopifyAccessToken: null,
      utmSource: null,
      dealSource: null,
      dealCode: null,
      inviteToken: null,
    });
  });

  it('reads a Shopify link', () => {
    const params = parseSignupParams('?shopify=true&shop=store.myshopify.com&shopifyAccessToken=tok');
    expect(params).toMatchObject({
      shopify: true,
      shopUrl: 'store.myshopify.com',
      shopifyAccessToken: 'tok',
    });
  });

  it('marks the deal channel and its code', () => {
    expect(parseSignupParams('?utm_source=appsumo&code=AS-123')).toMatchObject({
      dealSource: 'appsumo',
      dealCode: 'AS-123',
    });
    expect(parseSignupParams('?utm_source=AppSumo&dealCode=X')).toMatchObject({
      dealSource: 'appsumo',
      dealCode: 'X',
    });
  });

  it('does not treat other campaigns as the deal', () => {
    expect(parseSignupParams('?utm_source=newsletter&code=1')).toMatchObject({
      utmSource: 'newsletter',
      dealSource: null,
      dealCode: null,
    });
  });

  it('reads invite and inviteToken', () => {
    expect(parseSignupParams('?invite=abc').inviteToken).toBe('abc');
    expect(parseSignupParams('?inviteToken=def').inviteToken).toBe('def');
  });
});
