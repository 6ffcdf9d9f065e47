/** Texts shown to users, exactly as the specification words them (pt-BR, with accents). */
export const MENSAGENS = {
  preenchimentoObrigatorio: 'Preenchimento obrigatório',
  emailInvalido: 'E-mail inválido',
  numeroInvalido: 'Número inválido',
  senhasNaoCoincidem: 'As senhas não coincidem',
  loginFalhou: 'E-mail e/ou senha inválidos.',
  loginBloqueado: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
  acessoNegado: 'Seu usuário não tem acesso autorizado na página solicitada!',
  naoAutenticado: 'Sessão expirada ou inexistente. Faça login novamente.',
  csrfInvalido: 'Requisição recusada: token de segurança ausente ou inválido. Recarregue a página.',
  naoEncontrado: 'Registro não encontrado.',
  rotaNaoEncontrada: 'Endereço não encontrado.',
  dadosInvalidos: 'Dados inválidos.',
  erroInterno: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
  corpoGrandeDemais: 'O conteúdo enviado é grande demais.',
  conflitoVersao: 'Estes dados foram alterados por outra pessoa. Recarregue a página para ver a versão atual.',
  telaEmConstrucao: 'Esta tela ainda não está disponível nesta versão do painel.',
} as const;
