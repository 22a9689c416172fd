CREATE TABLE "book_chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	CONSTRAINT "book_chats_content_length" CHECK (char_length("book_chats"."content") between 1 and 500),
	CONSTRAINT "book_chats_removed" CHECK (("book_chats"."removed_at" is null) = ("book_chats"."removed_by" is null))
);
--> statement-breakpoint
CREATE TABLE "chat_reports" (
	"message_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "chat_reports_message_id_reporter_id_pk" PRIMARY KEY("message_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reader_id" uuid,
	"room" text,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_one_audience" CHECK (("live_events"."reader_id" is null) <> ("live_events"."room" is null))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"reader_id" uuid PRIMARY KEY NOT NULL,
	"weekly_digest_email" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"actor_id" uuid,
	"type" text NOT NULL,
	"book_id" uuid,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_recipient_dedupe_unique" UNIQUE("recipient_id","dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "book_chats" ADD CONSTRAINT "book_chats_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_chats" ADD CONSTRAINT "book_chats_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_message_id_book_chats_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."book_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_chats_room_time_idx" ON "book_chats" USING btree ("book_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "book_chats_author_idx" ON "book_chats" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "chat_reports_open_idx" ON "chat_reports" USING btree ("created_at") WHERE "chat_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "live_events_reader_idx" ON "live_events" USING btree ("reader_id","id") WHERE "live_events"."reader_id" is not null;--> statement-breakpoint
CREATE INDEX "live_events_room_idx" ON "live_events" USING btree ("room","id") WHERE "live_events"."room" is not null;--> statement-breakpoint
CREATE INDEX "live_events_time_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_recipient_time_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id","type") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- Every live event is said on 'lisons_live' to every process (docs/decisions/019), which
-- passes it to its own connections of that reader or room. A payload must stay under
-- PostgreSQL's 8000 bytes: a larger event is said without its data, fetched by id.
CREATE OR REPLACE FUNCTION lisons_notify_live() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  payload text := json_build_object('id', NEW.id::text, 'reader', NEW.reader_id, 'room', NEW.room,
    'kind', NEW.kind, 'data', NEW.data)::text;
BEGIN
  IF octet_length(payload) > 7900 THEN
    payload := json_build_object('id', NEW.id::text, 'reader', NEW.reader_id, 'room', NEW.room,
      'kind', NEW.kind)::text;
  END IF;
  PERFORM pg_notify('lisons_live', payload);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER live_events_notify AFTER INSERT ON live_events
  FOR EACH ROW EXECUTE FUNCTION lisons_notify_live();
