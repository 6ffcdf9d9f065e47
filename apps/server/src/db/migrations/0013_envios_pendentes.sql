CREATE TABLE "envios_pendentes" (
	"chave" text PRIMARY KEY NOT NULL,
	"pasta" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "envios_pendentes_criado_idx" ON "envios_pendentes" USING btree ("created_at");