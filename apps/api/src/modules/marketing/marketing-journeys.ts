import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAttributionService, type AttributionService } from './attribution.service.ts';
import { createJourneyDaysJob, type JourneyDaysJob } from './journey-days-job.ts';
import { createFunnelService, type FunnelService } from './funnel.service.ts';
import { createFunnelDaysJob, type FunnelDaysJob } from './funnel-days-job.ts';
import { createLeadScoreDaysJob, type LeadScoreDaysJob } from './lead-score-days-job.ts';
import { createLeadScoringService, type LeadScoringService } from './lead-scoring.service.ts';
import { reportDb } from './report-db.ts';
import { createTouchpointsService, type TouchpointsService } from './touchpoints.service.ts';

export type MarketingJourneys = {
  funnel: FunnelService;
  attribution: AttributionService;
  touchpoints: TouchpointsService;
  leadScoring: LeadScoringService;
  /** The job's side of attribution and touchpoints per closed day (decision 096): it writes. */
  journeyDays: JourneyDaysJob;
  /** The job's side of lead scoring per closed day (decision 097): it writes. */
  leadScoreDays: LeadScoreDaysJob;
  /** The job's side of the funnel per closed day (decision 098): it writes. */
  funnelDays: FunnelDaysJob;
};

/**
 * The journey reports' services (decision 068), wired once by container.ts. They only read: every statement runs
 * through `reportDb` (decision 084; `reportWorkMemMb` 0 or absent: as it is). The closing job of their stored
 * days writes, on the plain database.
 */
export function createMarketingJourneys(deps: {
  db: Db;
  clock: Clock;
  reportWorkMemMb?: number;
}): MarketingJourneys {
  const db = reportDb(deps.db, deps.reportWorkMemMb ?? 0);
  return {
    funnel: createFunnelService({ db }),
    attribution: createAttributionService({ db }),
    touchpoints: createTouchpointsService({ db }),
    leadScoring: createLeadScoringService({ db, clock: deps.clock }),
    journeyDays: createJourneyDaysJob({ db: deps.db }),
    leadScoreDays: createLeadScoreDaysJob({ db: deps.db, clock: deps.clock }),
    funnelDays: createFunnelDaysJob({ db: deps.db }),
  };
}
