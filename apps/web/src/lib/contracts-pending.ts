/**
 * Payloads the API answers that packages/contracts does not describe yet. Each one is to move into the
 * contracts (as a zod schema) and be imported from '@app/contracts' instead; this file then goes away.
 */

/** GET /api/config/public — to become `PublicConfigResponseSchema` in contracts. */
export type PublicConfigResponse = {
  marketingSiteUrl: string;
  telegramBotName: string | null;
  supportTelegramUrl: string;
  supportWhatsappUrl: string;
};
