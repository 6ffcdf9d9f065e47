/** Loaded on demand by `sessao.tsx` (see there). */
export { sessao } from '@intermedio/contracts';
