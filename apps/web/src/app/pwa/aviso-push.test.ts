import { describe, expect, it } from 'vitest';
import { lerAviso } from './aviso-push';

const ORIGEM = 'https://painel.intermedio.test';

describe('lerAviso (push do service worker)', () => {
  it('lê o formato webpush do FCM', () => {
    const texto = JSON.stringify({
      notification: { title: 'Lembrete', body: 'Atualize o estoque' },
      data: { url: '/revenda/x/veiculos/listar' },
    });
    expect(lerAviso(texto, ORIGEM)).toEqual({ titulo: 'Lembrete', corpo: 'Atualize o estoque', url: '/revenda/x/veiculos/listar' });
  });

  it('lê um objeto simples em português e usa texto puro como corpo', () => {
    expect(lerAviso(JSON.stringify({ titulo: 'Aviso', mensagem: 'Olá' }), ORIGEM)).toEqual({ titulo: 'Aviso', corpo: 'Olá', url: '/' });
    expect(lerAviso('Só texto', ORIGEM)).toEqual({ titulo: 'Intermédio', corpo: 'Só texto', url: '/' });
    expect(lerAviso(null, ORIGEM)).toEqual({ titulo: 'Intermédio', corpo: '', url: '/' });
  });

  it('não leva a endereços de fora do painel', () => {
    expect(lerAviso(JSON.stringify({ title: 'x', url: 'https://golpe.test/login' }), ORIGEM).url).toBe('/');
    expect(lerAviso(JSON.stringify({ title: 'x', url: `${ORIGEM}/home` }), ORIGEM).url).toBe(`${ORIGEM}/home`);
  });
});
