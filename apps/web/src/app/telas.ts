import { telasAcesso } from '@/features/acesso/telas';
import { telasBanners } from '@/features/banners/telas';
import { telasBannersSite } from '@/features/banners-site/telas';
import { telasDashboard } from '@/features/dashboard/telas';
import { telasFipe } from '@/features/fipe/telas';
import { telasImagensDestaque } from '@/features/imagens-destaque/telas';
import { telasImportacao } from '@/features/importacao/telas';
import { telasIntegracoes } from '@/features/integracoes/telas';
import { telasLeads } from '@/features/leads/telas';
import { telasLocaisAnuncio } from '@/features/locais-anuncio/telas';
import { telasModeracao } from '@/features/moderacao/telas';
import { telasNotificacoes } from '@/features/notificacoes/telas';
import { telasOpcionais } from '@/features/opcionais/telas';
import { telasPublicacao } from '@/features/publicacao/telas';
import { telasRevendas } from '@/features/revendas/telas';
import { telasUsuarios } from '@/features/usuarios/telas';
import { telasVeiculos } from '@/features/veiculos/telas';
import { telasVendidos } from '@/features/vendidos/telas';
import type { Tela } from '@/lib/telas';

/** Every signed-in screen of the product, each with its access rule. */
export const TELAS: readonly Tela[] = [
  ...telasDashboard,
  ...telasAcesso,
  ...telasModeracao,
  ...telasRevendas,
  ...telasUsuarios,
  ...telasIntegracoes,
  ...telasVeiculos,
  ...telasImportacao,
  ...telasPublicacao,
  ...telasBanners,
  ...telasVendidos,
  ...telasImagensDestaque,
  ...telasBannersSite,
  ...telasNotificacoes,
  ...telasLeads,
  ...telasOpcionais,
  ...telasLocaisAnuncio,
  ...telasFipe,
];
