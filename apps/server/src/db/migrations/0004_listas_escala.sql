CREATE TABLE "eventos" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"tabela" text NOT NULL,
	"revenda" text,
	"id" text,
	"op" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "usuarios_revenda_idx";--> statement-breakpoint
ALTER TABLE "revendas" ADD COLUMN "plano_ordem" smallint GENERATED ALWAYS AS (case plano when 'basico' then 0 when 'vendedor' then 1 when 'familiar' then 2 when 'showroom' then 3 else 4 end) STORED;--> statement-breakpoint
ALTER TABLE "revendas" ADD COLUMN "nome_ordenacao" text GENERATED ALWAYS AS (lower(translate(penome_fantasia, 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))) STORED;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "nome_ordenacao" text GENERATED ALWAYS AS (lower(translate(nome, 'ÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝáàâãäåéèêëíìîïóòôõöúùûüçñýÿ', 'AAAAAAEEEEIIIIOOOOOUUUUCNYaaaaaaeeeeiiiiooooouuuucnyy'))) STORED;--> statement-breakpoint
CREATE INDEX "eventos_criado_em_idx" ON "eventos" USING btree ("criado_em");--> statement-breakpoint
CREATE INDEX "revendas_lista_idx" ON "revendas" USING btree ("plano_ordem","nome_ordenacao" collate "C","id");--> statement-breakpoint
CREATE INDEX "usuarios_lista_idx" ON "usuarios" USING btree ("revenda_id","nome_ordenacao" collate "C","id");--> statement-breakpoint
CREATE INDEX "usuarios_revenda_idx" ON "usuarios" USING btree ("revenda_id","ativo");