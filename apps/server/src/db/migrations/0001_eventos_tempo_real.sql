-- Live updates: every change to a watched table is announced on the channel `intermedio_eventos`
-- as {tabela, revenda, id, op}. The server LISTENs and streams the events (SSE); on a real PostgreSQL
-- server this also carries changes made by other server processes.
CREATE OR REPLACE FUNCTION intermedio_notificar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  linha jsonb;
  revenda text;
BEGIN
  IF TG_OP = 'DELETE' THEN linha := to_jsonb(OLD); ELSE linha := to_jsonb(NEW); END IF;
  revenda := CASE WHEN TG_TABLE_NAME = 'revendas' THEN linha->>'id' ELSE linha->>'revenda_id' END;
  PERFORM pg_notify('intermedio_eventos', json_build_object(
    'tabela', TG_TABLE_NAME, 'revenda', revenda, 'id', coalesce(linha->>'id', linha->>'canal'), 'op', TG_OP)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['revendas','usuarios','revenda_integracoes','revenda_locais_anuncio','veiculos',
    'veiculo_integracoes','banners','vendidos','imagens_destaque','banners_site','notificacoes','opcionais',
    'locais_anuncio','fipe_manual','moderacao']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION intermedio_notificar()',
      t || '_eventos', t);
  END LOOP;
END $$;
