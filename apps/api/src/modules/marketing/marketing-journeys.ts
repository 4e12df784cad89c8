import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAttributionService, type AttributionService } from './attribution.service.ts';
import { createFunnelService, type FunnelService } from './funnel.service.ts';
import { createLeadScoringService, type LeadScoringService } from './lead-scoring.service.ts';
import { createTouchpointsService, type TouchpointsService } from './touchpoints.service.ts';

export type MarketingJourneys = {
  funnel: FunnelService;
  attribution: AttributionService;
  touchpoints: TouchpointsService;
  leadScoring: LeadScoringService;
};

/** The journey reports' services (decision 068), wired once by container.ts. */
export function createMarketingJourneys(deps: { db: Db; clock: Clock }): MarketingJourneys {
  return {
    funnel: createFunnelService({ db: deps.db }),
    attribution: createAttributionService({ db: deps.db }),
    touchpoints: createTouchpointsService({ db: deps.db }),
    leadScoring: createLeadScoringService(deps),
  };
}
