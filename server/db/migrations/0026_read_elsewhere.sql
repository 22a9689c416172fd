ALTER TABLE "reading_progress" ADD COLUMN "read_elsewhere_at" timestamp with time zone;--> statement-breakpoint
-- Books imported as read before this column: completed with no validation. They become
-- history (read elsewhere), their status derived from validations again.
UPDATE "reading_progress" SET "read_elsewhere_at" = coalesce("completed_at", "created_at"), "status" = 'to_read', "completed_at" = NULL WHERE "status" = 'completed' AND "segments_validated" = 0 AND NOT EXISTS (SELECT 1 FROM "reading_validations" v WHERE v."progress_id" = "reading_progress"."id");
