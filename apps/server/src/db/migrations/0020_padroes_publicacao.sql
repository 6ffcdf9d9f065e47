CREATE TABLE "revenda_padroes_publicacao" (
	"revenda_id" uuid NOT NULL,
	"canal" text NOT NULL,
	"padroes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenda_padroes_publicacao_revenda_id_canal_pk" PRIMARY KEY("revenda_id","canal")
);
--> statement-breakpoint
ALTER TABLE "revenda_padroes_publicacao" ADD CONSTRAINT "revenda_padroes_publicacao_integracao_fk" FOREIGN KEY ("revenda_id","canal") REFERENCES "public"."revenda_integracoes"("revenda_id","canal") ON DELETE cascade ON UPDATE no action;