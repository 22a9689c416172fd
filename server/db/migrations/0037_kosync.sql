CREATE TABLE "kosync_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"login" "citext" NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "kosync_devices_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "kosync_documents" (
	"user_id" uuid NOT NULL,
	"document" text NOT NULL,
	"book_id" uuid,
	"percentage" double precision NOT NULL,
	"progress" text NOT NULL,
	"device" text NOT NULL,
	"device_id" text,
	"written_by" uuid,
	"title" text,
	"authors" text,
	"filename" text,
	"invited_segment" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kosync_documents_pk" PRIMARY KEY("user_id","document"),
	CONSTRAINT "kosync_documents_document_hex" CHECK ("kosync_documents"."document" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "kosync_documents_percentage" CHECK ("kosync_documents"."percentage" >= 0 and "kosync_documents"."percentage" <= 1)
);
--> statement-breakpoint
ALTER TABLE "kosync_devices" ADD CONSTRAINT "kosync_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kosync_documents" ADD CONSTRAINT "kosync_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kosync_documents" ADD CONSTRAINT "kosync_documents_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kosync_documents" ADD CONSTRAINT "kosync_documents_written_by_kosync_devices_id_fk" FOREIGN KEY ("written_by") REFERENCES "public"."kosync_devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kosync_devices_user_idx" ON "kosync_devices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "kosync_documents_book_idx" ON "kosync_documents" USING btree ("user_id","book_id","updated_at" DESC NULLS LAST) WHERE "kosync_documents"."book_id" is not null;--> statement-breakpoint
CREATE INDEX "kosync_documents_book_id_idx" ON "kosync_documents" USING btree ("book_id");--> statement-breakpoint
-- A device's position on a linked book shows on that reader's book page, which each process
-- keeps in memory (decision 049): a write of a linked document says whose pages to drop, with
-- migration 0035's function and channel. An unknown document shows on no cached page, and
-- KOReader pushes often: its writes stay silent (decision 053).
CREATE TRIGGER kosync_documents_insert_notify_readers
  AFTER INSERT ON kosync_documents
  FOR EACH ROW WHEN (NEW.book_id IS NOT NULL)
  EXECUTE FUNCTION lisons_notify_reader_user_id();--> statement-breakpoint
CREATE TRIGGER kosync_documents_update_notify_readers
  AFTER UPDATE ON kosync_documents
  FOR EACH ROW WHEN (OLD.book_id IS NOT NULL OR NEW.book_id IS NOT NULL)
  EXECUTE FUNCTION lisons_notify_reader_user_id();--> statement-breakpoint
CREATE TRIGGER kosync_documents_delete_notify_readers
  AFTER DELETE ON kosync_documents
  FOR EACH ROW WHEN (OLD.book_id IS NOT NULL)
  EXECUTE FUNCTION lisons_notify_reader_user_id();--> statement-breakpoint
CREATE TRIGGER kosync_documents_truncate_notify_readers
  AFTER TRUNCATE ON kosync_documents
  FOR EACH STATEMENT EXECUTE FUNCTION lisons_notify_change('lisons_readers');
