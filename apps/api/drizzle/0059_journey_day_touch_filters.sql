-- Decision 096, filters: the stored journey days are computed again with their touchpoints per filter.
DELETE FROM "journey_closed_days";--> statement-breakpoint
CREATE TABLE "journey_day_touch_filters" (
	"day" date NOT NULL,
	"mask" smallint NOT NULL,
	"channel" text NOT NULL,
	"utm_source" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"orders" integer NOT NULL,
	"touches" integer NOT NULL,
	CONSTRAINT "journey_day_touch_filters_pkey" PRIMARY KEY("day","mask","channel","utm_source","utm_campaign")
);
--> statement-breakpoint
ALTER TABLE "journey_day_touch_filters" ADD CONSTRAINT "journey_day_touch_filters_day_journey_closed_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."journey_closed_days"("day") ON DELETE cascade ON UPDATE no action;