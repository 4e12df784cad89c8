import { z } from './zod.ts';
import { LanguageSchema } from './form-settings.ts';
import { PARTNER_MESSAGES } from './messages-partner.ts';

// Module widgets (issue 20): an integrator's embeddable price calculator. One script tag on the partner's site
// shows the calculator (prices from our API) and hands the visitor over to our order form with the partner
// attributed (decision 072).

export const WIDGET_LIMITS = {
  nameMax: 100,
  domainsMax: 20,
  /** Live widgets per partner. */
  widgetsMax: 20,
  /** Documents in one quote, and copies of one document. */
  quoteLinesMax: 20,
  quantityMax: 99,
} as const;

/**
 * A host name the widget may run on: `example.ru`, `shop.example.ru`, `*.example.ru` (any subdomain, not the
 * domain itself), `localhost`, or an IPv4 address. Lower case, no scheme, port or path.
 */
export const WIDGET_DOMAIN_PATTERN =
  /^(\*\.)?(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Does `hostname` (of a page's Origin) match one of the allowed domains? Ports never matter. */
export function widgetDomainAllowed(hostname: string, allowedDomains: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowedDomains.some((domain) =>
    domain.startsWith('*.')
      ? host.endsWith(domain.slice(1)) && host.length > domain.length - 1
      : host === domain,
  );
}

const hexColor = z
  .string({ message: PARTNER_MESSAGES.widgetColorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: PARTNER_MESSAGES.widgetColorInvalid })
  .toLowerCase();

/** The widget's colours; the defaults keep 4.5:1 contrast (white text on the accent). */
export const WidgetThemeSchema = z.object({
  accentColor: hexColor.default('#1864ab'),
  textColor: hexColor.default('#212529'),
  backgroundColor: hexColor.default('#ffffff'),
});
export type WidgetTheme = z.infer<typeof WidgetThemeSchema>;
/** The stored colours as answered (no defaults or normalising: responses are only serialized). */
const WidgetThemeResponseSchema = z.object({
  accentColor: z.string(),
  textColor: z.string(),
  backgroundColor: z.string(),
});

const domainField = z
  .string({ message: PARTNER_MESSAGES.widgetDomainInvalid })
  .trim()
  .toLowerCase()
  .regex(WIDGET_DOMAIN_PATTERN, { message: PARTNER_MESSAGES.widgetDomainInvalid });

export const WidgetUpsertRequestSchema = z.object({
  name: z
    .string({ message: PARTNER_MESSAGES.widgetNameRequired })
    .trim()
    .min(1, { message: PARTNER_MESSAGES.widgetNameRequired })
    .max(WIDGET_LIMITS.nameMax, { message: PARTNER_MESSAGES.widgetNameRequired }),
  allowedDomains: z
    .array(domainField)
    .min(1, { message: PARTNER_MESSAGES.widgetDomainsRequired })
    .max(WIDGET_LIMITS.domainsMax, { message: PARTNER_MESSAGES.widgetDomainsTooMany })
    .transform((domains) => [...new Set(domains)]),
  theme: WidgetThemeSchema,
});
export type WidgetUpsertRequest = z.input<typeof WidgetUpsertRequestSchema>;

export const WidgetSchema = z.object({
  id: z.string(),
  name: z.string(),
  allowedDomains: z.array(z.string()),
  theme: WidgetThemeResponseSchema,
  /** The referral link code the hand-over clicks (its clicks and orders show in the partner's analytics). */
  linkCode: z.string(),
  archived: z.boolean(),
  createdAt: z.string(),
  /** Hand-overs (clicks) and orders attributed through the widget. */
  clicks: z.number().int(),
  orders: z.number().int(),
});
export type Widget = z.infer<typeof WidgetSchema>;
export const WidgetListResponseSchema = z.object({ items: z.array(WidgetSchema) });
export type WidgetListResponse = z.infer<typeof WidgetListResponseSchema>;

/** What the embedded script loads: colours and the calculator's catalogue (documents with prices, languages). */
export const WidgetPublicConfigSchema = z.object({
  id: z.string(),
  theme: WidgetThemeResponseSchema,
  documents: z.array(z.object({ id: z.string(), name: z.string(), price: z.number() })),
  languages: z.array(LanguageSchema),
});
export type WidgetPublicConfig = z.infer<typeof WidgetPublicConfigSchema>;

/**
 * The calculator's selection in a query string: `docs=<documentId>:<quantity>,…`, optional `from`/`to` language
 * codes. A GET, so the cross-origin call needs no preflight.
 */
export const WidgetSelectionQuerySchema = z.object({
  docs: z
    .string({ message: PARTNER_MESSAGES.widgetSelectionInvalid })
    .max(WIDGET_LIMITS.quoteLinesMax * 45, { message: PARTNER_MESSAGES.widgetSelectionInvalid })
    .transform((value, ctx) => {
      const lines = value
        .split(',')
        .filter(Boolean)
        .map((part) => {
          const [documentId = '', quantity = ''] = part.split(':');
          return { documentId, quantity: Number(quantity) };
        });
      const valid =
        lines.length >= 1 &&
        lines.length <= WIDGET_LIMITS.quoteLinesMax &&
        lines.every(
          (line) =>
            z.uuid().safeParse(line.documentId).success &&
            Number.isInteger(line.quantity) &&
            line.quantity >= 1 &&
            line.quantity <= WIDGET_LIMITS.quantityMax,
        ) &&
        new Set(lines.map((line) => line.documentId)).size === lines.length;
      if (!valid) {
        ctx.addIssue({ code: 'custom', message: PARTNER_MESSAGES.widgetSelectionInvalid });
        return z.NEVER;
      }
      return lines;
    }),
  from: z.string().trim().max(10).optional(),
  to: z.string().trim().max(10).optional(),
});
export type WidgetSelection = z.output<typeof WidgetSelectionQuerySchema>;

export const WidgetQuoteResponseSchema = z.object({
  lines: z.array(z.object({ name: z.string(), quantity: z.number().int(), total: z.number() })),
  /** Rubles, as the order form's summary shows them (no delivery; the form adds it). */
  total: z.number(),
  /** Where «Оформить заказ» goes: our /w/{id} hand-over with the selection. */
  orderUrl: z.string(),
});
export type WidgetQuoteResponse = z.infer<typeof WidgetQuoteResponseSchema>;
