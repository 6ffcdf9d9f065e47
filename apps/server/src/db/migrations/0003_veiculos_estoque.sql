DROP INDEX "veiculos_revenda_lista_idx";--> statement-breakpoint
ALTER TABLE "veiculo_imagens" ADD COLUMN "file_original" text;--> statement-breakpoint
CREATE INDEX "veiculos_revenda_lista_idx" ON "veiculos" USING btree ("revenda_id","veremovido","vevendido","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);