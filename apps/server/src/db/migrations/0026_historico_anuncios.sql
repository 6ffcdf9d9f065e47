CREATE TABLE "veiculo_integracoes_historico" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"veiculo_id" uuid NOT NULL,
	"revenda_id" uuid NOT NULL,
	"canal" text NOT NULL,
	"chave" text NOT NULL,
	"operacao" text NOT NULL,
	"estado" text DEFAULT 'pendente' NOT NULL,
	"motivo" text,
	"id_anuncio" text,
	"usuario_id" uuid,
	"iniciado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"respondido_em" timestamp with time zone,
	CONSTRAINT "veiculo_integracoes_historico_operacao_chk" CHECK ("veiculo_integracoes_historico"."operacao" in ('enviar','alterar','sincronizar','excluir')),
	CONSTRAINT "veiculo_integracoes_historico_estado_chk" CHECK ("veiculo_integracoes_historico"."estado" in ('pendente','publicado','removido','falhou'))
);
--> statement-breakpoint
ALTER TABLE "veiculo_integracoes" ADD COLUMN "usuario_id" uuid;--> statement-breakpoint
ALTER TABLE "veiculo_integracoes_historico" ADD CONSTRAINT "veiculo_integracoes_historico_veiculo_id_veiculos_id_fk" FOREIGN KEY ("veiculo_id") REFERENCES "public"."veiculos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "veiculo_integracoes_historico_uq" ON "veiculo_integracoes_historico" USING btree ("veiculo_id","canal","chave","operacao");--> statement-breakpoint
CREATE INDEX "veiculo_integracoes_historico_veiculo_idx" ON "veiculo_integracoes_historico" USING btree ("veiculo_id","iniciado_em");--> statement-breakpoint
CREATE INDEX "auditoria_entidade_idx" ON "auditoria" USING btree ("entidade","entidade_id","created_at");--> statement-breakpoint
-- The history of each advert operation (issue 25 item 5), written in the very statement that records the operation on
-- veiculo_integracoes: a new key starts one (enviar, alterar, sincronizar — a change whose sincronizar_em is its
-- tentativa_em —, excluir), the same key's answer ends it. Who: veiculo_integracoes.usuario_id at its start.
CREATE FUNCTION intermedio_historico_anuncio() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  op_velha text;
  op_nova text;
  fim text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- The removal holding the advert ended it (Excluir, a sale's removal, the reconciliation).
    IF OLD.operacao = 'excluir' THEN
      UPDATE veiculo_integracoes_historico SET estado = 'removido', motivo = NULL, respondido_em = now()
       WHERE veiculo_id = OLD.veiculo_id AND canal = OLD.canal AND chave = OLD.chave AND operacao = 'excluir' AND estado = 'pendente';
    END IF;
    RETURN NULL;
  END IF;
  op_nova := CASE NEW.operacao WHEN 'excluir' THEN 'excluir'
    WHEN 'alterar' THEN CASE WHEN NEW.sincronizar_em IS NOT NULL AND NEW.sincronizar_em = NEW.tentativa_em THEN 'sincronizar' ELSE 'alterar' END
    ELSE 'enviar' END;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO veiculo_integracoes_historico (veiculo_id, revenda_id, canal, chave, operacao, estado, motivo, id_anuncio, usuario_id, respondido_em)
    VALUES (NEW.veiculo_id, NEW.revenda_id, NEW.canal, coalesce(NEW.chave, ''), op_nova, NEW.estado,
      CASE WHEN NEW.estado = 'publicado' THEN NULL ELSE NEW.ultimo_erro END, NEW.id_anuncio, NEW.usuario_id,
      CASE WHEN NEW.estado = 'pendente' THEN NULL ELSE now() END)
    ON CONFLICT (veiculo_id, canal, chave, operacao) DO NOTHING;
    RETURN NULL;
  END IF;
  op_velha := CASE OLD.operacao WHEN 'excluir' THEN 'excluir'
    WHEN 'alterar' THEN CASE WHEN OLD.sincronizar_em IS NOT NULL AND OLD.sincronizar_em = OLD.tentativa_em THEN 'sincronizar' ELSE 'alterar' END
    ELSE 'enviar' END;
  IF NEW.chave IS DISTINCT FROM OLD.chave THEN
    -- Another operation took the advert: the previous one, if still open, ended ("Publicar de novo": its removal went
    -- through; otherwise it was interrupted, its request died).
    fim := CASE WHEN OLD.operacao = 'excluir' AND NEW.estado = 'pendente' AND NEW.operacao IS NULL THEN 'removido' ELSE 'falhou' END;
    UPDATE veiculo_integracoes_historico
       SET estado = fim, motivo = CASE WHEN fim = 'falhou' THEN 'Interrompida antes da resposta do canal.' END, respondido_em = now()
     WHERE veiculo_id = OLD.veiculo_id AND canal = OLD.canal AND chave = coalesce(OLD.chave, '') AND operacao = op_velha AND estado = 'pendente';
  ELSIF OLD.operacao = 'alterar' AND NEW.operacao IS NULL THEN
    -- A change (or the sync's update) answered: done, or refused / unconfirmed with the reason.
    UPDATE veiculo_integracoes_historico
       SET estado = CASE WHEN NEW.ultimo_erro IS NULL THEN 'publicado' ELSE 'falhou' END, motivo = NEW.ultimo_erro, respondido_em = now()
     WHERE veiculo_id = NEW.veiculo_id AND canal = NEW.canal AND chave = NEW.chave AND operacao = op_velha AND estado = 'pendente';
    RETURN NULL;
  ELSIF OLD.operacao = 'excluir' AND NEW.operacao IS NULL THEN
    -- A removal that keeps the row: a failed send's refused advert removed, or the removal not done (the reason).
    fim := CASE WHEN OLD.estado = 'falhou' AND NEW.id_anuncio IS NULL THEN 'removido' ELSE 'falhou' END;
    UPDATE veiculo_integracoes_historico
       SET estado = fim, motivo = CASE WHEN fim = 'falhou' THEN NEW.ultimo_erro END, respondido_em = now()
     WHERE veiculo_id = NEW.veiculo_id AND canal = NEW.canal AND chave = NEW.chave AND operacao = 'excluir' AND estado = 'pendente';
    RETURN NULL;
  ELSIF OLD.operacao IS NULL AND OLD.estado = 'pendente' THEN
    -- The send's answer, or (still pending) why it has none yet.
    IF NEW.estado <> 'pendente' OR NEW.ultimo_erro IS DISTINCT FROM OLD.ultimo_erro OR NEW.id_anuncio IS DISTINCT FROM OLD.id_anuncio THEN
      UPDATE veiculo_integracoes_historico
         SET estado = NEW.estado, motivo = CASE WHEN NEW.estado = 'publicado' THEN NULL ELSE NEW.ultimo_erro END,
             id_anuncio = NEW.id_anuncio, respondido_em = CASE WHEN NEW.estado = 'pendente' THEN NULL ELSE now() END
       WHERE veiculo_id = NEW.veiculo_id AND canal = NEW.canal AND chave = coalesce(NEW.chave, '') AND operacao = 'enviar';
    END IF;
    -- A send refused with the advert kept at the channel (Mobiauto's blocked deal) starts its removal, automatic.
    IF NEW.operacao = 'excluir' THEN
      INSERT INTO veiculo_integracoes_historico (veiculo_id, revenda_id, canal, chave, operacao, id_anuncio)
      VALUES (NEW.veiculo_id, NEW.revenda_id, NEW.canal, coalesce(NEW.chave, ''), 'excluir', NEW.id_anuncio)
      ON CONFLICT (veiculo_id, canal, chave, operacao) DO NOTHING;
    END IF;
    RETURN NULL;
  ELSE
    RETURN NULL;
  END IF;
  -- A new key: the operation it starts.
  IF NEW.chave IS NOT NULL AND (NEW.estado = 'pendente' OR NEW.operacao IS NOT NULL) THEN
    INSERT INTO veiculo_integracoes_historico (veiculo_id, revenda_id, canal, chave, operacao, id_anuncio, usuario_id)
    VALUES (NEW.veiculo_id, NEW.revenda_id, NEW.canal, NEW.chave, op_nova, NEW.id_anuncio, NEW.usuario_id)
    ON CONFLICT (veiculo_id, canal, chave, operacao) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER veiculo_integracoes_historico AFTER INSERT OR UPDATE OR DELETE ON veiculo_integracoes FOR EACH ROW EXECUTE FUNCTION intermedio_historico_anuncio();
--> statement-breakpoint
-- What the adverts already recorded: their last operation (the earlier ones were not kept).
INSERT INTO veiculo_integracoes_historico (veiculo_id, revenda_id, canal, chave, operacao, estado, motivo, id_anuncio, iniciado_em, respondido_em)
SELECT veiculo_id, revenda_id, canal, coalesce(chave, ''), CASE operacao WHEN 'excluir' THEN 'excluir' WHEN 'alterar' THEN 'alterar' ELSE 'enviar' END,
  CASE WHEN operacao IS NOT NULL THEN 'pendente' ELSE estado END,
  CASE WHEN estado = 'publicado' AND operacao IS NULL THEN NULL ELSE ultimo_erro END,
  id_anuncio, coalesce(tentativa_em, created_at), respondido_em
FROM veiculo_integracoes
ON CONFLICT (veiculo_id, canal, chave, operacao) DO NOTHING;
