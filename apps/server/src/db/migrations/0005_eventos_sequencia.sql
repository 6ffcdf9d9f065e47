-- Each change event is also written to `eventos`, whose `seq` numbers the events across every server
-- process: it is the SSE event id, and a reconnecting screen asks for the events after the last it saw.
CREATE OR REPLACE FUNCTION intermedio_notificar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  linha jsonb;
  v_revenda text;
  v_id text;
  v_seq bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN linha := to_jsonb(OLD); ELSE linha := to_jsonb(NEW); END IF;
  v_revenda := CASE WHEN TG_TABLE_NAME = 'revendas' THEN linha->>'id' ELSE linha->>'revenda_id' END;
  v_id := coalesce(linha->>'id', linha->>'canal');
  INSERT INTO eventos (tabela, revenda, id, op) VALUES (TG_TABLE_NAME, v_revenda, v_id, TG_OP) RETURNING seq INTO v_seq;
  PERFORM pg_notify('intermedio_eventos', json_build_object(
    'seq', v_seq, 'tabela', TG_TABLE_NAME, 'revenda', v_revenda, 'id', v_id, 'op', TG_OP)::text);
  RETURN NULL;
END $$;
