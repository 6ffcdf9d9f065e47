/**
 * Webmotors' return codes (CodigoRetorno, spec 3 §8.3) in Portuguese. Only the meanings are specified; the wording is
 * ours. For "a named field must be filled" (43|7…43|22, 43|30, 43|70…43|101) the spec does not say which code is
 * which field: we follow the order the spec lists the fields, which matches the one a third-party client observed
 * (43|15 Marca, 43|16 Modelo, 43|17 Versão); codes past the list's end read "um campo obrigatório".
 */
export const MANUAL_WEBMOTORS = 'https://integracao.webmotors.com.br/manualintegracao/';

const CAMPOS_OBRIGATORIOS = [
  'o preço',
  'o ano do modelo',
  'o ano de fabricação',
  'o câmbio',
  'a cor',
  'o número de portas',
  'a placa',
  'a quilometragem',
  'a marca',
  'o modelo',
  'a versão',
  'o combustível',
  'o tipo de motor',
  'o tipo de partida',
  'os freios',
  'as cilindradas',
  'o número de marchas',
  'o tipo de refrigeração',
  'o tipo de alimentação',
];
const CODIGOS_CAMPO = [
  ...Array.from({ length: 16 }, (_, i) => 7 + i),
  30,
  ...Array.from({ length: 9 }, (_, i) => 70 + i),
  ...Array.from({ length: 7 }, (_, i) => 90 + i),
  99,
  100,
  101,
];
const camposObrigatorios = Object.fromEntries(
  CODIGOS_CAMPO.map((n, i) => [`43|${n}`, `Preencha ${CAMPOS_OBRIGATORIOS[i] ?? 'um campo obrigatório'} do anúncio.`]),
);

const varios = (codigos: number[], texto: string) => Object.fromEntries(codigos.map((n) => [`43|${n}`, texto]));
const faixa = (de: number, ate: number) => Array.from({ length: ate - de + 1 }, (_, i) => de + i);

export const CODIGOS_RETORNO: Readonly<Record<string, string>> = {
  '28|2': 'Preço de venda inválido.',
  '22|78': 'O preço real deve ser maior que o preço de venda.',
  '31': 'Hash de autenticação inválido.',
  '31|1': 'Há um campo não preenchido.',
  '32': 'Falha inesperada. Entre em contato com o suporte da Webmotors.',
  '43|1': 'Somente anúncios ativos podem ser desativados.',
  '43|2': 'Confirme a desativação: os dias do anúncio são descontados, sem reembolso.',
  '43|3': 'Anúncio desativado.',
  '43|4': 'Somente anúncios desativados podem ser reativados.',
  '43|5': 'Confirme a ativação do anúncio.',
  '43|6': 'Anúncio ativado.',
  ...camposObrigatorios,
  ...varios([23, 24, 59, 80], 'O anúncio não pode ser bloqueado ou desbloqueado.'),
  '43|25': 'Anunciante bloqueado.',
  ...varios([26, 81], 'Somente anúncios ativos, expirados ou desativados podem ser renovados.'),
  '43|27': 'Confirme o pagamento manual.',
  ...varios([28, 29], 'Parcela ou cobrança não encontrada.'),
  ...varios([31, 60], 'Somente anúncios aguardando pagamento podem ser pagos.'),
  '43|32': 'Os anúncios da modalidade se esgotaram.',
  '43|33': 'Os anúncios do pacote se esgotaram.',
  '43|34': 'Não há venda vigente para o pacote.',
  '43|35': 'Não é possível bloquear anúncios de clientes.',
  '43|36': 'O anúncio não pode ser alterado.',
  '43|37': 'Ano do modelo inválido.',
  '43|38': 'Seleção de opcionais inválida.',
  '43|39': 'O anúncio não pertence à revenda conectada.',
  '43|40': 'Anúncio inválido.',
  '43|41': 'Marca, modelo, versão e ano inconsistentes.',
  '43|42': 'Cor externa inválida para a versão.',
  '43|43': 'Lista de opcionais novos inválida.',
  '43|44': 'Combustível inválido.',
  '43|45': 'Câmbio inválido.',
  '43|62': 'Número de portas inválido.',
  '43|63': 'Cor inválida.',
  '43|64': 'Placa inválida.',
  '43|84': 'Placa inválida.',
  ...varios(faixa(46, 54), 'Os indicadores do anúncio devem ser S ou N.'),
  '43|55': 'O tipo de anúncio deve ser U (usado) ou N (novo).',
  '43|56': 'Modalidade inválida para a revenda ou para o tipo de anúncio.',
  '43|57': 'O tipo de anúncio não pode ser alterado.',
  '43|58': 'Informe o motivo da exclusão.',
  '43|61': 'A placa não pode ser exibida.',
  '43|65': 'Foi detectado código HTML no anúncio.',
  ...varios([66, 104], 'Preço fora do mercado: consulte as tabelas da Webmotors e da FIPE.'),
  '43|67': 'Preço de revenda inválido.',
  ...varios([68, 95], 'Quilometragem não permitida.'),
  '43|69': 'A foto não pertence ao anúncio.',
  '43|79': 'Número inválido.',
  '43|82': 'Somente o preço pode ser alterado.',
  '43|83': 'Há restrições de visualização.',
  ...varios([85, 112], 'Ano de fabricação inválido.'),
  '43|86': 'O anúncio foi pago?',
  '43|87': 'Aviso de oferta por texto.',
  '43|88': 'Não há celulares cadastrados.',
  '43|89': 'Não há saldo de SMS.',
  '43|97': 'As observações passam de 1500 caracteres.',
  '43|98': 'Não há anúncio nesta situação.',
  ...varios([102, 105], 'Preço acima do permitido em relação à tabela FIPE.'),
  '43|103': 'Confirme a desativação.',
  '43|106': 'Informe o código do anúncio.',
  '43|107': 'A quilometragem só pode ser aumentada.',
  '43|108': 'Pagamento somente para modalidades publicadas.',
  '43|109': 'O pagamento já foi realizado.',
  ...varios([110, 111], 'Selecione um CEP ou um do histórico.'),
  '53': 'Cor interna inválida.',
  '82': 'Números inválidos.',
  '500': 'Operação realizada com sucesso.',
};

/** "43|15,43|999" → the codes, trimmed, without empties. */
export const separarCodigos = (codigos: string) =>
  codigos
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/**
 * Spec 3 §8.3: each code translated, in single quotes, joined by commas; an unknown code reads as the code plus the
 * manual's address (the screen turns it into a link).
 */
export function traduzirCodigos(codigos: string): string {
  return separarCodigos(codigos)
    .map((c) => `'${CODIGOS_RETORNO[c] ?? `Código ${c}: consulte o manual da Webmotors em ${MANUAL_WEBMOTORS}`}'`)
    .join(', ');
}
