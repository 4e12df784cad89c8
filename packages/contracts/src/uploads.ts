import { listResponse } from './common.ts';
import type { FilePageCount } from './pricing/page-quote.ts';
import { z } from './zod.ts';

// Module uploads: files attached to orders.

export const FilePageCountSchema: z.ZodType<FilePageCount> = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('counted'),
    pages: z.number().int().min(1),
    characters: z.number().int().min(0).nullable(),
  }),
  z.object({ status: z.literal('uncounted') }),
]);

/** Answer of POST /api/upload and /api/upload/public. */
export const UploadResponseSchema = listResponse(
  z.object({
    id: z.string(),
    name: z.string(),
    size: z.number(),
    mimeType: z.string(),
    /** Proof of upload: the order that attaches the file sends it back in `fileTokens` (decision 022). */
    token: z.string(),
    /** Pages and characters counted at upload (decision 039); `uncounted` when the file could not be read. */
    quote: FilePageCountSchema,
  }),
);
export type UploadedFile = z.infer<typeof UploadResponseSchema>['items'][number];
