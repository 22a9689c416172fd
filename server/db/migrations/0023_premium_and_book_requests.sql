CREATE TABLE "premium_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reader_id" uuid,
	"plan" text NOT NULL,
	"stripe_ref" text NOT NULL,
	"stripe_customer" text,
	"started_at" timestamp with time zone,
	"paid_until" timestamp with time zone,
	"canceled_until" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_purchases_stripe_ref_unique" UNIQUE("stripe_ref"),
	CONSTRAINT "premium_purchases_plan_fields" CHECK (("premium_purchases"."plan" = 'lifetime' and "premium_purchases"."paid_until" is null and "premium_purchases"."canceled_until" is null)
        or ("premium_purchases"."plan" = 'annual' and "premium_purchases"."refunded_at" is null))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"stripe_created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"book_title" text NOT NULL,
	"book_author" text,
	"isbn" text,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_requests_status" CHECK ("book_requests"."status" in ('pending', 'processing', 'completed')),
	CONSTRAINT "book_requests_title" CHECK (char_length("book_requests"."book_title") between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "premium_purchases" ADD CONSTRAINT "premium_purchases_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_requests" ADD CONSTRAINT "book_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "premium_purchases_reader_idx" ON "premium_purchases" USING btree ("reader_id");--> statement-breakpoint
CREATE INDEX "book_requests_reader_idx" ON "book_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "book_requests_status_time_idx" ON "book_requests" USING btree ("status","created_at" DESC NULLS LAST);