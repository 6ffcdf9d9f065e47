-- /arquivos/ (midia/acesso-arquivos.ts): the vehicle of a photo's file, by the upload folder of its original's address,
-- in one index lookup (a removed vehicle's files need a session).
CREATE INDEX "veiculo_imagens_pasta_idx" ON "veiculo_imagens" USING btree (substring("file_original" from '(revendas/[0-9a-f-]{36}/veiculo/[0-9a-z-]+)/[^/]+$'));
