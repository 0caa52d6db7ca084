CREATE TABLE "batch_links" (
	"child_batch_id" text PRIMARY KEY NOT NULL,
	"parent_batch_id" text NOT NULL,
	"relation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_links" ADD CONSTRAINT "batch_links_child_batch_id_batches_id_fk" FOREIGN KEY ("child_batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_links" ADD CONSTRAINT "batch_links_parent_batch_id_batches_id_fk" FOREIGN KEY ("parent_batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_links_parent_idx" ON "batch_links" USING btree ("parent_batch_id");