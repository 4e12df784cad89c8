import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Jobs, JobHandlers } from './jobs/jobs.ts';
import type { Clock } from './lib/clock.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCrmAccessService } from './modules/crm-access/crm-access.service.ts';
import { createFormSettingsService } from './modules/form-settings/form-settings.service.ts';
import { createMailRepository } from './modules/mail/mail.repository.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { createPartnerPortalService } from './modules/partner-portal/partner-portal.service.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import type { MailTransport } from './providers/mail.ts';

export type ServiceDeps = {
  config: Config;
  database: Database;
  jobs: Jobs;
  mailTransport: MailTransport;
  clock: Clock;
};

/** Wires every service once; the API and the worker share this. */
export function createServices(deps: ServiceDeps) {
  const { config, database, jobs, mailTransport, clock } = deps;
  const db = database.db;
  const mail = createMailService({ db, repo: createMailRepository(), jobs, transport: mailTransport, clock });
  const auth = createAuthService({ db, repo: createAuthRepository(), mail, config, clock });
  return {
    mail,
    auth,
    profile: createProfileService({ db }),
    crmAccess: createCrmAccessService({ db, clock }),
    partnerPortal: createPartnerPortalService({ db }),
    formSettings: createFormSettingsService({ db, clock }),
    analytics: createAnalyticsService({ db }),
  };
}
export type Services = ReturnType<typeof createServices>;

/** Job name → handler. Later features add theirs here. */
export function createJobHandlers(services: Services): JobHandlers {
  return {
    'send-email': async (data, context) => {
      await services.mail.deliver(String(data.mailId), context);
    },
  };
}
