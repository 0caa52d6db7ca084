ALTER TABLE "tasks" ADD COLUMN "name_source" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "archived_at" timestamp with time zone;