ALTER TABLE "veiculo_integracoes" ADD COLUMN "chave" text;--> statement-breakpoint
ALTER TABLE "veiculo_integracoes" ADD COLUMN "lease_ate" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "veiculo_integracoes" ADD COLUMN "envio" jsonb;--> statement-breakpoint
ALTER TABLE "veiculo_integracoes" ADD COLUMN "desatualizado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "veiculo_integracoes" ADD COLUMN "tentativa_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "veiculo_integracoes" ADD COLUMN "respondido_em" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "veiculo_integracoes_pendentes_idx" ON "veiculo_integracoes" USING btree ("lease_ate") WHERE "veiculo_integracoes"."estado" = 'pendente';--> statement-breakpoint
ALTER TABLE "veiculo_integracoes" ADD CONSTRAINT "veiculo_integracoes_estado_chk" CHECK ("veiculo_integracoes"."estado" in ('pendente','publicado','falhou'));