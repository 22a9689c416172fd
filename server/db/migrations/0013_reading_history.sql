ALTER TABLE "reading_progress" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
-- XP for a validated segment is keyed by the segment, no longer by the validation row, so a
-- segment can never be paid twice, whatever happens to the list.
UPDATE "xp_events" x SET "source_key" = 'segment:' || v."book_id" || ':' || v."segment"
FROM "reading_validations" v
WHERE x."source_key" = 'validation:' || v."id";
