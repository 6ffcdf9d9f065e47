-- Its journal date was first generated earlier than 0021's, so a database already at 0021 would have skipped it
-- (drizzle applies only migrations dated after the last one applied); re-dated between 0021 and 0023, and written
-- to be harmless where the first dating already applied it.
ALTER TABLE "revendas" ADD COLUMN IF NOT EXISTS "feed_ativo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "revendas" ADD COLUMN IF NOT EXISTS "feed_slug" text;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "revendas" ADD CONSTRAINT "revendas_feed_slug_key" UNIQUE("feed_slug");
EXCEPTION WHEN duplicate_table OR duplicate_object THEN NULL;
END $$;