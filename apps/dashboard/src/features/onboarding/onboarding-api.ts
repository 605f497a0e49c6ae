import { ONBOARDING_PATHS, type OnboardingFlagsUpdate, onboardingResponseSchema } from '@convo/api';
import { apiRequest } from '../../app/api/api-client';

// The setup guide (GET /api/onboarding) and the member's own onboarding flags (POST).

export const onboardingKeys = { guide: ['onboarding'] as const };

export async function fetchOnboarding(signal?: AbortSignal) {
  return (await apiRequest(ONBOARDING_PATHS.onboarding, { schema: onboardingResponseSchema, signal })).data;
}

export async function updateOnboardingFlags(body: OnboardingFlagsUpdate) {
  return (
    await apiRequest(ONBOARDING_PATHS.onboarding, { method: 'POST', body, schema: onboardingResponseSchema })
  ).data;
}
