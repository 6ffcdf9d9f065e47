import type { FastifyInstance, FastifyReply } from 'fastify';
import { codigoCatalogo, MARCAS_CATALOGO, type TipoVeiculoCatalogo } from './catalogo-veiculos.ts';
import { PUBLICO } from './comum.ts';
import { bearerValido } from './oauth.ts';

/**
 * What the REST portals' sandboxes (iCarros, Mobiauto, Na Pista) share: the shared vehicle names under one channel's
 * codes and spelling, the options list, and the in-memory adverts with their hidden test listing.
 */
export type ItemCodificado = { id: number; nome: string };
export type ModeloCodificado = ItemCodificado & { marcaId: number; anos: number[]; versoes: ItemCodificado[] };
export type MarcaCodificada = ItemCodificado & { tipo: TipoVeiculoCatalogo; modelos: ModeloCodificado[] };

/**
 * The shared makes / models / versions with codes from `base` (makes), `base * 10` (models) and `base * 100`
 * (versions), spelled by `grafia` (Na Pista writes names in upper case, iCarros "GM - Chevrolet").
 */
export function catalogoComCodigos(base: number, grafia: (nome: string) => string = (n) => n): MarcaCodificada[] {
  let m = 0;
  let v = 0;
  return MARCAS_CATALOGO.map((marca, i) => {
    const id = codigoCatalogo(base, i);
    return {
      id,
      nome: grafia(marca.nome),
      tipo: marca.tipo,
      modelos: marca.modelos.map((modelo) => ({
        id: codigoCatalogo(base * 10, m++),
        nome: grafia(modelo.nome),
        marcaId: id,
        anos: modelo.anos,
        versoes: modelo.versoes.map((nome) => ({ id: codigoCatalogo(base * 100, v++), nome: grafia(nome) })),
      })),
    };
  });
}

export const listaCodificada = (base: number, nomes: readonly string[]): ItemCodificado[] =>
  nomes.map((nome, i) => ({ id: codigoCatalogo(base, i), nome }));

export const todosModelos = (marcas: MarcaCodificada[]) => marcas.flatMap((m) => m.modelos);
export const todasVersoes = (marcas: MarcaCodificada[]) => todosModelos(marcas).flatMap((m) => m.versoes);

/** Options (opcionais) as these portals name them: most of the demo's, some spelled differently, one portal-only. */
export const OPCIONAIS_PORTAIS = [
  'Air bag',
  'Alarme',
  'Ar condicionado',
  'Bancos de couro',
  'Câmera de ré',
  'Central multimídia',
  'Direção hidráulica',
  'Freios ABS',
  'Rodas de liga leve',
  'Sensor de estacionamento',
  'Teto solar',
  'Travas elétricas',
  'Vidros elétricos',
] as const;

/** The adverts one sandbox received (kept per process), listed for tests at `GET …/_anuncios` (hidden, public). */
export function vitrine<T extends { id: number }>(app: FastifyInstance) {
  const anuncios = new Map<number, T>();
  let proximo = 70000 + Math.floor(Math.random() * 1000) * 10;
  app.get('/_anuncios', PUBLICO, async () => ({ anuncios: [...anuncios.values()] }));
  return { anuncios, novoId: () => ++proximo };
}

const NOMES_STATUS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};
/** Spring Boot's error body, as iCarros and Mobiauto answer. */
export const erroSpring = (reply: FastifyReply, status: number, message: string, campos?: { field: string; message: string }[]) =>
  reply.code(status).send({
    timestamp: new Date().toISOString(),
    status,
    error: NOMES_STATUS[status] ?? 'Error',
    message,
    ...(campos ? { errors: campos } : {}),
  });

/** A coded item as the Spring portals list it (`{ id, name }`). */
export const nomeId = (i: ItemCodificado) => ({ id: i.id, name: i.nome });

/** The Keycloak portals' API (iCarros, Mobiauto): only a token of the realm passes, else Spring's 401. */
export function exigirTokenKeycloak(api: FastifyInstance, realm: string) {
  api.addHook('onRequest', async (req, reply) => {
    if (!bearerValido(req.headers.authorization, `kc-${realm}`)) return erroSpring(reply, 401, 'Token inválido ou expirado');
  });
}
