import type { Canal } from '../tipos.ts';
import { configurar } from './client.ts';
import { meta } from './meta.ts';

export const mobiauto: Canal = {
  meta,
  configurar: (ctx, c) => configurar(ctx, c.email_integrador ?? '', c.senha_integrador ?? ''),
};
