CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"last_occurrence" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
