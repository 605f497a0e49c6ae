import { z } from 'zod';
import { successEnvelope } from './accounts.js';

// Product API for two-factor sign-in (SPEC §7 "2fa setup, update, generate-qr").

export const twoFactorStatusResponseSchema = successEnvelope(
  z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() }),
);
export const twoFactorQrResponseSchema = successEnvelope(
  z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }),
);
export const twoFactorCodeRequestSchema = z.object({ code: z.string().trim().min(6).max(32) });
export const twoFactorUpdateRequestSchema = twoFactorCodeRequestSchema.extend({ enabled: z.literal(false) });
export const recoveryCodesResponseSchema = successEnvelope(z.object({ recoveryCodes: z.array(z.string()) }));
