ALTER TABLE "tasks" ADD COLUMN "worker_key" integer;--> statement-breakpoint
CREATE INDEX "tasks_running_idx" ON "tasks" USING btree ("worker_key") WHERE "tasks"."status" = 'STARTED';