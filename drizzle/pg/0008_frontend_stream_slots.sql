CREATE TABLE "frontend_stream_processes" (
	"process_id" text PRIMARY KEY NOT NULL,
	"alive_until" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frontend_stream_slots" (
	"session_id" text NOT NULL,
	"slot" integer NOT NULL,
	"process_id" text NOT NULL,
	"opened_at" text NOT NULL,
	CONSTRAINT "frontend_stream_slots_session_id_slot_pk" PRIMARY KEY("session_id","slot")
);
--> statement-breakpoint
ALTER TABLE "frontend_stream_slots" ADD CONSTRAINT "frontend_stream_slots_session_id_frontend_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "frontend_sessions"("session_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "frontend_stream_slots_process_idx" ON "frontend_stream_slots" USING btree ("process_id");