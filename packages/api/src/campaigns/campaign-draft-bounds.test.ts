import { describe, expect, it } from 'vitest';
import { campaignDraftFormSchema } from './campaigns.js';

const deep = (levels: number) => {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('campaign draft bounds', () => {
  it("keeps a campaign draft's platforms within their bound, however deep", () => {
    expect(campaignDraftFormSchema.safeParse({ platforms: { telegram: deep(3) } }).success).toBe(true);
    const parsed = campaignDraftFormSchema.safeParse({ platforms: { telegram: deep(200_000) } });
    expect(parsed.success).toBe(false);
  });
});
