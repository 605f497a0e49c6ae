import { APP_MODULE_DISPLAY_NAME_MAX, APP_MODULE_NAME_MAX } from '@convo/domain';
import { z } from 'zod';
import { platformOk } from './messaging.js';

// App modules (SPEC §7 "app module edit"): the client apps of one application, each named by the
// `appModuleName` its SDK sends to `register/client`. List, create, edit (display name, team for
// its customers' new conversations, on/off) and delete; answers in the Applozic envelope.

/** Checked against the domain rule in the service, so the message is the rule's own. */
const moduleName = z
  .string()
  .trim()
  .max(APP_MODULE_NAME_MAX * 4);
const displayName = z.string().trim().max(APP_MODULE_DISPLAY_NAME_MAX);
/** A team's key as the teams API gives it (`teamId`); null sends the module's customers nowhere special. */
const teamKey = z.string().trim().min(1).max(190);

export const appModuleSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  teamId: z.string().nullable(),
  teamName: z.string().nullable(),
  enabled: z.boolean(),
  /** End users who registered through this module. */
  userCount: z.number(),
  createdAtTime: z.number(),
  updatedAtTime: z.number(),
});
export type AppModule = z.infer<typeof appModuleSchema>;

export const appModuleListResponseSchema = platformOk(z.array(appModuleSchema));
export const appModuleResponseSchema = platformOk(appModuleSchema);

export const appModuleCreateRequestSchema = z.object({
  name: moduleName,
  displayName: displayName.optional(),
  teamId: teamKey.nullable().optional(),
});
export type AppModuleCreateRequest = z.input<typeof appModuleCreateRequestSchema>;

/** `appmodule/edit`: the module named; only the fields given change. */
export const appModuleEditRequestSchema = z
  .object({
    name: moduleName,
    displayName: displayName.optional(),
    teamId: teamKey.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .refine((b) => b.displayName !== undefined || b.teamId !== undefined || b.enabled !== undefined, {
    message: 'Give displayName, teamId or enabled to change',
  });
export type AppModuleEditRequest = z.input<typeof appModuleEditRequestSchema>;

export const appModuleDeleteQuerySchema = z.object({ name: moduleName });
export const appModuleDeleteResponseSchema = platformOk(
  z.object({ deleted: z.literal(true), usersDetached: z.number() }),
);
