import * as z from 'zod/mini';

// /document-preview: a file shared by a signed link, opened without signing in. The link names the
// application and file and carries an expiry and a signature (the channel-media link's).

export const documentShareRequestSchema = z.object({ key: z.string().check(z.trim(), z.uuid()) });
export const documentShareResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: z.object({ url: z.string(), expiresAt: z.number() }),
});

export const documentLinkQuerySchema = z.object({
  applicationId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  key: z.string().check(z.trim(), z.uuid()),
  expires: z.coerce.number().check(z.int()),
  signature: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type DocumentLinkQuery = z.infer<typeof documentLinkQuerySchema>;

export const documentPreviewSchema = z.object({
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  createdAtTime: z.number(),
  expiresAt: z.number(),
  /** The file itself (same signature), for the preview and the download button. */
  fileUrl: z.string(),
});
export type DocumentPreview = z.infer<typeof documentPreviewSchema>;
export const documentPreviewResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  data: documentPreviewSchema,
});
