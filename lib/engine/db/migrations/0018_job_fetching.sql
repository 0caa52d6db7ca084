ALTER TABLE "jobs" ADD COLUMN "fetching" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_batch_running_idx" ON "jobs" USING btree ("batch_id","seq") WHERE state = 'running';