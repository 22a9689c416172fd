-- The hand-made queue of decision 013: unused since decision 017 moved the jobs to pg-boss
-- (its own schema, pgboss), and never read or written since.
DROP TABLE "jobs" CASCADE;
