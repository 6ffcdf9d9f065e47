import { canalSocial } from '../social/adapter.ts';
import { meta } from './meta.ts';
import { publicacaoInstagram } from './publicacao.ts';

export const instagram = { ...canalSocial(meta), publicacao: publicacaoInstagram };
