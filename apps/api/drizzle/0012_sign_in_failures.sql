CREATE TABLE "sign_in_failures" (
	"realm" text NOT NULL,
	"login" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "sign_in_failures_realm_login_pk" PRIMARY KEY("realm","login")
);
