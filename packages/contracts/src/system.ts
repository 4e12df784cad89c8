import { z } from './zod.ts';

export const PublicConfigResponseSchema = z.object({
  marketingSiteUrl: z.string(),
  telegramBotName: z.string().nullable(),
  supportTelegramUrl: z.string(),
  supportWhatsappUrl: z.string(),
  /** Yandex Maps JS API v3 key; without it the pickup map offers Leaflet (or the list alone). */
  yandexMapsApiKey: z.string().nullable(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponseSchema>;
