import { z } from './zod.ts';

// Module uploads: files attached to orders.

/** Answer of POST /api/upload and /api/upload/public. */
export const UploadResponseSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      size: z.number(),
      mimeType: z.string(),
      /** Proof of upload: the order that attaches the file sends it back in `fileTokens` (decision 022). */
      token: z.string(),
    }),
  ),
});
export type UploadedFile = z.infer<typeof UploadResponseSchema>['items'][number];
