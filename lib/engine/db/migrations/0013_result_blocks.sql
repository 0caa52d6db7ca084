CREATE TABLE "result_blocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" text NOT NULL,
	"min_seq" integer NOT NULL,
	"max_seq" integer NOT NULL,
	"seqs" integer[] NOT NULL,
	"body" text NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "result_blocks" ADD CONSTRAINT "result_blocks_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_blocks_batch_idx" ON "result_blocks" USING btree ("batch_id","min_seq");