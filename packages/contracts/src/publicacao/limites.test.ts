import { describe, expect, it } from 'vitest';
import { veiculoPostAutoline } from './autoline.ts';
import { veiculoPostCarroAutoscar } from './autoscar.ts';
import { postFacebook } from './facebook.ts';
import { postMercadoLivre } from './mercadolivre.ts';

/** The first message a field's schema gives for a value. */
const mensagem = (
  esquema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  valor: unknown,
) => esquema.safeParse(valor).error?.issues[0]?.message;

/**
 * The publishing screens validate with these schemas in the browser, where zod's Portuguese locale is not loaded:
 * a text the user can type past its limit says so in Portuguese, not in zod's English ("Too big: …") nor as the
 * field's "'X' é obrigatório." (the string's own message, which a rule without one falls back to).
 */
describe('limits of the fields typed on the publishing screens', () => {
  it('texts say "No máximo N caracteres"', () => {
    expect(mensagem(veiculoPostAutoline.shape.AdditionalInformation, 'x'.repeat(3001))).toBe('No máximo 3000 caracteres');
    expect(mensagem(veiculoPostCarroAutoscar.shape.description, 'x'.repeat(3001))).toBe('No máximo 3000 caracteres');
    expect(mensagem(postMercadoLivre.shape.ml_descricao_anuncio, 'x'.repeat(50_001))).toBe('No máximo 50000 caracteres');
    const local = postMercadoLivre.shape.ml_veiculo_post.shape.location;
    expect(mensagem(local, { address_line: 'x'.repeat(256), zip_code: '01310100' })).toBe('No máximo 255 caracteres');
    expect(mensagem(postFacebook.shape.face_link, `https://loja.test/${'x'.repeat(2000)}`)).toBe('No máximo 2000 caracteres');
  });

  it('within the limits they pass', () => {
    expect(veiculoPostAutoline.shape.AdditionalInformation.safeParse('x'.repeat(3000)).success).toBe(true);
    expect(postMercadoLivre.shape.ml_descricao_anuncio.safeParse('x'.repeat(50_000)).success).toBe(true);
  });
});
