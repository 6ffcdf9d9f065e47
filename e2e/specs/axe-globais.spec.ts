import { testarTelas } from '../ajuda/axe-telas.ts';
import { daRevenda } from '../ajuda/telas.ts';

// Zero axe-core violations (WCAG 2.1 AA), no sideways scroll and Sair in view on the admin's screens of `TELAS_E2E`
// that belong to no reseller (dashboard, moderation, reseller lists, catalogues, FIPE), at both widths. It reads and
// writes no reseller, so it runs in the `proprias` line; the demo reseller's screens are in axe.spec.ts.

testarTelas('admin', (tela) => !daRevenda(tela));
