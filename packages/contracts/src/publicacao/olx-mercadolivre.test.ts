import { describe, expect, it } from 'vitest';
import { atributosFaltando, postMercadoLivre } from './mercadolivre.ts';
import { mensagensPorLinha, postOlx } from './olx.ts';

/** Spec 3 §5: Olx and Mercado Livre refuse a submit with "'X' é obrigatório." messages, one per line. */
describe('Olx post', () => {
  const valido = {
    subject: 'Fiat Argo 2023',
    body: 'Carro revisado.',
    phone: '11987654321',
    zipcode: '01310100',
    price: 72900,
    regdate: '2023',
    mileage: 18500,
    gearbox: '1',
    fuel: '3',
    vehicle_brand: '2001',
    vehicle_model: '30001',
    vehicle_version: '400001',
    doors: '2',
    end_tag: '4',
    vehicle_tag: 'fda1b23',
    car_steering: '2',
    motorpower: '1',
    cartype: '9',
    carcolor: '2',
    exchange: '',
    financial_status: '1',
    financial: ['2'],
    owner: '0',
    car_features: ['1', '3'],
  };

  it('accepts a complete advert (plate in upper case)', () => {
    expect(postOlx.parse(valido).vehicle_tag).toBe('FDA1B23');
  });

  it('takes the CEP and the phone as typed, with punctuation: only the digits count', () => {
    const p = postOlx.parse({ ...valido, zipcode: '01310-100', phone: '(11) 98765-4321' });
    expect([p.zipcode, p.phone]).toEqual(['01310100', '11987654321']);
    const r = postOlx.safeParse({ ...valido, zipcode: '01310-10', phone: '(11) 9876-543' });
    expect(r.success ? '' : mensagensPorLinha(r.error)).toBe("'CEP' é obrigatório.\n'Telefone' é obrigatório.");
  });

  it('names every missing field, one per line, in the order of spec 3 §5', () => {
    const r = postOlx.safeParse({
      ...valido,
      subject: 'A',
      body: ' ',
      zipcode: '0131010',
      phone: '119876543',
      financial_status: '0',
      car_steering: '0',
      vehicle_brand: '',
      vehicle_model: '',
      vehicle_version: '',
      vehicle_tag: '',
    });
    expect(r.success ? '' : mensagensPorLinha(r.error)).toBe(
      [
        "'Título anúncio' é obrigatório.",
        "'Descrição anúncio' é obrigatório.",
        "'CEP' é obrigatório.",
        "'Telefone' é obrigatório.",
        "'Status financeiro' é obrigatório.",
        "'Direção' é obrigatório.",
        "'Marca' é obrigatório.",
        "'Modelo' é obrigatório.",
        "'Versão' é obrigatório.",
        "'Placa' é obrigatório.",
      ].join('\n'),
    );
  });

  it('refuses codes OLX does not have and unknown fields', () => {
    expect(postOlx.safeParse({ ...valido, fuel: '9' }).success).toBe(false);
    expect(postOlx.safeParse({ ...valido, usuario: 'x' }).success).toBe(false);
  });
});

describe('Mercado Livre post', () => {
  const valido = {
    ml_titulo_anuncio: 'FIAT ARGO',
    ml_descricao_anuncio: 'Carro revisado.',
    ml_attributes: { BRAND: '60249', COLOR: '52055' },
    ml_veiculo_post: { location: { address_line: 'Avenida Paulista', zip_code: '01310-100' } },
  };

  it('keeps the CEP digits', () => {
    expect(postMercadoLivre.parse(valido).ml_veiculo_post.location.zip_code).toBe('01310100');
  });

  it('address under 2 characters and CEP not 8 digits: "\'Endereço\' é obrigatório." and "\'CEP\' é obrigatório."', () => {
    const r = postMercadoLivre.safeParse({ ...valido, ml_veiculo_post: { location: { address_line: 'A', zip_code: '0131' } } });
    expect(r.success ? '' : mensagensPorLinha(r.error)).toBe("'Endereço' é obrigatório.\n'CEP' é obrigatório.");
  });

  it('required attributes left empty are named', () => {
    const obrigatorios = [
      { id: 'BRAND', name: 'Marca' },
      { id: 'TRIM', name: 'Versão' },
    ];
    expect(atributosFaltando(obrigatorios, { BRAND: '60249', TRIM: ' ' })).toEqual(["'Versão' é obrigatório."]);
  });
});
