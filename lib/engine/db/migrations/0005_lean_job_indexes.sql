DROP INDEX "jobs_job_id_idx";--> statement-breakpoint
DROP INDEX "jobs_finished_idx";--> statement-breakpoint
-- Row blocks are written once and read a few times: skip TOAST compression, which cost more than the I/O.
ALTER TABLE "batch_rows" ALTER COLUMN "rows" SET STORAGE EXTERNAL;
