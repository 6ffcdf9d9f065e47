import { testarTelas } from '../ajuda/axe-telas.ts';
import { daRevenda } from '../ajuda/telas.ts';

// Zero axe-core violations (WCAG 2.1 AA), no sideways scroll and Sair in view on the demo reseller's screens of
// `TELAS_E2E` (its data, so this file runs in the `demo` line) and on every gestor screen, at both widths. The admin's
// global screens are in axe-globais.spec.ts, the open states in axe-estados.spec.ts, the publishing screens in
// axe-publicacao.spec.ts. New screens join by being added to `TELAS_E2E`.

testarTelas('admin', daRevenda);
testarTelas('gestor', () => true);
