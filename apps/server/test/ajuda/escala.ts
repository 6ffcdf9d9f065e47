import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/cliente.ts';

/**
 * Provider-scale data in a few statements (INSERT … SELECT generate_series): `revendas` resellers (every
 * fifth on the basic plan, names with and without accents) and `porRevenda` users each (one blocked).
 * The change triggers are paused meanwhile: a bulk seed is not a stream of live changes.
 */
export async function semearEscala(db: Db, revendas = 5000, porRevenda = 5) {
  await db.execute(sql`ALTER TABLE revendas DISABLE TRIGGER revendas_eventos`);
  await db.execute(sql`ALTER TABLE usuarios DISABLE TRIGGER usuarios_eventos`);
  await db.execute(sql`ALTER TABLE usuarios DISABLE TRIGGER usuarios_contagem`);
  try {
    await db.execute(sql`
      INSERT INTO revendas (perazao_social_nome, penome_fantasia, peemail, plano, pecidade, peuf, pevalormensalidade,
        pedatavencimento, pestatus, pecpf_cnpj, petelefone1, pehomepage, created_at)
      SELECT 'Responsável ' || g,
        (array['Ágil','auto','Beta','Carros','Évora','Zeta','Ômega','Íris'])[1 + g % 8] || ' Veículos ' || g,
        'loja' || g || '@escala.test',
        CASE WHEN g % 5 = 0 THEN 'basico' ELSE (array['vendedor','familiar','showroom','concessionaria'])[1 + g % 4] END,
        'São Paulo', 'SP', 1490.00, 10, 'green', lpad(g::text, 14, '0'), '(11) 98765-4321', 'loja' || g || '.test',
        now() - make_interval(days => g % 900)
      FROM generate_series(1, ${revendas}) g`);
    await db.execute(sql`
      INSERT INTO usuarios (email, nome, role, revenda_id, ativo, senha_hash, telefone1)
      SELECT 'u' || k || '.' || r.n || '@escala.test', (array['Ana','Átila','bruno','Célia','Zé'])[1 + k % 5] || ' ' || r.n,
        CASE WHEN k = 1 THEN 'gestor' ELSE 'client' END, r.id, CASE WHEN k = ${porRevenda} THEN 0 ELSE 1 END,
        'sem-senha', '(11) 3333-4444'
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM revendas WHERE peemail LIKE '%@escala.test') r,
        generate_series(1, ${porRevenda}) k`);
    // The per-row counting trigger was paused too: the counts in one pass, as migration 0009 fills them.
    await db.execute(sql`
      UPDATE revendas r SET usuarios_total = c.total, usuarios_bloqueados = c.bloqueados
      FROM (SELECT revenda_id, count(*)::int AS total, (count(*) FILTER (WHERE ativo = 0))::int AS bloqueados
            FROM usuarios WHERE revenda_id IS NOT NULL GROUP BY revenda_id) c
      WHERE c.revenda_id = r.id`);
  } finally {
    await db.execute(sql`ALTER TABLE revendas ENABLE TRIGGER revendas_eventos`);
    await db.execute(sql`ALTER TABLE usuarios ENABLE TRIGGER usuarios_eventos`);
    await db.execute(sql`ALTER TABLE usuarios ENABLE TRIGGER usuarios_contagem`);
  }
  await db.execute(sql`VACUUM ANALYZE revendas`);
  await db.execute(sql`VACUUM ANALYZE usuarios`);
}

/**
 * `total` vehicles for the resellers seeded by semearEscala: `daMaior` of them in one big stock (the reseller
 * loja7@escala.test, the one the bench lists), the rest spread over the others. Triggers paused as above.
 */
export async function semearVeiculos(db: Db, total = 100_000, daMaior = 2000) {
  await db.execute(sql`ALTER TABLE veiculos DISABLE TRIGGER veiculos_eventos`);
  try {
    await db.execute(sql`
      INSERT INTO veiculos (revenda_id, vetipoveiculo, vefipe_marca, vefipe_name, ve_modelo, ve_versao, veano_fabricacao,
        vefipe_ano_modelo, vevalor, vecor, veiplaca, vequilometragem, vevendido, updated_at)
      SELECT r.id, 'carro', (array['Fiat','Volkswagen','Chevrolet','Ford','Toyota'])[1 + g % 5], 'Modelo ' || g % 97, 'Modelo ' || g % 97,
        '1.0 Flex', 2010 + g % 15, 2011 + g % 15, 30000 + g % 90000, 'Prata', 'ABC' || lpad((g % 10000)::text, 4, '0'),
        (g % 150000)::text, (g % 10 = 0)::int, now() - make_interval(mins => g)
      FROM generate_series(1, ${total - daMaior}) g
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM revendas
            WHERE peemail LIKE '%@escala.test' AND peemail <> 'loja7@escala.test') r ON r.n = g % 4999`);
    await db.execute(sql`
      INSERT INTO veiculos (revenda_id, vetipoveiculo, vefipe_marca, vefipe_name, ve_modelo, ve_versao, veano_fabricacao,
        vefipe_ano_modelo, vevalor, vecor, vequilometragem, vevendido, updated_at)
      SELECT r.id, 'carro', 'Fiat', 'Fiat Argo ' || g, 'Argo', '1.0 Drive', 2020, 2021, 50000 + g, 'Branco', '1000',
        (g % 10 = 0)::int, now() - make_interval(mins => g)
      FROM generate_series(1, ${daMaior}) g, (SELECT id FROM revendas WHERE peemail = 'loja7@escala.test') r`);
  } finally {
    await db.execute(sql`ALTER TABLE veiculos ENABLE TRIGGER veiculos_eventos`);
  }
  await db.execute(sql`VACUUM ANALYZE veiculos`);
}
