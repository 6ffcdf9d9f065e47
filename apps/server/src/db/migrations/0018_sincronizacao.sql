-- Sync of published adverts (issue 24 item 1): the reseller's setting (automatico / perguntar) and when the reseller
-- asked for an advert's update (Atualizar em todos os canais, Tentar de novo).
ALTER TABLE "revendas" ADD COLUMN "sincronizacao" text DEFAULT 'automatico' NOT NULL;--> statement-breakpoint
ALTER TABLE "veiculo_integracoes" ADD COLUMN "sincronizar_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "revendas" ADD CONSTRAINT "revendas_sincronizacao_chk" CHECK ("revendas"."sincronizacao" in ('automatico','perguntar'));