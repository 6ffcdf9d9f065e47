CREATE TABLE "publicacoes_sociais" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revenda_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"item_id" uuid NOT NULL,
	"alvo" text NOT NULL,
	"fase" text DEFAULT 'iniciada' NOT NULL,
	"container_id" text,
	"resultado" jsonb,
	"trava_ate" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publicacoes_sociais_tipo_chk" CHECK ("publicacoes_sociais"."tipo" in ('banner','vendido')),
	CONSTRAINT "publicacoes_sociais_alvo_chk" CHECK ("publicacoes_sociais"."alvo" in ('ig_stories','ig_feed','fb_feed'))
);
--> statement-breakpoint
ALTER TABLE "notificacoes" ADD COLUMN "lembrete_estado" text;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD COLUMN "lembrete_mensagem" text;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD COLUMN "lembrete_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "publicacoes_sociais" ADD CONSTRAINT "publicacoes_sociais_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publicacoes_sociais_chave_uq" ON "publicacoes_sociais" USING btree ("tipo","item_id","alvo");