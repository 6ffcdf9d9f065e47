CREATE TABLE "manutencoes" (
	"nome" text PRIMARY KEY NOT NULL,
	"feita_em" timestamp with time zone NOT NULL
);
