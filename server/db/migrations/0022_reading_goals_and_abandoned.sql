CREATE TABLE "reading_goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"target" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_goals_user_year_unique" UNIQUE("user_id","year"),
	CONSTRAINT "reading_goals_target_positive" CHECK ("reading_goals"."target" > 0),
	CONSTRAINT "reading_goals_kind" CHECK ("reading_goals"."kind" in ('books', 'pages'))
);
--> statement-breakpoint
ALTER TABLE "reading_progress" ADD COLUMN "abandoned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reading_goals" ADD CONSTRAINT "reading_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;