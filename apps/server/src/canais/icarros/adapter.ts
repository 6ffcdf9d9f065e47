import type { Canal } from '../tipos.ts';
import { configurar } from './client.ts';
import { meta } from './meta.ts';

export const icarros: Canal = {
  meta,
  configurar: (ctx, c) => configurar(ctx, c.email_icarros ?? '', c.senha_icarros ?? ''),
};
