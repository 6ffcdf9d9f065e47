import { rotasImagensRevenda } from '../imagens-destaque/imagens-revenda.routes.ts';

/** Site banners: the same routes and rules as highlight images (4032 × 1435 px recommended). */
export const bannersSiteRoutes = rotasImagensRevenda('banner-site');
