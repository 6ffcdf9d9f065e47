import { rotasPublicacaoSocial } from '../banners/banners.routes.ts';

/** Sold items: the same routes and rules as banners (text field peblocotextovendidos, queue vendidos). */
export const vendidosRoutes = rotasPublicacaoSocial('vendido');
