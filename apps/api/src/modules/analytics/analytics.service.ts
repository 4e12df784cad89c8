import type {
  AnalyticsEventRequest,
  AnalyticsSessionRequest,
  ConversionRequest,
  FunnelStageRequest,
} from '@app/contracts';
import { sanitizeAnalyticsFormData } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../lib/principal.ts';
import type { AnalyticsRepository } from './analytics.repository.ts';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

const utmOf = (input: {
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  utmContent?: string | null;
  utmTerm?: string | null;
}) => {
  const utm = {
    source: input.utmSource ?? null,
    medium: input.utmMedium ?? null,
    campaign: input.utmCampaign ?? null,
    content: input.utmContent ?? null,
    term: input.utmTerm ?? null,
  };
  return Object.values(utm).some(Boolean) ? utm : null;
};

/** Stores what the public pages report. The caller's user id comes from the session, never from the body. */
export function createAnalyticsService(deps: { db: Db; repo: AnalyticsRepository }) {
  const { db, repo } = deps;
  const userIdOf = (principal: Principal | null) => (principal?.kind === 'user' ? principal.userId : null);

  return {
    async recordSession(principal: Principal | null, input: AnalyticsSessionRequest): Promise<void> {
      await repo.upsertSession(db, {
        sessionId: input.sessionId,
        landingPage: input.landingPage ?? null,
        referer: input.referer ?? null,
        userAgent: input.userAgent ?? null,
        deviceType: input.deviceType ?? null,
        browserName: input.browserName ?? null,
        operatingSystem: input.operatingSystem ?? null,
        utmSource: input.utmSource ?? null,
        utmMedium: input.utmMedium ?? null,
        utmCampaign: input.utmCampaign ?? null,
        utmContent: input.utmContent ?? null,
        utmTerm: input.utmTerm ?? null,
        clickIds:
          input.gclid || input.yclid || input.fbclid
            ? { gclid: input.gclid ?? null, yclid: input.yclid ?? null, fbclid: input.fbclid ?? null }
            : null,
        userId: userIdOf(principal),
      });
    },

    async recordEvent(principal: Principal | null, input: AnalyticsEventRequest): Promise<void> {
      await repo.insertEvent(db, {
        sessionId: input.sessionId,
        eventType: input.eventType,
        eventCategory: input.eventCategory ?? null,
        eventAction: input.eventAction ?? null,
        eventLabel: input.eventLabel ?? null,
        eventValue: input.eventValue ?? null,
        pagePath: input.pagePath ?? null,
        pageTitle: input.pageTitle ?? null,
        formData: input.formData ? sanitizeAnalyticsFormData(input.formData) : null,
        isConversion: input.isConversion ?? false,
        userId: userIdOf(principal),
      });
    },

    async recordConversion(input: ConversionRequest): Promise<void> {
      await repo.insertConversion(db, {
        sessionId: input.sessionId,
        conversionType: input.conversionType,
        conversionValue: input.conversionValue ?? null,
        orderId: input.orderId ?? null,
      });
    },

    async recordFunnelStage(principal: Principal | null, input: FunnelStageRequest): Promise<void> {
      await repo.insertFunnelStage(db, {
        sessionId: input.sessionId,
        stage: input.stage,
        source: input.source ?? null,
        value: input.value ?? null,
        metadata: input.metadata ?? null,
        userId: userIdOf(principal),
        orderId: input.orderId ?? null,
        utm: utmOf(input),
      });
    },
  };
}
