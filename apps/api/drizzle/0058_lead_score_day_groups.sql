-- Decision 097, filters: the stored lead-scoring days are computed again with the sessions' channel, source and
-- campaign (the nightly job, or the closing job a settings change sends).
DELETE FROM "lead_score_days";--> statement-breakpoint
CREATE TABLE "lead_score_day_groups" (
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"scored_sessions" integer NOT NULL,
	CONSTRAINT "lead_score_day_groups_pkey" PRIMARY KEY("day","channel","utm_source","utm_campaign")
);
--> statement-breakpoint
ALTER TABLE "lead_score_day_sessions" ADD COLUMN "channel" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_score_day_sessions" ADD COLUMN "utm_source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_score_day_sessions" ADD COLUMN "utm_campaign" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_score_day_sessions" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_score_day_groups" ADD CONSTRAINT "lead_score_day_groups_day_lead_score_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."lead_score_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_score_day_sessions_listed_idx" ON "lead_score_day_sessions" USING btree ("day") WHERE listed;--> statement-breakpoint
-- A session's channel, source, medium (the channel's rule) or campaign changed: its day's stored rows are filed
-- under other filters.
DROP TRIGGER lead_score_days_session_update ON analytics_sessions;
--> statement-breakpoint
CREATE TRIGGER lead_score_days_session_update
AFTER UPDATE OF session_id, created_at, is_internal, channel, utm_source, utm_medium, utm_campaign
ON analytics_sessions
FOR EACH ROW WHEN (least(OLD.created_at, NEW.created_at) < now() - interval '1 day'
  AND (OLD.session_id, OLD.created_at, OLD.is_internal, OLD.channel, OLD.utm_source, OLD.utm_medium, OLD.utm_campaign)
  IS DISTINCT FROM (NEW.session_id, NEW.created_at, NEW.is_internal, NEW.channel, NEW.utm_source, NEW.utm_medium,
                    NEW.utm_campaign))
EXECUTE FUNCTION lead_score_days_on_session();
