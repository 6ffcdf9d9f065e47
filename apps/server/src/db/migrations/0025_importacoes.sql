CREATE TABLE "importacao_fontes" (
	"importacao_id" uuid PRIMARY KEY NOT NULL,
	"linhas" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "importacao_linhas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"importacao_id" uuid NOT NULL,
	"revenda_id" uuid NOT NULL,
	"numero" integer NOT NULL,
	"acao" text NOT NULL,
	"veiculo" text DEFAULT '' NOT NULL,
	"dados" jsonb,
	"veiculo_id" uuid,
	"resultado" text DEFAULT 'aguardando' NOT NULL,
	"motivo" text,
	"fotos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fotos_pendentes" integer DEFAULT 0 NOT NULL,
	"fotos_falhas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "importacao_linhas_acao_chk" CHECK ("importacao_linhas"."acao" in ('criar','atualizar','ignorar')),
	CONSTRAINT "importacao_linhas_resultado_chk" CHECK ("importacao_linhas"."resultado" in ('aguardando','criado','atualizado','ignorado'))
);
--> statement-breakpoint
CREATE TABLE "importacao_mapeamentos" (
	"revenda_id" uuid NOT NULL,
	"chave" text NOT NULL,
	"mapeamento" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "importacao_mapeamentos_revenda_id_chave_pk" PRIMARY KEY("revenda_id","chave")
);
--> statement-breakpoint
CREATE TABLE "importacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revenda_id" uuid NOT NULL,
	"usuario_id" uuid,
	"origem" text NOT NULL,
	"nome" text NOT NULL,
	"estado" text DEFAULT 'rascunho' NOT NULL,
	"colunas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_linhas" integer DEFAULT 0 NOT NULL,
	"mapeamento" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"motivo" text,
	"lease_ate" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone,
	CONSTRAINT "importacoes_estado_chk" CHECK ("importacoes"."estado" in ('rascunho','importando','concluida','falhou'))
);
--> statement-breakpoint
ALTER TABLE "importacao_fontes" ADD CONSTRAINT "importacao_fontes_importacao_id_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacao_linhas" ADD CONSTRAINT "importacao_linhas_importacao_id_importacoes_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacao_mapeamentos" ADD CONSTRAINT "importacao_mapeamentos_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacoes" ADD CONSTRAINT "importacoes_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "importacao_linhas_numero_idx" ON "importacao_linhas" USING btree ("importacao_id","numero");--> statement-breakpoint
CREATE INDEX "importacoes_revenda_idx" ON "importacoes" USING btree ("revenda_id","created_at");--> statement-breakpoint
-- Live progress of stock imports (issue 27 item 1): the import screen refetches the import on its row's events.
CREATE TRIGGER importacoes_eventos AFTER INSERT OR UPDATE OR DELETE ON importacoes FOR EACH ROW EXECUTE FUNCTION intermedio_notificar();
