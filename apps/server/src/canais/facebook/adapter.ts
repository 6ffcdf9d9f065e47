import { canalSocial } from '../social/adapter.ts';
import { meta } from './meta.ts';
import { publicacaoFacebook } from './publicacao.ts';

export const facebook = { ...canalSocial(meta), publicacao: publicacaoFacebook };
