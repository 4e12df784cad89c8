import { MESSAGES } from './messages.ts';
import { InnSchema } from './profile.ts';
import { z } from './zod.ts';

// Module suggestions: company requisites by INN and address suggestions for the order form, through the
// suggestions provider (DaData) when it is configured (decision 039).

/** GET /api/suggestions/status: whether the form may offer suggestions (no key: the fields stay manual). */
export const SuggestionsStatusResponseSchema = z.object({ isEnabled: z.boolean() });
export type SuggestionsStatusResponse = z.infer<typeof SuggestionsStatusResponseSchema>;

/** POST /api/suggestions/party: a company or sole trader by its INN. */
export const FindPartyRequestSchema = z.object({ inn: InnSchema });
export type FindPartyRequest = z.infer<typeof FindPartyRequestSchema>;

export const PartySchema = z.object({
  inn: z.string(),
  /** Null for a sole trader (they have no KPP). */
  kpp: z.string().nullable(),
  /** The short name with its legal form: «ООО "Ромашка"». */
  name: z.string(),
  address: z.string().nullable(),
});
export type Party = z.infer<typeof PartySchema>;
/** `party` is null when no organization has that INN. */
export const FindPartyResponseSchema = z.object({ party: PartySchema.nullable() });
export type FindPartyResponse = z.infer<typeof FindPartyResponseSchema>;

/** POST /api/suggestions/address: what the customer has typed of the courier address. */
export const SuggestAddressRequestSchema = z.object({
  query: z
    .string({ message: MESSAGES.suggestionQueryInvalid })
    .trim()
    .min(3, { message: MESSAGES.suggestionQueryInvalid })
    .max(200, { message: MESSAGES.suggestionQueryInvalid }),
});
export type SuggestAddressRequest = z.infer<typeof SuggestAddressRequestSchema>;

export const AddressSuggestionSchema = z.object({
  /** The address as people write it: «г Москва, ул Тверская, д 7». */
  value: z.string(),
  /** [lat, lon] when the provider knows the house; the courier price needs it. */
  coordinates: z.tuple([z.number(), z.number()]).nullable(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestionSchema>;
export const SuggestAddressResponseSchema = z.object({ items: z.array(AddressSuggestionSchema) });
export type SuggestAddressResponse = z.infer<typeof SuggestAddressResponseSchema>;
