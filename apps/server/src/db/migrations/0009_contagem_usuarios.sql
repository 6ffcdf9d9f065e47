ALTER TABLE "revendas" ADD COLUMN "usuarios_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "revendas" ADD COLUMN "usuarios_bloqueados" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Users per reseller (total, blocked) kept on the reseller's row: the list reads them instead of counting.
CREATE OR REPLACE FUNCTION intermedio_contar_usuarios() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.revenda_id IS NOT NULL THEN
    UPDATE revendas SET usuarios_total = usuarios_total - 1,
      usuarios_bloqueados = usuarios_bloqueados - (OLD.ativo = 0)::int
    WHERE id = OLD.revenda_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.revenda_id IS NOT NULL THEN
    UPDATE revendas SET usuarios_total = usuarios_total + 1,
      usuarios_bloqueados = usuarios_bloqueados + (NEW.ativo = 0)::int
    WHERE id = NEW.revenda_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER usuarios_contagem AFTER INSERT OR DELETE ON usuarios FOR EACH ROW EXECUTE FUNCTION intermedio_contar_usuarios();
--> statement-breakpoint
CREATE TRIGGER usuarios_contagem_alteracao AFTER UPDATE OF revenda_id, ativo ON usuarios FOR EACH ROW
  WHEN (OLD.revenda_id IS DISTINCT FROM NEW.revenda_id OR OLD.ativo IS DISTINCT FROM NEW.ativo)
  EXECUTE FUNCTION intermedio_contar_usuarios();
--> statement-breakpoint
UPDATE revendas r SET usuarios_total = c.total, usuarios_bloqueados = c.bloqueados
FROM (SELECT revenda_id, count(*)::int AS total, (count(*) FILTER (WHERE ativo = 0))::int AS bloqueados
      FROM usuarios WHERE revenda_id IS NOT NULL GROUP BY revenda_id) c
WHERE c.revenda_id = r.id;
