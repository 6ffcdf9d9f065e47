/**
 * The FIPE price rule over the answers already cached (fipe_cache rows aliased `c`: the version-detail answers
 * {codeFipe, modelYear, price: "R$ 85.430,00"}), shared by the dashboard's 'acima da FIPE' count and the vehicle
 * list's "vs FIPE" column. No network call: a vehicle with no cached price is not compared.
 */
export const PRECO_FIPE_CACHE = {
  /** The price as numeric ("R$ 85.430,00" → 85430.00). */
  preco: `nullif(replace(regexp_replace(c.resposta->>'price', '[^0-9,]', '', 'g'), ',', '.'), '')::numeric`,
  /** A version-detail answer with a price (brand and model lists have none). */
  comPreco: `jsonb_typeof(c.resposta->'modelYear') = 'number' and c.resposta->>'price' is not null`,
  /** Newest reference month first, then the newest answer. */
  maisRecente: `case when c.referencia ~ '^[0-9]+$' then c.referencia::int end desc nulls last, c.created_at desc`,
  /**
   * The same order as an aggregate without a sort: the greatest [reference month (-1 when none), answer time,
   * price] array is the newest answer's, so `(max(…))[3]` is its price.
   */
  precoMaisRecente: `(max(array[coalesce(case when c.referencia ~ '^[0-9]+$' then c.referencia::numeric end, -1),
      extract(epoch from c.created_at)::numeric,
      nullif(replace(regexp_replace(c.resposta->>'price', '[^0-9,]', '', 'g'), ',', '.'), '')::numeric]))[3]`,
} as const;
