ALTER TABLE "jobs" DROP CONSTRAINT "jobs_batch_id_batches_id_fk";
