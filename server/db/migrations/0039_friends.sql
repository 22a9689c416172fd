CREATE TABLE "friend_quest_members" (
	"reader_id" uuid NOT NULL,
	"week" date NOT NULL,
	"quest_id" uuid NOT NULL,
	CONSTRAINT "friend_quest_members_reader_id_week_pk" PRIMARY KEY("reader_id","week")
);
--> statement-breakpoint
CREATE TABLE "friend_quests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"week" date NOT NULL,
	"proposer_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"target" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"xp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "friend_quests_once" UNIQUE("proposer_id","partner_id","week"),
	CONSTRAINT "friend_quests_not_self" CHECK ("friend_quests"."proposer_id" <> "friend_quests"."partner_id"),
	CONSTRAINT "friend_quests_figures" CHECK ("friend_quests"."target" > 0 and "friend_quests"."done" between 0 and "friend_quests"."target")
);
--> statement-breakpoint
CREATE TABLE "friend_streaks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reader_a" uuid NOT NULL,
	"reader_b" uuid NOT NULL,
	"invited_by" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"started_on" date,
	"a_read_on" date,
	"b_read_on" date,
	"a_nudged_on" date,
	"b_nudged_on" date,
	"current" integer DEFAULT 0 NOT NULL,
	"best" integer DEFAULT 0 NOT NULL,
	"freezes" integer DEFAULT 0 NOT NULL,
	"judged_through" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "friend_streaks_pair_unique" UNIQUE("reader_a","reader_b"),
	CONSTRAINT "friend_streaks_pair_order" CHECK ("friend_streaks"."reader_a" < "friend_streaks"."reader_b"),
	CONSTRAINT "friend_streaks_inviter" CHECK ("friend_streaks"."invited_by" in ("friend_streaks"."reader_a", "friend_streaks"."reader_b")),
	CONSTRAINT "friend_streaks_figures" CHECK ("friend_streaks"."current" >= 0 and "friend_streaks"."best" >= "friend_streaks"."current" and "friend_streaks"."freezes" between 0 and 2),
	CONSTRAINT "friend_streaks_started" CHECK ("friend_streaks"."status" = 'pending' or ("friend_streaks"."started_on" is not null and "friend_streaks"."judged_through" is not null))
);
--> statement-breakpoint
ALTER TABLE "friend_quest_members" ADD CONSTRAINT "friend_quest_members_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_quest_members" ADD CONSTRAINT "friend_quest_members_quest_id_friend_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."friend_quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_quests" ADD CONSTRAINT "friend_quests_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_quests" ADD CONSTRAINT "friend_quests_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_streaks" ADD CONSTRAINT "friend_streaks_reader_a_users_id_fk" FOREIGN KEY ("reader_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_streaks" ADD CONSTRAINT "friend_streaks_reader_b_users_id_fk" FOREIGN KEY ("reader_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friend_streaks" ADD CONSTRAINT "friend_streaks_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "friend_quest_members_quest_idx" ON "friend_quest_members" USING btree ("quest_id");--> statement-breakpoint
CREATE INDEX "friend_quests_partner_idx" ON "friend_quests" USING btree ("partner_id","week");--> statement-breakpoint
CREATE INDEX "friend_streaks_reader_b_idx" ON "friend_streaks" USING btree ("reader_b");