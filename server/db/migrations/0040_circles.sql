CREATE TABLE "circle_members" (
	"circle_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email_reminders" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "circle_members_circle_id_reader_id_pk" PRIMARY KEY("circle_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "circle_reminders" (
	"circle_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"segment" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_reminders_circle_id_reader_id_segment_pk" PRIMARY KEY("circle_id","reader_id","segment")
);
--> statement-breakpoint
CREATE TABLE "circles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_day" date NOT NULL,
	"pace_days" integer NOT NULL,
	"invite_code" text NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circles_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "circles_name_length" CHECK (char_length("circles"."name") between 3 and 60),
	CONSTRAINT "circles_pace" CHECK ("circles"."pace_days" between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_reminders" ADD CONSTRAINT "circle_reminders_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_reminders" ADD CONSTRAINT "circle_reminders_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circles" ADD CONSTRAINT "circles_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_members_reader_idx" ON "circle_members" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "circle_reminders_reader_idx" ON "circle_reminders" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "circles_creator_idx" ON "circles" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "circles_book_idx" ON "circles" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "circles_open_idx" ON "circles" USING btree ("start_day") WHERE "circles"."closed_at" is null;