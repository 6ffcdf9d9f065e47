-- A change to a vehicle's advert (veiculo_integracoes, keyed by vehicle and channel) names the VEHICLE in its event,
-- so the live vehicle list fetches that one row again and its channel badges follow (issue 24). Before, the event
-- carried the channel, which told a screen nothing about which row changed. Other tables keep id, else canal.
CREATE OR REPLACE FUNCTION intermedio_notificar() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  linha jsonb;
  v_revenda text;
  v_id text;
  v_seq bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN linha := to_jsonb(OLD); ELSE linha := to_jsonb(NEW); END IF;
  v_revenda := CASE WHEN TG_TABLE_NAME = 'revendas' THEN linha->>'id' ELSE linha->>'revenda_id' END;
  v_id := CASE WHEN TG_TABLE_NAME = 'veiculo_integracoes' THEN linha->>'veiculo_id' ELSE coalesce(linha->>'id', linha->>'canal') END;
  INSERT INTO eventos (tabela, revenda, id, op) VALUES (TG_TABLE_NAME, v_revenda, v_id, TG_OP) RETURNING seq INTO v_seq;
  PERFORM pg_notify('intermedio_eventos', json_build_object(
    'seq', v_seq, 'tabela', TG_TABLE_NAME, 'revenda', v_revenda, 'id', v_id, 'op', TG_OP)::text);
  RETURN NULL;
END $$;
