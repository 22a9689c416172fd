ALTER TABLE "books" ADD COLUMN "isbn13" text;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "books_isbn13_idx" ON "books" USING btree ("isbn13");--> statement-breakpoint
CREATE INDEX "books_title_author_idx" ON "books" USING btree ("title_folded","author_folded");--> statement-breakpoint
CREATE INDEX "books_unconfirmed_idx" ON "books" USING btree ("created_at","id") WHERE not "books"."confirmed";