CREATE TABLE "monitor_baselines" (
	"monitor_id" text NOT NULL,
	"data_uuid" text NOT NULL,
	"values" jsonb NOT NULL,
	CONSTRAINT "monitor_baselines_monitor_id_data_uuid_pk" PRIMARY KEY("monitor_id","data_uuid")
);
--> statement-breakpoint
CREATE TABLE "monitor_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"monitor_id" text NOT NULL,
	"run_id" text NOT NULL,
	"data_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"field" text,
	"old" jsonb,
	"new" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitor_rows" (
	"monitor_id" text NOT NULL,
	"block" integer NOT NULL,
	"rows" text NOT NULL,
	CONSTRAINT "monitor_rows_monitor_id_block_pk" PRIMARY KEY("monitor_id","block")
);
--> statement-breakpoint
CREATE TABLE "monitor_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"monitor_id" text NOT NULL,
	"batch_id" text,
	"tick_at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"counts" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "monitors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"task_id" text NOT NULL,
	"task_version" integer,
	"sheet_rows" integer DEFAULT 0 NOT NULL,
	"schedule_kind" text NOT NULL,
	"interval_seconds" integer,
	"cron" text,
	"time_zone" text,
	"rule" jsonb NOT NULL,
	"webhook_url" text DEFAULT '' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitor_baselines" ADD CONSTRAINT "monitor_baselines_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_changes" ADD CONSTRAINT "monitor_changes_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_changes" ADD CONSTRAINT "monitor_changes_run_id_monitor_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."monitor_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_runs" ADD CONSTRAINT "monitor_runs_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_runs" ADD CONSTRAINT "monitor_runs_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_changes_monitor_idx" ON "monitor_changes" USING btree ("monitor_id","id");--> statement-breakpoint
CREATE INDEX "monitor_runs_monitor_idx" ON "monitor_runs" USING btree ("monitor_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_runs_one_open_idx" ON "monitor_runs" USING btree ("monitor_id") WHERE finished_at IS NULL;--> statement-breakpoint
CREATE INDEX "monitors_due_idx" ON "monitors" USING btree ("next_run_at") WHERE NOT paused;