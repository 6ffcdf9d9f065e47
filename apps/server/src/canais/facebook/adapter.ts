import { canalSocial } from '../social/adapter.ts';
import { meta } from './meta.ts';

export const facebook = canalSocial(meta);
