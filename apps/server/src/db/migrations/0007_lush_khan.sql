ALTER TABLE "revenda_integracoes" ADD COLUMN "verificado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "revenda_integracoes" ADD COLUMN "ultimo_erro" text;--> statement-breakpoint
ALTER TABLE "revenda_integracoes" ADD COLUMN "renovar_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "revenda_integracoes" ADD COLUMN "renovacao_por" text;--> statement-breakpoint
ALTER TABLE "revenda_integracoes" ADD COLUMN "renovacao_ate" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "revenda_integracoes_renovar_em_idx" ON "revenda_integracoes" USING btree ("renovar_em");