CREATE TABLE "lead_mensagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"revenda_id" uuid NOT NULL,
	"autor" text NOT NULL,
	"texto" text NOT NULL,
	"estado" text DEFAULT 'recebida' NOT NULL,
	"chave" text,
	"lease_ate" timestamp with time zone,
	"erro" text,
	"usuario_id" uuid,
	"enviada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_mensagens_autor_chk" CHECK ("lead_mensagens"."autor" in ('comprador','revenda')),
	CONSTRAINT "lead_mensagens_estado_chk" CHECK ("lead_mensagens"."estado" in ('recebida','enviando','enviada','falhou'))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revenda_id" uuid NOT NULL,
	"canal" text NOT NULL,
	"id_externo" text NOT NULL,
	"tipo" text DEFAULT 'lead' NOT NULL,
	"veiculo_id" uuid,
	"id_anuncio" text,
	"nome" text,
	"email" text,
	"telefone" text,
	"mensagem" text,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"estado" text DEFAULT 'novo' NOT NULL,
	"estado_por" uuid,
	"estado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atribuido_a" uuid,
	"bruto" jsonb,
	"anonimizado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_estado_chk" CHECK ("leads"."estado" in ('novo','em_atendimento','respondido','convertido','perdido')),
	CONSTRAINT "leads_tipo_chk" CHECK ("leads"."tipo" in ('lead','pergunta','proposta'))
);
--> statement-breakpoint
ALTER TABLE "lead_mensagens" ADD CONSTRAINT "lead_mensagens_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_veiculo_id_veiculos_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "public"."veiculos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_mensagens_lead_idx" ON "lead_mensagens" USING btree ("lead_id","enviada_em");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_mensagens_chave_uq" ON "lead_mensagens" USING btree ("lead_id","chave");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_canal_externo_uq" ON "leads" USING btree ("canal","id_externo");--> statement-breakpoint
CREATE INDEX "leads_revenda_idx" ON "leads" USING btree ("revenda_id","recebido_em");--> statement-breakpoint
CREATE INDEX "leads_veiculo_idx" ON "leads" USING btree ("veiculo_id");--> statement-breakpoint
-- Leads (issue 26): live inbox. A conversation message names its LEAD in the event (as veiculo_integracoes names its
-- vehicle), so an open lead page refetches that lead; other tables unchanged.
CREATE OR REPLACE FUNCTION intermedio_notificar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  linha jsonb;
  v_revenda text;
  v_id text;
  v_seq bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN linha := to_jsonb(OLD); ELSE linha := to_jsonb(NEW); END IF;
  v_revenda := CASE WHEN TG_TABLE_NAME = 'revendas' THEN linha->>'id' ELSE linha->>'revenda_id' END;
  v_id := CASE
    WHEN TG_TABLE_NAME = 'veiculo_integracoes' THEN linha->>'veiculo_id'
    WHEN TG_TABLE_NAME = 'lead_mensagens' THEN linha->>'lead_id'
    ELSE coalesce(linha->>'id', linha->>'canal') END;
  INSERT INTO eventos (tabela, revenda, id, op) VALUES (TG_TABLE_NAME, v_revenda, v_id, TG_OP) RETURNING seq INTO v_seq;
  PERFORM pg_notify('intermedio_eventos', json_build_object(
    'seq', v_seq, 'tabela', TG_TABLE_NAME, 'revenda', v_revenda, 'id', v_id, 'op', TG_OP)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER leads_eventos AFTER INSERT OR UPDATE OR DELETE ON leads FOR EACH ROW EXECUTE FUNCTION intermedio_notificar();
--> statement-breakpoint
CREATE TRIGGER lead_mensagens_eventos AFTER INSERT OR UPDATE OR DELETE ON lead_mensagens FOR EACH ROW EXECUTE FUNCTION intermedio_notificar();
