CREATE TABLE "veiculo_remocoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"veiculo_id" uuid NOT NULL,
	"revenda_id" uuid NOT NULL,
	"canal" text NOT NULL,
	"id_anuncio" text,
	"estado" text DEFAULT 'removendo' NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"ultimo_erro" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"lease_ate" timestamp with time zone,
	"removido_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "veiculo_remocoes_estado_chk" CHECK ("veiculo_remocoes"."estado" in ('removendo','removido','falhou'))
);
--> statement-breakpoint
CREATE TABLE "veiculo_vendas" (
	"veiculo_id" uuid PRIMARY KEY NOT NULL,
	"revenda_id" uuid NOT NULL,
	"vendido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" uuid,
	"publicar_vendido" boolean DEFAULT false NOT NULL,
	"vendido_id" uuid,
	"vendido_erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "veiculo_remocoes" ADD CONSTRAINT "veiculo_remocoes_veiculo_id_veiculos_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "public"."veiculos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculo_vendas" ADD CONSTRAINT "veiculo_vendas_veiculo_id_veiculos_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "public"."veiculos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculo_vendas" ADD CONSTRAINT "veiculo_vendas_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "veiculo_remocoes_veiculo_canal_uq" ON "veiculo_remocoes" USING btree ("veiculo_id","canal");--> statement-breakpoint
CREATE INDEX "veiculo_remocoes_removendo_idx" ON "veiculo_remocoes" USING btree ("lease_ate") WHERE "veiculo_remocoes"."estado" = 'removendo';--> statement-breakpoint
CREATE INDEX "veiculo_vendas_revenda_idx" ON "veiculo_vendas" USING btree ("revenda_id","vendido_em");--> statement-breakpoint
-- Live updates of a sale and of each advert's removal (the vehicle view shows the progress).
CREATE TRIGGER veiculo_vendas_eventos AFTER INSERT OR UPDATE OR DELETE ON veiculo_vendas FOR EACH ROW EXECUTE FUNCTION intermedio_notificar();
--> statement-breakpoint
CREATE TRIGGER veiculo_remocoes_eventos AFTER INSERT OR UPDATE OR DELETE ON veiculo_remocoes FOR EACH ROW EXECUTE FUNCTION intermedio_notificar();
