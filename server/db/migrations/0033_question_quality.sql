CREATE TABLE "question_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_reports_question_reader_unique" UNIQUE("question_id","reader_id")
);
--> statement-breakpoint
ALTER TABLE "reading_validations" ADD COLUMN "wrong_answers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_question_id_reading_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."reading_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_reports_reader_idx" ON "question_reports" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "reading_validations_question_idx" ON "reading_validations" USING btree ("question_id");