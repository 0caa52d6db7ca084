CREATE TABLE "api_rate_buckets" (
	"key_id" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL
);
