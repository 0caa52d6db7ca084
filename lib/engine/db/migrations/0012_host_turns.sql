CREATE TABLE "host_turns" (
	"host" text PRIMARY KEY NOT NULL,
	"last_turn" timestamp with time zone NOT NULL,
	"turn" text NOT NULL
);
