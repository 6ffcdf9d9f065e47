ALTER TABLE "revendas" ADD COLUMN "feed_ativo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "revendas" ADD COLUMN "feed_slug" text;--> statement-breakpoint
ALTER TABLE "revendas" ADD CONSTRAINT "revendas_feed_slug_key" UNIQUE("feed_slug");