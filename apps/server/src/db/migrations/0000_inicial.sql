CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario_id" uuid,
	"acao" text NOT NULL,
	"entidade" text,
	"entidade_id" text,
	"dados" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redefinicoes_senha" (
	"id" text PRIMARY KEY NOT NULL,
	"usuario_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessoes" (
	"id" text PRIMARY KEY NOT NULL,
	"usuario_id" uuid NOT NULL,
	"csrf" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tentativas_login" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chave" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fipe_cache" (
	"chave" text PRIMARY KEY NOT NULL,
	"referencia" text NOT NULL,
	"resposta" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fipe_manual" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" smallint NOT NULL,
	"marca_api" text NOT NULL,
	"modelo_api" text NOT NULL,
	"versao_api" text NOT NULL,
	"anomod" text NOT NULL,
	"created_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fipe_manual_tipo_chk" CHECK ("fipe_manual"."tipo" in (0, 1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "locais_anuncio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"descricao" text NOT NULL,
	"ordenacao" integer NOT NULL,
	"created_id" uuid,
	"updated_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opcionais" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"descricao" text NOT NULL,
	"ordenacao" integer NOT NULL,
	"created_id" uuid,
	"updated_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenda_integracoes" (
	"revenda_id" uuid NOT NULL,
	"canal" text NOT NULL,
	"descricao" text NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"segredos" text,
	"created_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revenda_integracoes_revenda_id_canal_pk" PRIMARY KEY("revenda_id","canal"),
	CONSTRAINT "revenda_integracoes_canal_chk" CHECK ("revenda_integracoes"."canal" in ('autoline','autoscar','facebook','icarros','instagram','mercadolivre','mobiauto','meucarronovo','olx','webmotors'))
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revenda_id" uuid NOT NULL,
	"imagem" jsonb NOT NULL,
	"nome_revenda" text,
	"ig_stories" boolean DEFAULT true NOT NULL,
	"ig_feed" boolean DEFAULT true NOT NULL,
	"fb_feed" boolean DEFAULT true NOT NULL,
	"valida_stories" boolean DEFAULT false NOT NULL,
	"valida_feed" boolean DEFAULT false NOT NULL,
	"fb_valida_feed" boolean DEFAULT false NOT NULL,
	"id_stories" text,
	"url_stories" text,
	"id_feed" text,
	"url_feed" text,
	"fb_id_feed" text,
	"fb_url_feed" text,
	"created_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"peblocotextobanners" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners_site" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revenda_id" uuid NOT NULL,
	"imagem_url" text NOT NULL,
	"imagem_name" text NOT NULL,
	"created_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imagens_destaque" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revenda_id" uuid NOT NULL,
	"imagem_url" text NOT NULL,
	"imagem_name" text NOT NULL,
	"created_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendidos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revenda_id" uuid NOT NULL,
	"imagem" jsonb NOT NULL,
	"nome_revenda" text,
	"ig_stories" boolean DEFAULT true NOT NULL,
	"ig_feed" boolean DEFAULT true NOT NULL,
	"fb_feed" boolean DEFAULT true NOT NULL,
	"valida_stories" boolean DEFAULT false NOT NULL,
	"valida_feed" boolean DEFAULT false NOT NULL,
	"fb_valida_feed" boolean DEFAULT false NOT NULL,
	"id_stories" text,
	"url_stories" text,
	"id_feed" text,
	"url_feed" text,
	"fb_id_feed" text,
	"fb_url_feed" text,
	"created_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"peblocotextovendidos" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderacao" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fila" text NOT NULL,
	"revenda_id" uuid NOT NULL,
	"veiculo_id" uuid,
	"banner_id" uuid,
	"vendido_id" uuid,
	"revenda" text NOT NULL,
	"logo_revenda" text,
	"vedataremovido" timestamp with time zone,
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderacao_fila_chk" CHECK ("moderacao"."fila" in ('incluidos','vendidos','alterados','removidos','banners'))
);
--> statement-breakpoint
CREATE TABLE "notificacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revenda_id" uuid NOT NULL,
	"titulo" text NOT NULL,
	"link" text,
	"status" smallint DEFAULT 0 NOT NULL,
	"acesso" text NOT NULL,
	"created_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notificacoes_acesso_chk" CHECK ("notificacoes"."acesso" in ('todos','gestor'))
);
--> statement-breakpoint
CREATE TABLE "revenda_locais_anuncio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revenda_id" uuid NOT NULL,
	"id_local" uuid NOT NULL,
	"descricao" text NOT NULL,
	"ordenacao" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revendas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"perazao_social_nome" text NOT NULL,
	"penome_fantasia" text NOT NULL,
	"pecpf_cnpj" text,
	"peinscricaoestadual" text,
	"peinscricaomunicipal" text,
	"peemail" text NOT NULL,
	"pehomepage" text,
	"petelefone1" text,
	"petelefone2" text,
	"petelefone3" text,
	"pecep_fiscal" text,
	"peendereco_fiscal" text,
	"peendereco_fiscal_numero" integer,
	"peendereco_fiscal_compl" text,
	"pebairro_fiscal" text,
	"pecidade" text,
	"peuf" text,
	"peblocotexto" text,
	"peblocotextovendidos" text,
	"peblocotextobanners" text,
	"peobsadm" text,
	"logotipo" text,
	"plano" text NOT NULL,
	"recursos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pedatavencimento" smallint,
	"pevalormensalidade" numeric(12, 2),
	"pestatus" text,
	"ativo" smallint DEFAULT 1 NOT NULL,
	"texto_sobre_nos_site" text,
	"horario_seg_sex" text,
	"horario_sab" text,
	"mapa_link" text,
	"instagram_link" text,
	"facebook_link" text,
	"tipo_moldura_veiculo" text,
	"diretorio_veiculo" text,
	"imagem_moldura_veiculo" text,
	"tipo_moldura_vendido" text,
	"diretorio_vendido" text,
	"imagem_moldura_vendido" text,
	"transformation" text,
	"transformation_vendidos" text,
	"transformation_videos" text,
	"created_id" uuid,
	"updated_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "revendas_plano_chk" CHECK ("revendas"."plano" in ('basico','vendedor','familiar','showroom','concessionaria')),
	CONSTRAINT "revendas_ativo_chk" CHECK ("revendas"."ativo" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"nome" text NOT NULL,
	"role" text NOT NULL,
	"revenda_id" uuid,
	"ativo" smallint DEFAULT 1 NOT NULL,
	"empresa" text,
	"telefone1" text,
	"telefone2" text,
	"push_token" text,
	"push_data" jsonb,
	"senha_hash" text NOT NULL,
	"created_id" uuid,
	"updated_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_role_chk" CHECK ("usuarios"."role" in ('admin','gestor','client')),
	CONSTRAINT "usuarios_ativo_chk" CHECK ("usuarios"."ativo" in (0, 1)),
	CONSTRAINT "usuarios_email_minusculo_chk" CHECK ("usuarios"."email" = lower("usuarios"."email")),
	CONSTRAINT "usuarios_revenda_chk" CHECK ("usuarios"."role" = 'admin' or "usuarios"."revenda_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "veiculo_alteracoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"veiculo_id" uuid NOT NULL,
	"revenda_id" uuid NOT NULL,
	"vedataalteracao" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" uuid,
	"veusuarioalterou" text NOT NULL,
	"campos" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "veiculo_imagens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"veiculo_id" uuid NOT NULL,
	"revenda_id" uuid NOT NULL,
	"posicao" integer NOT NULL,
	"imagem" text,
	"file_name" text NOT NULL,
	"file_url" text NOT NULL,
	"file_thumb" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "veiculo_integracoes" (
	"veiculo_id" uuid NOT NULL,
	"canal" text NOT NULL,
	"revenda_id" uuid NOT NULL,
	"status" boolean DEFAULT false NOT NULL,
	"id_anuncio" text,
	"url_anuncio" text,
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"estado" text DEFAULT 'publicado' NOT NULL,
	"ultimo_erro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "veiculo_integracoes_veiculo_id_canal_pk" PRIMARY KEY("veiculo_id","canal")
);
--> statement-breakpoint
CREATE TABLE "veiculos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revenda_id" uuid NOT NULL,
	"vetipoveiculo" text NOT NULL,
	"vefipe_marca" text NOT NULL,
	"vefipe_name" text NOT NULL,
	"ve_modelo" text NOT NULL,
	"ve_versao" text NOT NULL,
	"vefipe_codigo" text,
	"veano_fabricacao" integer NOT NULL,
	"vefipe_ano_modelo" integer NOT NULL,
	"vefipe_combustivel" text DEFAULT 'flex' NOT NULL,
	"vecambio" text,
	"vecor" text,
	"veportas" smallint,
	"vecarroceria" text,
	"veiplaca" text,
	"vequilometragem" text DEFAULT '0' NOT NULL,
	"vevalor" numeric(14, 2) NOT NULL,
	"vecodigo_interno" text,
	"veobservacao" text,
	"veveiculonovo" smallint DEFAULT 0 NOT NULL,
	"veipva_pago" smallint DEFAULT 0 NOT NULL,
	"veblindado" smallint DEFAULT 0 NOT NULL,
	"vegarantia_fabrica" smallint DEFAULT 0 NOT NULL,
	"veexibir_site" boolean DEFAULT true NOT NULL,
	"opcionais" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locais_anuncio" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vedestaque" smallint DEFAULT 0 NOT NULL,
	"vealterado" smallint DEFAULT 0 NOT NULL,
	"vevendido" smallint DEFAULT 0 NOT NULL,
	"veremovido" smallint DEFAULT 0 NOT NULL,
	"vevalidacaoincluido" smallint DEFAULT 0 NOT NULL,
	"vevalidacaoalterado" smallint DEFAULT 0 NOT NULL,
	"vevalidacaovendido" smallint DEFAULT 0 NOT NULL,
	"vevalidacaoremovido" smallint DEFAULT 0 NOT NULL,
	"imagens_verificado" smallint DEFAULT 0 NOT NULL,
	"veremovido_usuario" uuid,
	"veremovido_usuario_nome" text,
	"vedataremovido" timestamp with time zone,
	"created_id" uuid,
	"updated_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "veiculos_tipo_chk" CHECK ("veiculos"."vetipoveiculo" in ('carro','moto','caminhao','outros'))
);
--> statement-breakpoint
ALTER TABLE "redefinicoes_senha" ADD CONSTRAINT "redefinicoes_senha_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenda_integracoes" ADD CONSTRAINT "revenda_integracoes_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners_site" ADD CONSTRAINT "banners_site_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imagens_destaque" ADD CONSTRAINT "imagens_destaque_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendidos" ADD CONSTRAINT "vendidos_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderacao" ADD CONSTRAINT "moderacao_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenda_locais_anuncio" ADD CONSTRAINT "revenda_locais_anuncio_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculo_alteracoes" ADD CONSTRAINT "veiculo_alteracoes_veiculo_id_veiculos_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "public"."veiculos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculo_imagens" ADD CONSTRAINT "veiculo_imagens_veiculo_id_veiculos_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "public"."veiculos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculo_integracoes" ADD CONSTRAINT "veiculo_integracoes_veiculo_id_veiculos_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "public"."veiculos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculos" ADD CONSTRAINT "veiculos_revenda_id_revendas_id_fk" FOREIGN KEY ("revenda_id") REFERENCES "public"."revendas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_criado_idx" ON "auditoria" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessoes_usuario_idx" ON "sessoes" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "tentativas_login_chave_idx" ON "tentativas_login" USING btree ("chave","created_at");--> statement-breakpoint
CREATE INDEX "fipe_manual_tipo_idx" ON "fipe_manual" USING btree ("tipo","marca_api");--> statement-breakpoint
CREATE INDEX "locais_anuncio_ordem_idx" ON "locais_anuncio" USING btree ("ordenacao","descricao");--> statement-breakpoint
CREATE INDEX "opcionais_ordem_idx" ON "opcionais" USING btree ("ordenacao","descricao");--> statement-breakpoint
CREATE INDEX "banners_revenda_idx" ON "banners" USING btree ("revenda_id","created_at");--> statement-breakpoint
CREATE INDEX "banners_site_revenda_idx" ON "banners_site" USING btree ("revenda_id");--> statement-breakpoint
CREATE INDEX "imagens_destaque_revenda_idx" ON "imagens_destaque" USING btree ("revenda_id");--> statement-breakpoint
CREATE INDEX "vendidos_revenda_idx" ON "vendidos" USING btree ("revenda_id","created_at");--> statement-breakpoint
CREATE INDEX "moderacao_fila_idx" ON "moderacao" USING btree ("fila","created_at");--> statement-breakpoint
CREATE INDEX "notificacoes_revenda_idx" ON "notificacoes" USING btree ("revenda_id");--> statement-breakpoint
CREATE INDEX "revenda_locais_anuncio_revenda_idx" ON "revenda_locais_anuncio" USING btree ("revenda_id");--> statement-breakpoint
CREATE INDEX "revendas_plano_nome_idx" ON "revendas" USING btree ("plano","penome_fantasia");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_uq" ON "usuarios" USING btree ("email");--> statement-breakpoint
CREATE INDEX "usuarios_revenda_idx" ON "usuarios" USING btree ("revenda_id");--> statement-breakpoint
CREATE INDEX "veiculo_alteracoes_veiculo_idx" ON "veiculo_alteracoes" USING btree ("veiculo_id","vedataalteracao");--> statement-breakpoint
CREATE INDEX "veiculo_imagens_veiculo_idx" ON "veiculo_imagens" USING btree ("veiculo_id","posicao");--> statement-breakpoint
CREATE INDEX "veiculos_revenda_lista_idx" ON "veiculos" USING btree ("revenda_id","veremovido","vevendido","updated_at");