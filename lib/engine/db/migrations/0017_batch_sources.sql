CREATE TABLE "batch_source_parts" (
	"batch_id" text NOT NULL,
	"part" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "batch_source_parts_batch_id_part_pk" PRIMARY KEY("batch_id","part")
);
--> statement-breakpoint
CREATE TABLE "batch_sources" (
	"batch_id" text PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"filename" text NOT NULL,
	"options" text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_source_parts" ADD CONSTRAINT "batch_source_parts_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_sources" ADD CONSTRAINT "batch_sources_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;