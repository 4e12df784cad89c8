import type { AnalyticsConfig, LeadScoreRule } from '@app/contracts';
import type { AnalyticsConfigRow } from './analytics.repository.ts';

/** The defaults of migration 0033's row, for a database where it is missing. */
const DEFAULT_CONFIG: AnalyticsConfig = {
  attributionWindowHours: 720,
  defaultAttributionModel: 'first_touch',
  timeDecayHalfLifeHours: 168,
  leadScoreRules: [],
  hotLeadThreshold: 50,
  retentionDays: 395,
  internalIpRanges: [],
  testEmails: [],
  yandexMetricaId: null,
  ga4MeasurementId: null,
};

export function toAnalyticsConfig(row: AnalyticsConfigRow | undefined): AnalyticsConfig {
  if (!row) return DEFAULT_CONFIG;
  return {
    attributionWindowHours: row.attributionWindowHours,
    defaultAttributionModel: row.defaultAttributionModel as AnalyticsConfig['defaultAttributionModel'],
    timeDecayHalfLifeHours: row.timeDecayHalfLifeHours,
    leadScoreRules: row.leadScoreRules as LeadScoreRule[],
    hotLeadThreshold: row.hotLeadThreshold,
    retentionDays: row.retentionDays,
    internalIpRanges: row.internalIpRanges as string[],
    testEmails: row.testEmails as string[],
    yandexMetricaId: row.yandexMetricaId,
    ga4MeasurementId: row.ga4MeasurementId,
  };
}
