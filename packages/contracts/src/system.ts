import { z } from 'zod';

export const PublicConfigResponseSchema = z.object({
  marketingSiteUrl: z.string(),
  telegramBotName: z.string().nullable(),
  supportTelegramUrl: z.string(),
  supportWhatsappUrl: z.string(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponseSchema>;
