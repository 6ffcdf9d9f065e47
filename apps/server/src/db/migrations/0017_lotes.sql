CREATE TABLE "lote_itens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lote_id" uuid NOT NULL,
	"revenda_id" uuid NOT NULL,
	"veiculo_id" uuid NOT NULL,
	"canal" text,
	"estado" text DEFAULT 'aguardando' NOT NULL,
	"motivo" text,
	"revisao" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"lease_ate" timestamp with time zone,
	"proxima_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lote_itens_estado_chk" CHECK ("lote_itens"."estado" in ('aguardando','enviando','publicado','feito','falhou','revisao','cancelado'))
);
--> statement-breakpoint
CREATE TABLE "lotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revenda_id" uuid NOT NULL,
	"usuario_id" uuid,
	"acao" text NOT NULL,
	"canais" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estado" text DEFAULT 'executando' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone,
	CONSTRAINT "lotes_acao_chk" CHECK ("lotes"."acao" in ('publicar','atualizar','retirar','vendido')),
	CONSTRAINT "lotes_estado_chk" CHECK ("lotes"."estado" in ('executando','concluido','cancelado'))
);
--> statement-breakpoint
ALTER TABLE "lote_itens" ADD CONSTRAINT "lote_itens_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote_itens" ADD CONSTRAINT "lote_itens_veiculo_id_veiculos_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "public"."veiculos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lote_itens_lote_idx" ON "lote_itens" USING btree ("lote_id");--> statement-breakpoint
CREATE INDEX "lote_itens_abertos_idx" ON "lote_itens" USING btree ("proxima_em") WHERE "lote_itens"."estado" in ('aguardando','enviando');--> statement-breakpoint
CREATE INDEX "lotes_revenda_idx" ON "lotes" USING btree ("revenda_id","created_at");--> statement-breakpoint
-- Live progress of bulk actions (issue 24 item 2): the progress panel follows the batch and its items without polling.
CREATE TRIGGER lotes_eventos AFTER INSERT OR UPDATE OR DELETE ON lotes FOR EACH ROW EXECUTE FUNCTION intermedio_notificar();
--> statement-breakpoint
CREATE TRIGGER lote_itens_eventos AFTER INSERT OR UPDATE OR DELETE ON lote_itens FOR EACH ROW EXECUTE FUNCTION intermedio_notificar();
