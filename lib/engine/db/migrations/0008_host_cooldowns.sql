CREATE TABLE "host_cooldowns" (
	"host" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
