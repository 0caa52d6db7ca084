CREATE TABLE "batch_rows" (
	"batch_id" text NOT NULL,
	"block" integer NOT NULL,
	"rows" text NOT NULL,
	CONSTRAINT "batch_rows_batch_id_block_pk" PRIMARY KEY("batch_id","block")
);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "next_ord" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;