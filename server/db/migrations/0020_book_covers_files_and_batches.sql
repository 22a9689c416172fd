CREATE TABLE "book_cover_files" (
	"book_id" uuid NOT NULL,
	"version" text NOT NULL,
	"variant" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_cover_files_book_id_version_variant_pk" PRIMARY KEY("book_id","version","variant")
);
--> statement-breakpoint
CREATE TABLE "cover_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requested_by" uuid,
	"group_filter" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"book_ids" uuid[] NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cover_batches_progress" CHECK ("cover_batches"."processed" = "cover_batches"."succeeded" + "cover_batches"."failed")
);
--> statement-breakpoint
ALTER TABLE "book_cover_files" ADD CONSTRAINT "book_cover_files_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_batches" ADD CONSTRAINT "cover_batches_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cover_batches_one_running" ON "cover_batches" USING btree ("status") WHERE "cover_batches"."status" = 'running';--> statement-breakpoint
CREATE INDEX "cover_batches_created_idx" ON "cover_batches" USING btree ("created_at" DESC NULLS LAST);