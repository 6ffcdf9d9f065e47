ALTER TABLE "leads" ADD COLUMN "avisado_em" timestamp with time zone;--> statement-breakpoint
-- Leads stored before the notice existed count as notified: a later redelivery must not notify them.
UPDATE "leads" SET "avisado_em" = "created_at";